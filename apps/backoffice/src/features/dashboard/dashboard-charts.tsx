import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { DASHBOARD_BUCKET_MINUTES } from '@bilheteira/shared/schemas/backoffice-dashboard';
import type { DashboardSnapshot } from './dashboard-api';
import { Table } from './dashboard-tables';

/** uPlot and its chart come with the first chart drawn, not with the page. */
const Chart = lazy(() => import('./charts').then((m) => ({ default: m.Chart })));

/** A 15-minute axis is filled with zeros between the first and last entry up to this span. */
const MAX_FILLED_BUCKETS = 7 * 24 * (60 / DASHBOARD_BUCKET_MINUTES);

/** A section with a chart and the same numbers as a table, one or the other shown ("Ver tabela"). */
function ChartSection({
  title,
  description,
  empty,
  chart,
  table,
  testId,
}: {
  title: string;
  description: string;
  /** shown instead of both when there is nothing to draw */
  empty: string | null;
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const [asTable, setAsTable] = useState(false);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="card" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {!empty && (
          <button
            type="button"
            className="btn-small"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            data-testid={`${testId}-toggle`}
          >
            {asTable ? t('show_chart') : t('show_table')}
          </button>
        )}
      </div>
      {empty ? (
        <p className="text-slate-700">{empty}</p>
      ) : asTable ? (
        table
      ) : (
        <figure>
          <Suspense fallback={<div style={{ height: 220 }} />}>{chart}</Suspense>
          <figcaption className="mt-2 text-sm text-slate-700">{description}</figcaption>
        </figure>
      )}
    </section>
  );
}

export function CheckinsSection({ d, lang }: { d: DashboardSnapshot; lang: string }) {
  const { t } = useTranslation('dashboard');
  const gateName = (id: number | null) =>
    (id === null ? null : d.checkins.gates.find((g) => g.id === id)?.name) ?? t('gate_none');
  const { x, series } = useMemo(() => {
    const step = DASHBOARD_BUCKET_MINUTES * 60;
    const seconds = [...new Set(d.checkins.buckets.map((b) => Date.parse(b.at) / 1000))].sort(
      (a, b) => a - b,
    );
    let xs = seconds;
    if (seconds.length > 1 && (seconds.at(-1)! - seconds[0]!) / step <= MAX_FILLED_BUCKETS) {
      xs = [];
      for (let s = seconds[0]!; s <= seconds.at(-1)!; s += step) xs.push(s);
    }
    const gates = [...new Set(d.checkins.buckets.map((b) => b.gate_id))];
    return {
      x: xs,
      series: gates.map((gate) => {
        const counts = new Map(
          d.checkins.buckets
            .filter((b) => b.gate_id === gate)
            .map((b) => [Date.parse(b.at) / 1000, b.checkins]),
        );
        return { label: gateName(gate), values: xs.map((s) => counts.get(s) ?? 0) };
      }),
    };
    // gate names come with the same snapshot
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d.checkins]);
  const tick = new Intl.DateTimeFormat(lang, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: d.event.timezone,
  });
  const time = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: d.event.timezone,
  });
  return (
    <ChartSection
      title={t('checkins_title')}
      description={t('checkins_chart')}
      empty={d.checkins.buckets.length ? null : t('checkins_none')}
      testId="checkins"
      chart={
        <Chart
          x={x}
          series={series}
          timeZone={d.event.timezone}
          xLabel={t('col_time')}
          formatTick={(date) => tick.format(date)}
          formatInstant={(date) => time.format(date)}
          testId="checkins-chart"
        />
      }
      table={
        <Table
          caption={t('checkins_title')}
          head={[t('col_time'), t('col_gate'), t('col_checkins')]}
          rows={d.checkins.buckets.map((b) => [
            time.format(new Date(b.at)),
            gateName(b.gate_id),
            String(b.checkins),
          ])}
          numeric={[2]}
          testId="checkins-table"
        />
      }
    />
  );
}

export function SalesSection({ d, lang }: { d: DashboardSnapshot; lang: string }) {
  const { t } = useTranslation('dashboard');
  const dayLabel = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (day: string) => dayLabel.format(new Date(`${day}T12:00:00Z`));
  const { x, series, categories } = useMemo(
    () => ({
      x: d.sales_by_day.map((_, i) => i),
      categories: d.sales_by_day.map((s) => label(s.day)),
      series: [{ label: t('col_tickets'), values: d.sales_by_day.map((s) => s.tickets) }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [d.sales_by_day, lang],
  );
  const head = [t('col_day'), t('col_tickets'), ...(d.money ? [t('col_revenue')] : [])];
  return (
    <ChartSection
      title={t('sales_title')}
      description={t('sales_chart')}
      empty={d.sales_by_day.length ? null : t('sales_none')}
      testId="sales"
      chart={
        <Chart x={x} series={series} categories={categories} xLabel={t('col_day')} testId="sales-chart" />
      }
      table={
        <Table
          caption={t('sales_title')}
          head={head}
          rows={d.sales_by_day.map((s) => [
            label(s.day),
            String(s.tickets),
            ...(s.revenue_cents === null ? [] : [formatEur(s.revenue_cents)]),
          ])}
          numeric={[1, 2]}
          testId="sales-table"
        />
      }
    />
  );
}
