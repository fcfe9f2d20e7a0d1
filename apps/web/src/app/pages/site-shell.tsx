import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { paths } from '../../config/paths';
import { customerQueryOptions } from '../../features/auth/api/customer';
import { eventQuery } from '../../features/catalog/api/event';
import { NotFound } from '../../components/not-found';
import { EventPageSkeleton } from '../../features/catalog/components/event-page-skeleton';
import { ApiError, api } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { queryClient } from '../../lib/query-client';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { showAlert } from '../../stores/alert-store';
import { useEventContext } from '../../stores/event-context-store';
import { useSession } from '../../stores/session-store';
import { LanguageSelect } from '../layouts/language-select';

/**
 * Mini-sites (/site/:slug…, /sitemail/:slug): an event's own pages for organisers to link
 * or embed, without the site header and footer. Every page loads the event, makes it the
 * current event (Event-Id header) and keeps the visitor inside /site/:slug.
 */
export function useMiniSiteEvent() {
  const { slug = '' } = useParams();
  const query = useQuery({ ...eventQuery(slug), enabled: !!slug });
  const event = query.data;
  useEffect(() => {
    if (!event) return;
    const current = useEventContext.getState().current;
    if (
      current?.id !== event.id ||
      current.slug !== event.slug ||
      current.name !== event.name ||
      current.walletEnabled !== event.wallet_enabled
    ) {
      useEventContext
        .getState()
        .enter({ id: event.id, slug: event.slug, name: event.name, walletEnabled: event.wallet_enabled });
    }
  }, [event]);
  return { slug, event, query };
}

/** The signed-in customer (mini-site routes are public, so they load it themselves). */
export function useMiniSiteCustomer(): {
  token: string | null;
  customer: CustomerView | undefined;
  loading: boolean;
} {
  const token = useSession((s) => s.token);
  const q = useQuery(customerQueryOptions(token));
  return { token, customer: q.data, loading: !!token && q.isPending };
}

/**
 * A return path is honoured only inside the same mini-site, so a crafted link cannot send
 * the visitor elsewhere after logging in.
 */
export function safeReturnTo(raw: string | null, slug: string): string | null {
  if (!raw) return null;
  const prefix = `${paths.site(slug)}`;
  if (raw !== prefix && !raw.startsWith(`${prefix}/`) && !raw.startsWith(`${prefix}?`)) return null;
  if (raw.includes('//') || raw.includes('\\')) return null;
  return raw;
}

/** Sends visitors without a session to the mini-site login, coming back here afterwards. */
export function RequireMiniSiteCustomer({ slug, children }: { slug: string; children: ReactNode }) {
  const { token, customer, loading } = useMiniSiteCustomer();
  const location = useLocation();
  if (!token) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.siteAccount(slug)}?returnTo=${back}`} replace />;
  }
  if (loading || !customer) return <div className="min-h-[50vh]" aria-busy="true" />;
  return <>{children}</>;
}

export function useMiniSiteLogout(slug: string) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  return async () => {
    const sure = await showAlert({
      type: 'warning',
      title: t('account.logout'),
      text: t('account.logout_question'),
      confirmText: t('common:yes'),
      cancelText: t('common:no'),
    });
    if (!sure) return;
    await api('/customers/logout', { method: 'POST', skipErrorHandler: true }).catch(() => undefined);
    useSession.getState().clear();
    writeStorage(STORAGE_KEYS.rememberedLogin, null);
    queryClient.removeQueries({ queryKey: ['customer'] });
    await showAlert({
      type: 'success',
      title: t('account.logged_out'),
      text: t('account.logged_out_text'),
      timerMs: 2500,
    });
    navigate(paths.site(slug));
  };
}

function MiniSiteBar({ event }: { event: EventDetail }) {
  const { t } = useTranslation('site');
  const { customer } = useMiniSiteCustomer();
  const { pathname } = useLocation();
  const accountHref = customer ? paths.siteYourAccount(event.slug) : paths.siteAccount(event.slug);
  const link = (to: string, label: string, active: boolean) => (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold hover:bg-white/10 ${active ? 'bg-white/15' : ''}`}
    >
      {label}
    </Link>
  );
  const inAccount = pathname.startsWith(paths.siteAccount(event.slug));
  return (
    <div data-testid="minisite-bar" className="bg-slate-950 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
        <Link
          to={paths.site(event.slug)}
          className="order-1 min-w-0 flex-1 truncate py-2 text-base font-bold"
        >
          {event.name}
        </Link>
        <LanguageSelect className="order-2 lg:order-3" />
        <nav
          aria-label={t('nav_label')}
          className="order-3 -mx-3 flex w-full flex-wrap items-center gap-1 lg:order-2 lg:mx-0 lg:w-auto"
        >
          {link(paths.site(event.slug), t('tickets'), pathname === paths.site(event.slug))}
          {event.wallet_enabled &&
            customer &&
            link(
              paths.siteAccountWallet(event.slug),
              t('wallet'),
              pathname === paths.siteAccountWallet(event.slug),
            )}
          {/* quick charge: top up a bracelet by its code, no account needed (spec §2) */}
          {event.wallet_enabled &&
            event.online_topup_enabled &&
            link(paths.siteWallet(event.slug), t('quick_charge'), pathname === paths.siteWallet(event.slug))}
          {link(
            accountHref,
            customer ? customer.first_name || t('my_account') : t('my_account'),
            inAccount && pathname !== paths.siteAccountWallet(event.slug),
          )}
        </nav>
      </div>
    </div>
  );
}

function MiniSiteFooter({ event }: { event: EventDetail }) {
  const { t } = useTranslation('site');
  return (
    <div data-testid="minisite-footer" className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-slate-700">
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={paths.siteTerms(event.slug)} className="underline">
            {t('terms')}
          </Link>
          {/* consumer law and the European Accessibility Act: on every page, mini-sites too */}
          <a
            href="https://www.livroreclamacoes.pt"
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            {t('layout:footer.complaints_book')}
            <span className="sr-only"> {t('layout:new_window')}</span>
          </a>
          <Link to={paths.accessibility} className="underline">
            {t('layout:footer.accessibility')}
          </Link>
        </p>
        <span>{t('powered_by')}</span>
      </div>
    </div>
  );
}

/**
 * Loads the mini-site's event and frames the page: small event bar (tickets, account,
 * language) and event-terms footer. Unknown or unpublished slugs get the 404 page.
 */
export function MiniSite({
  title,
  children,
  bare = false,
}: {
  /** page title (the event name is added) */
  title?: string;
  children: (event: EventDetail) => ReactNode;
  /** no event bar (the e-mail campaign page has its own hero) */
  bare?: boolean;
}) {
  const { t } = useTranslation('site');
  const { slug, event, query } = useMiniSiteEvent();
  usePageMeta(
    event ? (title ? `${title} · ${event.name}` : event.name) : null,
    event?.information.slice(0, 160),
  );
  if (!slug || (query.error instanceof ApiError && query.error.status === 404)) return <NotFound />;
  if (query.isError) {
    return (
      <main id="main" className="page text-center">
        <h1 className="text-2xl font-bold">{t('load_error')}</h1>
        <button type="button" className="btn-primary mt-4" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </main>
    );
  }
  if (!event) return <EventPageSkeleton />;
  return (
    <div className="flex min-h-screen flex-col" data-minisite={event.slug}>
      {!bare && <MiniSiteBar event={event} />}
      <div className="flex-1">{children(event)}</div>
      <MiniSiteFooter event={event} />
    </div>
  );
}
