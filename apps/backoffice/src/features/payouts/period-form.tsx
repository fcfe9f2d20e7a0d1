import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Period } from './payouts-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period lives in the URL (?from=&to=), so a payout's link shows the same figures. */
export function usePeriod(): [Period, (p: Period) => void] {
  const [params, setParams] = useSearchParams();
  const read = (k: string) => (DAY.test(params.get(k) ?? '') ? params.get(k)! : '');
  const period = { from: read('from'), to: read('to') };
  const set = (p: Period) => {
    const q = new URLSearchParams();
    if (p.from) q.set('from', p.from);
    if (p.to) q.set('to', p.to);
    setParams(q, { replace: true });
  };
  return [period, set];
}

/** From and to days (both included) and Apply; empty days leave the period open on that side. */
export function PeriodForm({ period, onChange }: { period: Period; onChange(p: Period): void }) {
  const { t } = useTranslation('payouts');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const wrong = !!from && !!to && from > to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!wrong) onChange({ from, to });
  };
  return (
    <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3" aria-label={t('period')}>
      <div>
        <label htmlFor="payout-from" className="field-label">
          {t('from')}
        </label>
        <input
          id="payout-from"
          type="date"
          className="field-input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="payout-to" className="field-label">
          {t('to')}
        </label>
        <input
          id="payout-to"
          type="date"
          className="field-input"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? 'payout-to-error' : undefined}
        />
      </div>
      <button type="submit" className="btn-secondary" disabled={wrong}>
        {t('apply')}
      </button>
      {(period.from || period.to) && (
        <button
          type="button"
          className="btn-small"
          onClick={() => {
            setFrom('');
            setTo('');
            onChange({ from: '', to: '' });
          }}
        >
          {t('all_time')}
        </button>
      )}
      {wrong && (
        <p id="payout-to-error" className="w-full text-red-800" role="alert">
          {t('to_before_from')}
        </p>
      )}
    </form>
  );
}
