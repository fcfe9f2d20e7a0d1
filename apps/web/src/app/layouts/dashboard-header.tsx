import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { showAlert } from '../../stores/alert-store';
import { useSession } from '../../stores/session-store';
import { useUi } from '../../stores/ui-store';
import { writeStorage, STORAGE_KEYS } from '../../lib/storage';
import { LanguageSelect } from './language-select';
import { useScrolled } from './use-scrolled';
import { queryClient } from '../../lib/query-client';

/** Logout (spec §2, §4): confirm, revoke server-side, clear customer, token and stored login. */
export function useLogout() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return async () => {
    useUi.getState().setMobileMenu(false);
    const sure = await showAlert({
      type: 'warning',
      title: t('logout'),
      text: t('logout_question'),
      confirmText: t('yes'),
      cancelText: t('no'),
    });
    if (!sure) return;
    await api('/customers/logout', { method: 'POST', skipErrorHandler: true }).catch(() => undefined);
    useSession.getState().clear();
    writeStorage(STORAGE_KEYS.rememberedLogin, null);
    queryClient.clear();
    await showAlert({ type: 'success', title: t('logged_out'), text: t('logged_out_text'), timerMs: 2500 });
    navigate(paths.home);
  };
}

/** Shown above the header while support staff use an impersonated session (issue 4 item 8). */
function ImpersonationBanner({ name }: { name: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const end = async () => {
    await api('/customers/logout', { method: 'POST', skipErrorHandler: true }).catch(() => undefined);
    useSession.getState().clear();
    queryClient.clear();
    navigate(paths.home);
  };
  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex flex-wrap items-center justify-center gap-3 bg-red-700 px-4 py-2 text-center text-sm font-medium text-white"
    >
      <span>{t('impersonate.banner', { name })}</span>
      <button
        type="button"
        onClick={end}
        className="rounded-full border border-white px-3 py-0.5 hover:bg-white/15"
      >
        {t('impersonate.end')}
      </button>
    </div>
  );
}

/** Signed-in header (spec §2): solid or transparent by route, scrolled style after 50 px. */
export function DashboardHeader({ style }: { style: 'solid' | 'transparent' }) {
  const { t } = useTranslation('layout');
  const scrolled = useScrolled();
  const customer = useSession((s) => s.customer);
  const signedIn = useSession((s) => !!s.token);
  const logout = useLogout();
  const openLogin = useUi((s) => s.openLogin);
  const setMobileMenu = useUi((s) => s.setMobileMenu);
  const solid = style === 'solid' || scrolled;
  const fullName = customer ? `${customer.first_name} ${customer.last_name}`.trim() : '';
  return (
    <>
      {customer?.impersonated && <ImpersonationBanner name={fullName} />}
      <header
        data-testid="dashboard-header"
        data-style={style}
        data-scrolled={scrolled}
        className={`sticky top-0 z-40 text-white transition-colors ${solid ? 'bg-slate-950 shadow-lg' : 'bg-slate-950/70 backdrop-blur'}`}
      >
        {/* the welcome takes what the links leave and truncates: at 992 px the header still
            fits on one line */}
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
          <Link
            to={signedIn ? paths.dashboardHome : paths.home}
            className="flex shrink-0 items-center gap-2 font-bold"
            aria-label={signedIn ? t('your_events') : t('home_link')}
          >
            <img src="/logo.svg" alt="" width="32" height="32" />
            <span className="hidden sm:inline">Bilheteira</span>
          </Link>
          {/* Public /dashboard pages (register, reset password) are seen signed out too. */}
          {!signedIn && (
            <nav className="ml-auto flex items-center gap-3" aria-label={t('main_nav')}>
              <LanguageSelect className="hidden sm:inline-flex" />
              <button
                type="button"
                onClick={() => openLogin()}
                className="rounded-full border border-white/40 px-3 py-1 text-sm hover:bg-white/10"
              >
                {t('my_account')}
              </button>
            </nav>
          )}
          {signedIn && (
            <span className="min-w-0 flex-1 truncate text-sm" data-testid="welcome">
              {customer ? t('welcome', { name: fullName }) : ''}
            </span>
          )}
          {signedIn && (
            <nav
              className="hidden shrink-0 items-center gap-4 whitespace-nowrap lg:flex xl:gap-5"
              aria-label={t('main_nav')}
            >
              <Link to={paths.dashboardHome} className="hover:text-amber-400">
                {t('your_events')}
              </Link>
              <Link to={paths.dashboardOrders} className="hover:text-amber-400">
                {t('your_orders')}
              </Link>
              <Link to={paths.dashboardAccount} className="hover:text-amber-400">
                {t('your_account')}
              </Link>
              <LanguageSelect />
              <button
                type="button"
                onClick={logout}
                className="rounded-full border border-white/40 px-3 py-1 text-sm hover:bg-white/10"
              >
                {t('logout')}
              </button>
            </nav>
          )}
          {signedIn && (
            <button
              type="button"
              className="shrink-0 p-2 lg:hidden"
              aria-label={t('open_menu')}
              onClick={() => setMobileMenu(true)}
            >
              <svg
                width="24"
                height="24"
                viewBox="0 0 24 24"
                aria-hidden
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
          )}
        </div>
      </header>
    </>
  );
}
