import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEur } from '@bilheteira/shared/money';
import { EventMenu } from '../../../components/event-menu';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { useCheckout } from '../../../stores/checkout-store';
import { useEventContext } from '../../../stores/event-context-store';
import { walletEventQuery } from '../api/wallet';
import { BraceletsSection } from '../components/bracelets-section';
import { RefundSection } from '../components/refund-section';
import { TopUpPicker } from '../components/topup-picker';
import { useRefreshWalletAfterCheckout } from '../hooks/use-refresh-after-checkout';
import { ChooseEventCard, OnlineTopUpUnavailable, WalletError } from '../components/wallet-states';

/** /dashboard/wallet: balance, top-up, bracelets and refund of the current event's wallet. */
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  const current = useEventContext((s) => s.current);
  const q = useQuery(walletEventQuery(current?.id ?? null));
  const paidTopUp = useRefreshWalletAfterCheckout();
  usePageMeta(current ? `${t('title')} · ${current.name}` : t('title'));

  return (
    <main id="main">
      <EventMenu />
      <div className="page pt-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <div className="mt-4 grid gap-4">
          {!current ? (
            <ChooseEventCard />
          ) : q.isPending ? (
            <div className="grid gap-4" aria-busy="true" aria-label={t('loading')}>
              <div className="h-36 animate-pulse rounded-2xl bg-slate-200" />
              <div className="h-56 animate-pulse rounded-2xl bg-slate-200" />
            </div>
          ) : q.isError ? (
            <WalletError error={q.error} onRetry={() => void q.refetch()} />
          ) : (
            <>
              <section
                className="rounded-2xl bg-slate-900 p-6 text-white shadow-sm"
                aria-labelledby="wallet-balance-title"
                data-testid="wallet-balance-card"
              >
                <h2 id="wallet-balance-title" className="text-sm font-medium text-slate-300">
                  {t('balance')}
                </h2>
                <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="wallet-balance">
                  {formatEur(q.data.wallet.balance_cents)}
                </p>
                <p className="mt-2 text-sm text-slate-300">
                  {t('balance_online', { amount: formatEur(q.data.wallet.online_cents) })}
                </p>
                <Link
                  to={paths.dashboardTransactions}
                  className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-amber-400 underline"
                >
                  {t('see_transactions')}
                </Link>
              </section>

              <div className="grid gap-4 lg:grid-cols-2">
                <section className="card" aria-labelledby="wallet-topup-title" data-testid="topup-section">
                  <h2 id="wallet-topup-title" className="text-xl font-bold">
                    {t('topup.title')}
                  </h2>
                  <p className="mt-1 mb-4 text-sm text-slate-700">{t('topup.intro')}</p>
                  {paidTopUp && (
                    <p
                      className="mb-4 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900"
                      role="status"
                      data-testid="topup-done"
                    >
                      {t('topup.done', {
                        amount: formatEur(paidTopUp.cents),
                        balance: formatEur(q.data.wallet.balance_cents),
                      })}
                    </p>
                  )}
                  {q.data.event.online_topup_enabled ? (
                    <TopUpPicker
                      // a paid top-up starts a fresh form: the custom amount is not left behind
                      key={paidTopUp?.orderId ?? 0}
                      presets={q.data.topup.presets_cents}
                      minCents={q.data.topup.min_cents}
                      maxCents={q.data.topup.max_cents}
                      onSubmit={(cents) =>
                        useCheckout.getState().start({
                          eventId: q.data.event.id,
                          eventSlug: q.data.event.slug,
                          topupCents: cents,
                          returnTo: paths.dashboardWallet,
                        })
                      }
                    />
                  ) : (
                    <OnlineTopUpUnavailable />
                  )}
                </section>
                <BraceletsSection data={q.data} />
              </div>
              <RefundSection data={q.data} />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
