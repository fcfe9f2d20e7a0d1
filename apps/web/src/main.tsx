import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { currentLocale, initI18n } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
import { initErrorReporting } from './lib/error-reporting';
import './styles.css';

/**
 * The server puts the page's first API answer in index.html (seo.preload.ts) as inert
 * JSON; seeding the query cache with it lets the page render without waiting for a
 * request. The element is removed so a later navigation cannot reuse stale data from it.
 */
function seedInitialData() {
  const el = document.getElementById('initial-data');
  if (!el) return;
  el.remove();
  try {
    const entries = JSON.parse(el.textContent ?? '[]') as { key: unknown[]; data: unknown }[];
    for (const { key, data } of entries) {
      if (Array.isArray(key) && data !== undefined) queryClient.setQueryData(key, data);
    }
  } catch {
    // malformed or missing: the page asks the API as usual
  }
}

async function start() {
  initErrorReporting();
  seedInitialData();
  // the shell's texts now; each page's own namespace loads with the page
  await initI18n(currentLocale(), ['common', 'layout']);
  // created once the texts are set up: the first route's lazy() loads the page's own
  // namespaces beside its chunk (i18next ignores loadNamespaces before init)
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
