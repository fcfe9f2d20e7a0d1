import { useEffect, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { AlertModal } from '../components/alert-modal';
import { preloadable } from '../lib/preloadable';
import { paths } from '../config/paths';
import type { DashboardHeader as DashboardHeaderComponent } from './layouts/dashboard-header';
import { useUi } from '../stores/ui-store';
import { EventHeader } from './layouts/event-header';
import { MobileSidebar } from './layouts/mobile-sidebar';
import { SiteFooter } from './layouts/site-footer';
import { SiteHeader } from './layouts/site-header';
import { GlobalModals } from './global-modals';
import type { Layout } from './route-table';

/**
 * The signed-in area's header: public pages never show it, so it loads with a dashboard
 * page (router.tsx preloads it beside the page's chunk) instead of in every first load.
 */
export const DashboardHeader = preloadable<ComponentProps<typeof DashboardHeaderComponent>>(
  () => import('./layouts/dashboard-header').then((m) => ({ default: m.DashboardHeader })),
  [],
);

/** Where each history entry of this tab was scrolled to (by location key), for back/forward. */
const scrollPositions = new Map<string, number>();

/**
 * Every route change scrolls smoothly to the top (spec §2), except back and forward: they
 * return to where that page was left (from an event back to the list, at the same card).
 */
function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(key);
  useEffect(() => {
    // the browser's own restoration runs before the page is rendered: it would land short
    window.history.scrollRestoration = 'manual';
    const save = () => scrollPositions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);
  // before paint, and before the new page's scroll events are counted as the old page's
  useLayoutEffect(() => {
    currentKey.current = key;
    const saved = scrollPositions.get(key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
  }, [key, navigationType]);
  useEffect(() => {
    const restored = navigationType === 'POP' && scrollPositions.has(currentKey.current);
    if (!restored) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- a new path, not a new navigation type
  return null;
}

/** The signed-in area's links in the mobile menu (logout is the menu's own, at its end). */
function DashboardMenuExtra() {
  const { t } = useTranslation('layout');
  const close = () => useUi.getState().setMobileMenu(false);
  return (
    <>
      <Link to={paths.dashboardHome} className="py-2" onClick={close}>
        {t('your_events')}
      </Link>
      <Link to={paths.dashboardOrders} className="py-2" onClick={close}>
        {t('your_orders')}
      </Link>
      <Link to={paths.dashboardAccount} className="py-2" onClick={close}>
        {t('your_account')}
      </Link>
    </>
  );
}

/** Wraps a page in the header and footer its route calls for (spec §2 layout rules). */
export function LayoutFrame({
  layout,
  headerStyle,
  children,
}: {
  layout: Layout;
  headerStyle?: 'solid' | 'transparent';
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col" data-layout={layout}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        {t('skip_to_content')}
      </a>
      {layout === 'site' && <SiteHeader />}
      {layout === 'event' && <EventHeader />}
      {layout === 'dashboard' && <DashboardHeader.Component style={headerStyle ?? 'solid'} />}
      {layout !== 'none' && (
        <MobileSidebar extra={layout === 'dashboard' ? <DashboardMenuExtra /> : undefined} />
      )}
      {/* at least a screen tall: the footer starts below the fold and stays there while a page
          and its data load, instead of showing under a short placeholder and then jumping (CLS) */}
      <div className="min-h-screen flex-1">{children}</div>
      {layout !== 'none' && <SiteFooter />}
    </div>
  );
}

export function AppShell() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <AlertModal />
      <GlobalModals />
    </>
  );
}
