import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/notice';
import { serverError } from '../form-kit';
import {
  useBraceletBlock,
  useBraceletHistory,
  useBraceletLookup,
  type BraceletDetailView,
} from './bar-products-api';

/** A bracelet found by NFC UID or printed code: its status, holder, balance and history. */
export function BraceletLookup({
  organizerId,
  eventId,
  timeZone,
}: {
  organizerId: number;
  eventId: number;
  timeZone: string;
}) {
  const { t } = useTranslation(['bar', 'common']);
  const [q, setQ] = useState('');
  const [ref, setRef] = useState('');
  const found = useBraceletLookup(organizerId, eventId, ref);
  return (
    <section aria-labelledby="bracelet-lookup-title">
      <h2 id="bracelet-lookup-title" className="mb-3 text-xl font-bold">
        {t('bar:lookup_title')}
      </h2>
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setRef(q.trim());
        }}
      >
        <div>
          <label htmlFor="bracelet-lookup" className="field-label">
            {t('bar:lookup_label')}
          </label>
          <input
            id="bracelet-lookup"
            className="field-input font-mono"
            autoComplete="off"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className="btn-secondary" data-testid="lookup-bracelet">
          {t('bar:lookup')}
        </button>
      </form>
      {ref !== '' &&
        (found.isPending ? (
          <Loading />
        ) : found.isError ? (
          <FormError message={serverError(t, found.error)} />
        ) : (
          <BraceletCard
            organizerId={organizerId}
            eventId={eventId}
            bracelet={found.data}
            timeZone={timeZone}
          />
        ))}
    </section>
  );
}

function BraceletCard({
  organizerId,
  eventId,
  bracelet: b,
  timeZone,
}: {
  organizerId: number;
  eventId: number;
  bracelet: BraceletDetailView;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation(['bar', 'common']);
  const block = useBraceletBlock(organizerId, eventId);
  const history = useBraceletHistory(organizerId, eventId, b.id);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setError(null);
    try {
      const res = await block.mutateAsync({ id: b.id, block: b.status === 'active' });
      notify(res.message ?? t('bar:saved'));
    } catch (err) {
      setError(serverError(t, err));
    }
  };
  const when = new Intl.DateTimeFormat(i18n.language, {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const rows = history.data?.pages.flatMap((p) => p.data) ?? [];
  const type = (x: string) =>
    ['consumption', 'topup', 'refund', 'fee', 'transfer'].includes(x) ? t(`bar:tx_${x as 'fee'}`) : x;
  return (
    <div className="card flex flex-col gap-3" data-testid="bracelet-card">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-700">{t('bar:column_code')}</dt>
          <dd className="font-mono">{b.code}</dd>
          <dt className="text-slate-700">{t('bar:column_uid')}</dt>
          <dd className="font-mono break-all">{b.uid}</dd>
          <dt className="text-slate-700">{t('bar:column_status')}</dt>
          <dd data-testid="bracelet-status">{t(`bar:bracelet_${b.status}`)}</dd>
          <dt className="text-slate-700">{t('bar:holder')}</dt>
          <dd>{b.linked ? (b.holder_first_name ?? t('bar:holder_linked')) : t('bar:holder_none')}</dd>
          <dt className="text-slate-700">{t('bar:balance')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="bracelet-balance">
            {formatEur(b.balance_cents)}
          </dd>
        </dl>
        <button
          type="button"
          className="btn-secondary"
          disabled={block.isPending}
          onClick={() => void toggle()}
        >
          {b.status === 'active' ? t('bar:block') : t('bar:unblock')}
        </button>
      </div>
      <FormError message={error} />
      <h3 className="font-semibold">{t('bar:history_title')}</h3>
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <FormError message={serverError(t, history.error)} />
      ) : rows.length === 0 ? (
        <p className="text-slate-700">{t('bar:history_none')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="bracelet-history">
            <caption className="sr-only">{t('bar:history_title')}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  {t('bar:column_what')}
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  {t('bar:column_amount')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('bar:column_balance_after')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-3">
                    <time dateTime={r.occurred_at} className="block text-slate-700 tabular-nums">
                      {when.format(new Date(r.occurred_at))}
                    </time>
                    <span className="font-medium">{type(r.type)}</span>
                    {r.station && <span className="text-slate-700"> · {r.station}</span>}
                    {r.description && <span className="block text-slate-700">{r.description}</span>}
                  </td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {formatEur(r.amount_cents)}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">
                    {formatEur(r.balance_after_cents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className="btn-secondary self-start"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('bar:history_more')}
        </button>
      )}
    </div>
  );
}
