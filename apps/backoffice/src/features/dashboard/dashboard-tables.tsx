import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { STATION_ROLES, type StationRole } from '@bilheteira/shared/stations';
import type { DashboardSnapshot } from './dashboard-api';

type Fmt = (v: number) => string;

export function TypesSection({
  d,
  n,
  pct,
}: {
  d: DashboardSnapshot;
  n: Fmt;
  pct: (a: number, b: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  const money = d.money;
  return (
    <TableSection title={t('types_title')}>
      <Table
        caption={t('types_title')}
        head={[
          t('col_type'),
          t('col_sold'),
          t('col_reserved'),
          t('col_quantity'),
          t('col_percent'),
          ...(money ? [t('col_revenue')] : []),
        ]}
        rows={[
          ...d.tickets.types.map((x) => [
            x.name,
            n(x.sold),
            n(x.reserved),
            n(x.quantity),
            pct(x.sold, x.quantity),
            ...(x.revenue_cents === null ? [] : [formatEur(x.revenue_cents)]),
          ]),
          [
            t('total'),
            n(d.tickets.sold),
            n(d.tickets.reserved),
            n(d.tickets.quantity),
            pct(d.tickets.sold, d.tickets.quantity),
            ...(d.tickets.revenue_cents === null ? [] : [formatEur(d.tickets.revenue_cents)]),
          ],
        ]}
        numeric={[1, 2, 3, 4, 5]}
        testId="types-table"
      />
    </TableSection>
  );
}

export function CapacitySection({
  d,
  lang,
  n,
  pct,
}: {
  d: DashboardSnapshot;
  lang: string;
  n: Fmt;
  pct: (a: number, b: number) => string;
}) {
  const { t } = useTranslation('dashboard');
  const day = new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <TableSection title={t('capacity_title')}>
      <Table
        caption={t('capacity_title')}
        head={[t('col_session'), t('col_sold'), t('col_reserved'), t('col_capacity'), t('col_percent')]}
        rows={d.capacity.map((c) => [
          `${day.format(new Date(`${c.day}T12:00:00Z`))}${c.hour ? ` ${c.hour}` : ''}`,
          n(c.sold),
          n(c.reserved),
          c.capacity === null ? t('unlimited') : n(c.capacity),
          c.capacity === null ? '–' : pct(c.sold, c.capacity),
        ])}
        numeric={[1, 2, 3, 4]}
        testId="capacity-table"
      />
    </TableSection>
  );
}

export function GatesSection({ d, n }: { d: DashboardSnapshot; n: Fmt }) {
  const { t } = useTranslation('dashboard');
  return (
    <TableSection title={t('gates_title')}>
      {d.checkins.gates.length ? (
        <Table
          caption={t('gates_title')}
          head={[t('col_gate'), t('col_checkins')]}
          rows={d.checkins.gates.map((g) => [g.name ?? t('gate_none'), n(g.checkins)])}
          numeric={[1]}
          testId="gates-table"
        />
      ) : (
        <p className="text-slate-700">{t('gates_none')}</p>
      )}
    </TableSection>
  );
}

export function WalletSection({
  wallet: w,
  n,
}: {
  wallet: NonNullable<DashboardSnapshot['wallet']>;
  n: Fmt;
}) {
  const { t } = useTranslation('dashboard');
  const role = (r: string) =>
    (STATION_ROLES as readonly string[]).includes(r) ? t(`role_${r as StationRole}`) : r;
  const status = (s: string) =>
    ['requested', 'approved', 'paid', 'rejected'].includes(s) ? t(`refund_${s as 'paid'}`) : s;
  return (
    <TableSection title={t('wallet_title')}>
      <h3 className="mb-2 font-semibold text-slate-900">{t('stations_title')}</h3>
      {w.stations.length ? (
        <Table
          caption={t('stations_title')}
          head={[
            t('col_station'),
            t('col_role'),
            t('col_spend'),
            t('col_topup'),
            t('col_refund'),
            t('col_transactions'),
          ]}
          rows={w.stations.map((s) => [
            s.name,
            role(s.role),
            formatEur(s.spend_cents),
            formatEur(s.topup_cents),
            formatEur(s.refund_cents),
            n(s.transactions),
          ])}
          numeric={[2, 3, 4, 5]}
          testId="stations-table"
        />
      ) : (
        <p className="text-slate-700">{t('stations_none')}</p>
      )}
      {w.products.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('products_title')}</h3>
          <Table
            caption={t('products_title')}
            head={[t('col_product'), t('col_units'), t('col_spend')]}
            rows={w.products.map((p) => [p.name, n(p.sold), formatEur(p.spend_cents)])}
            numeric={[1, 2]}
            testId="products-table"
          />
        </>
      )}
      <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('refunds_title')}</h3>
      {w.refunds.length ? (
        <Table
          caption={t('refunds_title')}
          head={[t('col_status'), t('col_count'), t('col_amount')]}
          rows={w.refunds.map((r) => [status(r.status), n(r.count), formatEur(r.amount_cents)])}
          numeric={[1, 2]}
          testId="refunds-table"
        />
      ) : (
        <p className="text-slate-700">{t('refunds_none')}</p>
      )}
    </TableSection>
  );
}

function TableSection({ title, children }: { title: string; children: ReactNode }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="card">
      <h2 id={heading} className="mb-3 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A plain table of figures; on phones each row stacks under its column names (styles.css `.data-table`). */
export function Table({
  caption,
  head,
  rows,
  numeric,
  testId,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  /** columns aligned right (figures) */
  numeric: number[];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={numeric.includes(i) ? 'text-right' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td
                  key={i}
                  data-label={head[i]}
                  className={
                    i === 0
                      ? 'font-semibold'
                      : numeric.includes(i)
                        ? 'tabular-nums min-[40rem]:text-right'
                        : undefined
                  }
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
