import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import { formatEur } from '@bilheteira/shared/money';
import { normalizeLocale } from '@bilheteira/shared/locales';
import { paths } from '../../app/nav';
import { useShell } from '../../app/shell-context';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { apiFormError } from '../../lib/forms';
import { HTML_LANG } from '../../lib/locale';
import { useLiveDashboard, type DashboardSnapshot, type LiveState } from './dashboard-api';
import { CheckinsSection, SalesSection } from './dashboard-charts';
import { CapacitySection, GatesSection, TypesSection, WalletSection } from './dashboard-tables';

/** The live dashboard of one event: key figures, entries and sales charts with their tables, updated in place. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const { current } = useShell();
  const eventId = Number(useParams().eventId) || 0;
  const organizerId = current?.organizer_id ?? 0;
  const dashboard = useLiveDashboard(organizerId, eventId);
  if (!current || !roleHas(current.role, 'events.view')) return <Navigate to="/" replace />;
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) return <FormError message={apiFormError(t, dashboard.error)} />;
  const d = dashboard.data;
  const lang = HTML_LANG[normalizeLocale(i18n.language)];
  return (
    <div className="max-w-6xl">
      <Link to={paths.event(organizerId, eventId)} className="text-sm font-semibold text-amber-800 underline">
        {t('back_to_event')}
      </Link>
      <PageHeader title={d.event.name} subtitle={t('title')} />
      <LiveStatus live={dashboard.live} snapshot={d} lang={lang} />
      <Dashboard d={d} lang={lang} />
    </div>
  );
}

function LiveStatus({
  live,
  snapshot,
  lang,
}: {
  live: LiveState;
  snapshot: DashboardSnapshot;
  lang: string;
}) {
  const { t } = useTranslation('dashboard');
  const time = new Intl.DateTimeFormat(lang, {
    timeStyle: 'medium',
    timeZone: snapshot.event.timezone,
  }).format(new Date(snapshot.generated_at));
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
      <span className="inline-flex items-center gap-2 font-semibold" data-testid="dashboard-live">
        <span
          aria-hidden="true"
          className={`inline-block size-2.5 rounded-full ${live === 'live' ? 'bg-green-700' : live === 'connecting' ? 'bg-amber-500' : 'bg-slate-500'}`}
        />
        {live === 'live' ? t('live') : live === 'connecting' ? t('connecting') : t('offline')}
      </span>
      <p role="status" aria-live="polite" data-testid="dashboard-updated">
        {t('updated_at', { time })}
      </p>
    </div>
  );
}

function Dashboard({ d, lang }: { d: DashboardSnapshot; lang: string }) {
  const { t } = useTranslation('dashboard');
  const n = (v: number) => new Intl.NumberFormat(lang).format(v);
  const pct = (part: number, whole: number) =>
    whole > 0
      ? new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(part / whole)
      : '–';
  const w = d.wallet;
  return (
    <div className="flex flex-col gap-8">
      <ul
        aria-label={t('cards_label')}
        className="grid grid-cols-1 gap-3 min-[26rem]:grid-cols-2 lg:grid-cols-3"
      >
        <Card label={t('sold')} value={n(d.tickets.sold)} testId="card-sold">
          {t('sold_of', { total: n(d.tickets.quantity), percent: pct(d.tickets.sold, d.tickets.quantity) })}
          {d.tickets.reserved > 0 && (
            <>
              <br />
              {t('reserved', { count: d.tickets.reserved })}
            </>
          )}
        </Card>
        {d.tickets.revenue_cents !== null && (
          <Card label={t('revenue')} value={formatEur(d.tickets.revenue_cents)} testId="card-revenue">
            {t('revenue_note')}
          </Card>
        )}
        <Card label={t('inside_now')} value={n(d.checkins.inside_now)} testId="card-inside">
          {t('inside_note', { total: n(d.checkins.total) })}
        </Card>
        {w && (
          <>
            <Card label={t('float')} value={formatEur(w.float_cents)} testId="card-float">
              {t('float_note', { online: formatEur(w.online_cents) })}
            </Card>
            <Card
              label={t('topups')}
              value={formatEur(w.topup_online_cents + w.topup_onsite_cents)}
              testId="card-topups"
            >
              {t('topups_value', {
                online: formatEur(w.topup_online_cents),
                onsite: formatEur(w.topup_onsite_cents),
              })}
            </Card>
            <Card label={t('bar_revenue')} value={formatEur(w.spend_cents)} testId="card-bar">
              {t('wallets_count', { count: w.wallets })}
            </Card>
          </>
        )}
      </ul>
      {!d.money && <p className="text-sm text-slate-700">{t('no_money')}</p>}

      <CheckinsSection d={d} lang={lang} />
      <SalesSection d={d} lang={lang} />
      <TypesSection d={d} n={n} pct={pct} />
      {d.capacity.length > 0 && <CapacitySection d={d} lang={lang} n={n} pct={pct} />}
      <GatesSection d={d} n={n} />
      {w && <WalletSection wallet={w} n={n} />}
    </div>
  );
}

function Card({
  label,
  value,
  testId,
  children,
}: {
  label: string;
  value: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <li className="card" data-testid={testId}>
      <p className="text-sm font-semibold text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-950 tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      {children && <p className="mt-1 text-sm text-slate-700">{children}</p>}
    </li>
  );
}
