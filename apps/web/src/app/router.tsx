import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { i18next } from '../i18n/i18n';
import { loadWithTimeout } from '../lib/chunk-load';
import { yieldToMain } from '../lib/yield-to-main';
import { AppShell, DashboardHeader, LayoutFrame } from './app-shell';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';
import { layoutFor, ROUTES } from './route-table';

/** Builds React Router routes from the one route table (layout + guard + lazy chunk). */
function toRouteObject(def: (typeof ROUTES)[number]): RouteObject {
  return {
    path: def.path,
    errorElement: <RouteError />,
    lazy: async () => {
      // the page's texts load with its chunk, so it renders once, in the router's transition
      // (a namespace arriving later re-renders the page synchronously: one long task); the
      // dashboard header speaks the 'auth' namespace outside the page's Suspense
      const dashboard = layoutFor(def) === 'dashboard';
      const namespaces = [...(def.namespaces ?? []), ...(dashboard ? ['auth'] : [])];
      // at start-up the chunk and texts are already preloaded, so the router's set-up, their
      // evaluation and the router's handling of the result would run as one long task: the
      // yields make them three
      await yieldToMain();
      const [Component] = await Promise.all([
        loadWithTimeout(def.load),
        namespaces.length ? i18next.loadNamespaces(namespaces) : undefined,
        dashboard ? DashboardHeader.preload() : undefined,
      ]);
      await yieldToMain();
      return {
        Component: () => (
          <LayoutFrame layout={layoutFor(def)} headerStyle={def.headerStyle}>
            {/* a page's i18n namespace loads on demand (useTranslation suspends meanwhile);
                the placeholder keeps the footer below the fold so nothing shifts (CLS) */}
            <Suspense fallback={<div className="min-h-screen" />}>
              <RouteGuard guard={def.guard}>
                <Component />
              </RouteGuard>
            </Suspense>
          </LayoutFrame>
        ),
      };
    },
  };
}

const notFound = ROUTES.find((r) => r.name === '404')!;

/** The app's router; create it after initI18n (its first lazy() loads namespaces). */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppShell />,
      errorElement: <RouteError />,
      children: [...ROUTES.map(toRouteObject), { ...toRouteObject(notFound), path: '*' }],
    },
  ]);
}
