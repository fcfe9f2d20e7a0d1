import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import type { WalletTransactionView } from '@bilheteira/shared/schemas/wallet';
import { EventMenu } from '../../../components/event-menu';
import { currentLocale } from '../../../i18n/i18n';
import { formatHour, formatShortDate } from '../../../lib/date-format';
import { usePageMeta } from '../../../lib/page-meta';
import { useEventContext } from '../../../stores/event-context-store';
import { walletTransactionsQuery } from '../api/wallet';
import { ChooseEventCard, WalletError } from '../components/wallet-states';

const TZ = 'Europe/Lisbon';

function Amount({ cents }: { cents: number }) {
  return (
    <span className={`font-semibold tabular-nums ${cents > 0 ? 'text-emerald-800' : 'text-slate-900'}`}>
      {cents > 0 ? '+' : '−'} {formatEur(Math.abs(cents))}
    </span>
  );
}

function Row({ tx }: { tx: WalletTransactionView }) {
  const { t } = useTranslation('wallet');
  const locale = currentLocale();
  const date = formatShortDate(tx.occurred_at, TZ, locale);
  const hour = formatHour(tx.occurred_at, TZ, locale);
  return (
    <tr className="block border-b border-slate-200 py-3 lg:table-row lg:py-0" data-testid="transaction-row">
      <td className="block lg:table-cell lg:py-3 lg:pr-4">
        <span className="text-sm text-slate-600 lg:text-base lg:text-slate-900">
          <time dateTime={tx.occurred_at}>
            {date} · {hour}
          </time>
        </span>
      </td>
      <td className="block lg:table-cell lg:py-3 lg:pr-4">
        <span className="font-medium">{tx.description || t(`tx.type.${tx.type}`)}</span>
        <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {t(`tx.type.${tx.type}`)}
        </span>
      </td>
      <td className="block text-sm text-slate-700 lg:table-cell lg:py-3 lg:pr-4 lg:text-base">
        <span className="lg:hidden">{t('tx.station')}: </span>
        {tx.station ?? t('tx.online')}
      </td>
      <td className="block text-sm text-slate-700 lg:table-cell lg:py-3 lg:pr-4 lg:text-base">
        {tx.invoice ? (
          <>
            <span className="lg:hidden">{t('tx.invoice')}: </span>
            {tx.invoice}
          </>
        ) : (
          <span className="hidden lg:inline" aria-label={t('tx.no_invoice')}>
            —
          </span>
        )}
      </td>
      <td className="block text-lg lg:table-cell lg:py-3 lg:text-right lg:text-base">
        <Amount cents={tx.amount_cents} />
      </td>
    </tr>
  );
}

/** /dashboard/transactions: invoice, station, hour, description, value; newest first; load more. */
export default function TransactionsPage() {
  const { t } = useTranslation('wallet');
  const current = useEventContext((s) => s.current);
  const q = useInfiniteQuery(walletTransactionsQuery(current?.id ?? null));
  usePageMeta(current ? `${t('tx.title')} · ${current.name}` : t('tx.title'));
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <main id="main">
      <EventMenu />
      <div className="page pt-6">
        <h1 className="text-2xl font-bold">{t('tx.title')}</h1>
        <div className="mt-4">
          {!current ? (
            <ChooseEventCard />
          ) : q.isPending ? (
            <div
              className="h-64 animate-pulse rounded-2xl bg-slate-200"
              aria-busy="true"
              aria-label={t('loading')}
            />
          ) : q.isError ? (
            <WalletError error={q.error} onRetry={() => void q.refetch()} />
          ) : rows.length === 0 ? (
            <div className="card text-center" data-testid="transactions-empty">
              <p className="font-semibold">{t('tx.empty_title')}</p>
              <p className="mt-1 text-slate-700">{t('tx.empty_text')}</p>
            </div>
          ) : (
            <div className="card">
              <table className="block w-full lg:table" data-testid="transactions-table">
                <caption className="sr-only">{t('tx.caption')}</caption>
                <thead className="sr-only lg:not-sr-only lg:table-header-group">
                  <tr className="border-b border-slate-300 text-left text-sm text-slate-600">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('tx.hour')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('tx.description')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('tx.station')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('tx.invoice')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('tx.value')}
                    </th>
                  </tr>
                </thead>
                <tbody className="block lg:table-row-group">
                  {rows.map((tx) => (
                    <Row key={tx.id} tx={tx} />
                  ))}
                </tbody>
              </table>
              {q.hasNextPage && (
                <div className="mt-4 text-center">
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => void q.fetchNextPage()}
                    disabled={q.isFetchingNextPage}
                    data-testid="transactions-more"
                  >
                    {q.isFetchingNextPage ? t('loading') : t('tx.load_more')}
                  </button>
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
