import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AlertModal } from '../components/alert-modal';
import { paths } from '../config/paths';
import { useLogout, DashboardHeader } from './layouts/dashboard-header';
import { EventHeader } from './layouts/event-header';
import { MobileSidebar } from './layouts/mobile-sidebar';
import { SiteFooter } from './layouts/site-footer';
import { SiteHeader } from './layouts/site-header';
import { GlobalModals } from './global-modals';
import type { Layout } from './route-table';

/** Every route change scrolls smoothly to the top (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}

function DashboardMenuExtra() {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  return (
    <>
      <Link to={paths.dashboardHome} className="py-2">
        {t('your_events')}
      </Link>
      <Link to={paths.dashboardOrders} className="py-2">
        {t('your_orders')}
      </Link>
      <Link to={paths.dashboardAccount} className="py-2">
        {t('your_account')}
      </Link>
      <button type="button" className="py-2 text-left" onClick={logout}>
        {t('logout')}
      </button>
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
      {layout === 'dashboard' && <DashboardHeader style={headerStyle ?? 'solid'} />}
      {layout !== 'none' && (
        <MobileSidebar extra={layout === 'dashboard' ? <DashboardMenuExtra /> : undefined} />
      )}
      <div className="flex-1">{children}</div>
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
