import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { currentLocale, initI18n } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
import { initErrorReporting } from './lib/error-reporting';
import { yieldToMain } from './lib/yield-to-main';
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

/**
 * Resolves once the router has the first route's chunk and texts. Until then it would render
 * nothing, and React's first commit would wipe the page the server painted in #root
 * (api/src/modules/seo/seo.prerender.ts) before the real page replaces it: a blank flash.
 */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function start() {
  initErrorReporting();
  seedInitialData();
  await yieldToMain();
  // the shell's texts now; each page's own namespace loads with the page
  await initI18n(currentLocale(), ['common', 'layout']);
  await yieldToMain();
  // created once the texts are set up: the first route's lazy() loads the page's own
  // namespaces beside its chunk (i18next ignores loadNamespaces before init)
  const router = createAppRouter();
  await routerReady(router);
  await yieldToMain();
  const root = createRoot(document.getElementById('root')!);
  // a transition renders in 5 ms slices that yield to the browser, where a plain render is one
  // long task; the server's copy stays in #root until the commit, so nothing flashes blank
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

void start();
