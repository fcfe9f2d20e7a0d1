import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../config/paths';
import { useEventContext } from '../stores/event-context-store';

/** The items only an event with a cashless wallet has. */
const WALLET_ITEMS: ReadonlySet<string> = new Set(['wallet', 'transactions']);

const ITEMS = [
  { key: 'tickets', to: paths.dashboardTickets, icon: 'M4 7h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4V7z' },
  {
    key: 'wallet',
    to: paths.dashboardWallet,
    icon: 'M3 7h15a3 3 0 0 1 3 3v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7zm0 0 12-3v3m1 7h2',
  },
  {
    key: 'transactions',
    to: paths.dashboardTransactions,
    icon: 'M7 4v16m0 0-3-3m3 3 3-3M17 20V4m0 0-3 3m3-3 3 3',
  },
  { key: 'info', to: paths.dashboardInfo, icon: 'M12 8h.01M11 12h1v5h1M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z' },
] as const;

/**
 * Event area menu of spec §2 (tickets, wallet, transactions, info) under the transparent
 * dashboard header. Shows the event the customer entered from the dashboard; the active
 * item carries aria-current="page" (NavLink). Scrolls sideways on narrow screens.
 */
export function EventMenu() {
  const { t } = useTranslation('eventMenu');
  const current = useEventContext((s) => s.current);
  const items = current?.walletEnabled === false ? ITEMS.filter((i) => !WALLET_ITEMS.has(i.key)) : ITEMS;
  return (
    <div
      className="-mt-16 bg-gradient-to-b from-slate-950 to-slate-800 pt-16 text-white"
      data-testid="event-menu"
    >
      <div className="mx-auto max-w-6xl px-4 pt-4">
        <Link
          to={paths.dashboardHome}
          className="inline-flex items-center gap-1 text-sm text-slate-300 hover:text-amber-400"
        >
          <span aria-hidden>←</span> {t('back')}
        </Link>
        {current ? (
          <p className="mt-1 truncate text-xl font-bold lg:text-2xl" data-testid="event-menu-name">
            <span className="sr-only">{t('current_event')}: </span>
            {current.name}
          </p>
        ) : (
          <p className="mt-1 text-slate-200" data-testid="event-menu-name">
            {t('no_event')}{' '}
            <Link to={paths.dashboardHome} className="font-semibold text-amber-400 underline">
              {t('choose_event')}
            </Link>
          </p>
        )}
        <nav aria-label={t('label')} className="mt-3">
          <ul className={`grid gap-1 lg:flex ${items.length === 4 ? 'grid-cols-4' : 'grid-cols-2'}`}>
            {items.map((item) => (
              <li key={item.key} className="min-w-0">
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `flex min-h-11 flex-col items-center justify-center gap-1 rounded-t-xl px-1 py-2 text-center text-xs font-semibold sm:text-sm lg:flex-row lg:gap-2 lg:px-4 transition focus-visible:outline-2 focus-visible:outline-amber-400 ${
                      isActive ? 'bg-slate-50 text-slate-900' : 'text-slate-100 hover:bg-white/10'
                    }`
                  }
                >
                  <svg
                    width="18"
                    height="18"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden
                  >
                    <path d={item.icon} />
                  </svg>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
