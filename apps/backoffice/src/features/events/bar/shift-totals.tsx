import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { serverError } from '../form-kit';
import { fromLocalInput, toLocalInput } from '../zoned';
import { useStations, useStationTotals } from './bar-api';

/**
 * End of shift or of day: what each till sold, loaded and paid back between two times of the
 * event's time zone (today from midnight until now, at first).
 */
export function ShiftTotals({
  organizerId,
  eventId,
  timeZone,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
}) {
  const { t } = useTranslation(['bar', 'common']);
  const now = new Date().toISOString();
  const [from, setFrom] = useState(() => `${toLocalInput(now, timeZone).slice(0, 10)}T00:00`);
  // the minute that holds now: an end the person has not changed means "until now" when they ask
  // again (a shift's totals asked at its end must hold the sales since the page was opened)
  const untilNow = () => toLocalInput(new Date(Date.now() + 60_000).toISOString(), timeZone);
  const [to, setTo] = useState(untilNow);
  const [toChosen, setToChosen] = useState(false);
  const [shown, setShown] = useState({ from, to });
  const stations = useStations(organizerId, eventId);
  const totals = useStationTotals(organizerId, eventId, {
    from: fromLocalInput(shown.from, timeZone) ?? '',
    to: fromLocalInput(shown.to, timeZone) ?? '',
  });
  const rows = totals.data ?? [];
  const sum = (k: 'sales_cents' | 'topups_cents' | 'cash_back_cents') => rows.reduce((n, r) => n + r[k], 0);
  // no tills yet: nothing to total (the stations' list says so)
  if (!stations.data?.length) return null;
  return (
    <section aria-labelledby="shift-title">
      <h2 id="shift-title" className="mb-3 text-xl font-bold">
        {t('bar:shift_title')}
      </h2>
      <form
        className="mb-3 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const end = toChosen ? to : untilNow();
          setTo(end);
          setShown({ from, to: end });
          // the same window again: read it afresh (the tills kept selling)
          void totals.refetch();
        }}
      >
        <div>
          <label htmlFor="shift-from" className="field-label">
            {t('bar:shift_from')}
          </label>
          <input
            id="shift-from"
            type="datetime-local"
            className="field-input"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
        </div>
        <div>
          <label htmlFor="shift-to" className="field-label">
            {t('bar:shift_to')}
          </label>
          <input
            id="shift-to"
            type="datetime-local"
            className="field-input"
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
              setToChosen(true);
            }}
          />
        </div>
        <button type="submit" className="btn-secondary" data-testid="shift-show">
          {t('bar:shift_show')}
        </button>
      </form>
      {totals.isPending ? (
        <Loading />
      ) : totals.isError ? (
        <FormError message={serverError(t, totals.error)} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="shift-table">
            <caption className="sr-only">{t('bar:shift_title')}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  {t('bar:column_station')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('bar:column_sales')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('bar:column_topups')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('bar:column_cash_back')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.station_id} className="border-b border-slate-200" data-testid="shift-row">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {r.name}
                  </th>
                  <td className="py-2 pr-3 text-right">
                    {formatEur(r.sales_cents)} <span className="text-slate-700">({r.sales})</span>
                  </td>
                  <td className="py-2 pr-3 text-right">
                    {formatEur(r.topups_cents)} <span className="text-slate-700">({r.topups})</span>
                  </td>
                  <td className="py-2 pr-3 text-right">
                    {formatEur(r.cash_back_cents)} <span className="text-slate-700">({r.cash_backs})</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" className="py-2 pr-3">
                  {t('bar:total')}
                </th>
                <td className="py-2 pr-3 text-right">{formatEur(sum('sales_cents'))}</td>
                <td className="py-2 pr-3 text-right">{formatEur(sum('topups_cents'))}</td>
                <td className="py-2 pr-3 text-right">{formatEur(sum('cash_back_cents'))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
