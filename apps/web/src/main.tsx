import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { currentLocale, initI18n } from './i18n/i18n';
import { queryClient } from './lib/query-client';
import { router } from './app/router';
import { initErrorReporting } from './lib/error-reporting';
import './styles.css';

async function start() {
  initErrorReporting();
  // the shell's texts now; each page's own namespace loads with the page
  await initI18n(currentLocale(), ['common', 'layout']);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
