import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { formatEur } from '@bilheteira/shared/money';
import { paths } from '../../config/paths';
import { walletEventQuery } from '../../features/wallet/api/wallet';
import { BraceletsSection } from '../../features/wallet/components/bracelets-section';
import { RefundSection } from '../../features/wallet/components/refund-section';
import { TopUpPicker } from '../../features/wallet/components/topup-picker';
import {
  OnlineTopUpUnavailable,
  WalletDisabled,
  WalletError,
} from '../../features/wallet/components/wallet-states';
import { useCheckout } from '../../stores/checkout-store';
import { MiniSite, RequireMiniSiteCustomer } from './site-shell';

/** /site/:slug/account/wallet — the event's cashless wallet inside the mini-site. */
export default function SiteAccountWalletPage() {
  const { t } = useTranslation('site');
  return (
    <MiniSite title={t('wallet_page.title')}>
      {(event) =>
        event.wallet_enabled ? (
          <RequireMiniSiteCustomer slug={event.slug}>
            <main id="main" className="page max-w-4xl">
              <Link to={paths.siteYourAccount(event.slug)} className="text-sm font-semibold underline">
                {t('account.back')}
              </Link>
              <h1 className="mt-2 text-3xl font-bold">{t('wallet_page.title')}</h1>
              <p className="mt-1 text-slate-700">{t('wallet_page.intro')}</p>
              <EventWallet event={event} />
            </main>
          </RequireMiniSiteCustomer>
        ) : (
          // no cashless at this event: say so to anyone, signed in or not
          <main id="main" className="page max-w-4xl">
            <h1 className="mb-4 text-3xl font-bold">{t('wallet_page.title')}</h1>
            <WalletDisabled />
          </main>
        )
      }
    </MiniSite>
  );
}

/** Balance, top-up (through the checkout, returning here), bracelets and refund: the wallet feature's parts. */
function EventWallet({ event }: { event: EventDetail }) {
  const { t } = useTranslation('wallet');
  const q = useQuery(walletEventQuery(event.id));
  if (q.isPending) {
    return (
      <div className="mt-4 grid gap-4" aria-busy="true" aria-label={t('loading')}>
        <div className="h-36 animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-56 animate-pulse rounded-2xl bg-slate-200" />
      </div>
    );
  }
  if (q.isError) return <WalletError error={q.error} onRetry={() => void q.refetch()} />;
  const data = q.data;
  return (
    <div className="mt-4 grid gap-4">
      <section
        className="rounded-2xl bg-slate-900 p-6 text-white shadow-sm"
        aria-labelledby="site-wallet-balance"
        data-testid="wallet-balance-card"
      >
        <h2 id="site-wallet-balance" className="text-sm font-medium text-slate-300">
          {t('balance')}
        </h2>
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="wallet-balance">
          {formatEur(data.wallet.balance_cents)}
        </p>
        <p className="mt-2 text-sm text-slate-300">
          {t('balance_online', { amount: formatEur(data.wallet.online_cents) })}
        </p>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card" aria-labelledby="site-wallet-topup" data-testid="topup-section">
          <h2 id="site-wallet-topup" className="text-xl font-bold">
            {t('topup.title')}
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">{t('topup.intro')}</p>
          {data.event.online_topup_enabled ? (
            <TopUpPicker
              presets={data.topup.presets_cents}
              minCents={data.topup.min_cents}
              maxCents={data.topup.max_cents}
              onSubmit={(cents) =>
                useCheckout.getState().start({
                  eventId: event.id,
                  eventSlug: event.slug,
                  topupCents: cents,
                  returnTo: paths.siteAccountWallet(event.slug),
                })
              }
            />
          ) : (
            <OnlineTopUpUnavailable />
          )}
        </section>
        <BraceletsSection data={data} />
      </div>
      <RefundSection data={data} />
    </div>
  );
}
