import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEur } from '@bilheteira/shared/money';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useCheckout } from '../../../stores/checkout-store';
import { useSession } from '../../../stores/session-store';
import {
  completeSandboxPayment,
  fetchPayment,
  orderQuery,
  syncPaymentReturn,
  type PaymentStatus,
} from '../api/orders';
import { recallPaymentReturn } from '../lib/payment-return';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * /payment/redirects: where a card payment comes back from its 3-D Secure step. With the
 * sandbox it shows the simulated bank challenge; with Stripe (?payment_intent=…) it asks
 * the server to sync the state, which fulfils exactly once like the webhook. The order is
 * named by its reference; a payment that did not go through can be tried again here, and a
 * paid one goes back to where the checkout started (mini-site, quick charge).
 */
export default function PaymentRedirectPage() {
  const { t } = useTranslation('checkout');
  usePageMeta(t('redirect.title'));
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const reference = params.get('payment') ?? params.get('payment_intent') ?? '';
  const sandbox = params.get('provider') === 'sandbox';
  // Stripe says how the confirmation ended: 'failed' means the intent went back to
  // requires_payment_method (pending to us), so we stop waiting and say so.
  const stripeFailed = params.get('redirect_status') === 'failed';
  const [result, setResult] = useState<PaymentStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['checkout', 'redirect', reference],
    enabled: !!reference && !!token,
    retry: false,
    queryFn: () => (sandbox ? fetchPayment(reference) : syncPaymentReturn(reference)),
    // With Stripe the outcome may arrive a moment later (webhook, MB WAY, bank): poll the
    // order status for up to two minutes, as the checkout does while waiting.
    refetchInterval: (query) => {
      const d = query.state.data;
      if (sandbox || stripeFailed || !d || d.order_status === 'paid') return false;
      if (d.payment.status !== 'pending' && d.payment.status !== 'requires_action') return false;
      return query.state.dataUpdateCount < 60 ? 2000 : false;
    },
  });
  const state = result ?? q.data;
  // the order itself: its reference, event and total (and paid once a retry succeeds)
  const order = useQuery({ ...orderQuery(state?.order_id ?? 0), enabled: !!state && !!token }).data;
  const back = state ? recallPaymentReturn(state.order_id) : null;
  const paid = state?.order_status === 'paid' || order?.status === 'paid';

  const decide = async (outcome: 'approve' | 'decline') => {
    setBusy(true);
    try {
      setResult(await completeSandboxPayment(reference, outcome));
      void qc.invalidateQueries({ queryKey: ['orders'] });
    } catch {
      setResult(null);
      void q.refetch();
    } finally {
      setBusy(false);
    }
  };

  // the checkout opens on its payment step for this order; paid, it goes back to `returnTo`
  const retry = () => {
    if (!order) return;
    useCheckout.getState().start({
      eventId: order.event.id,
      eventSlug: order.event.slug,
      orderId: order.id,
      ...(back?.returnTo ? { returnTo: back.returnTo } : {}),
    });
  };

  let body: ReactNode;
  let failed = false;
  if (!token) body = <p>{t('redirect.login')}</p>;
  else if (!reference || q.isError) body = <p>{t('redirect.missing')}</p>;
  else if (!state) body = <p role="status">{t('redirect.checking')}</p>;
  else if (paid)
    body = (
      <p
        role="status"
        className="rounded-lg bg-green-50 p-3 font-medium text-green-900"
        data-testid="redirect-paid"
      >
        {t('redirect.paid', { reference: order?.reference ?? '' })}
      </p>
    );
  else if (state.payment.status === 'requires_action' && sandbox)
    body = <SandboxChallenge payment={state.payment} busy={busy} onDecide={(o) => void decide(o)} />;
  else if (
    (state.payment.status === 'pending' || (state.payment.status === 'requires_action' && !sandbox)) &&
    !stripeFailed
  )
    body = <p role="status">{t('redirect.checking')}</p>;
  else {
    failed = true;
    body = (
      <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="redirect-failed">
        {t('redirect.failed')}
      </p>
    );
  }

  return (
    <div className="min-h-screen bg-slate-100">
      {/* the product's own bar: this page has no site header (spec §2) */}
      <header className="bg-slate-950 text-white">
        <div className="mx-auto flex h-16 max-w-lg items-center gap-2 px-4 font-bold">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>Bilheteira</span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-lg px-4 py-8">
        <div className="card">
          <h1 className="text-2xl font-bold">{t('redirect.title')}</h1>
          {order && (
            <div className="mt-2 text-slate-700" data-testid="redirect-order">
              <p className="font-semibold text-slate-900">
                {t('redirect.order', { reference: order.reference })}
              </p>
              <p className="text-sm">
                {t('redirect.order_total', { event: order.event.name, total: formatEur(order.total_cents) })}
              </p>
            </div>
          )}
          <div className="mt-4">{body}</div>
          <div className="mt-6 flex flex-wrap gap-3">
            {paid && back?.returnTo && (
              <Link to={back.returnTo} className="btn-primary" data-testid="redirect-continue">
                {t('redirect.continue')}
              </Link>
            )}
            {paid && (
              <Link to={paths.dashboardTickets} className={back?.returnTo ? 'btn-secondary' : 'btn-primary'}>
                {t('redirect.see_tickets')}
              </Link>
            )}
            {failed && order?.payable && (
              <button type="button" className="btn-primary" onClick={retry} data-testid="redirect-retry">
                {t('redirect.retry')}
              </button>
            )}
            <Link to={paths.dashboardOrders} className="btn-secondary">
              {t('redirect.see_orders')}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

/** The sandbox's stand-in for the bank's 3-D Secure page. */
function SandboxChallenge({
  payment,
  busy,
  onDecide,
}: {
  payment: PaymentStatus['payment'];
  busy: boolean;
  onDecide(outcome: 'approve' | 'decline'): void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <div data-testid="redirect-challenge">
      <p>{t('redirect.challenge', { amount: formatEur(payment.amount_cents), card: payment.display })}</p>
      <div className="mt-4 flex gap-3">
        <button
          type="button"
          className="btn-primary flex-1"
          disabled={busy}
          onClick={() => onDecide('approve')}
        >
          {t('redirect.approve')}
        </button>
        <button
          type="button"
          className="btn-secondary flex-1"
          disabled={busy}
          onClick={() => onDecide('decline')}
        >
          {t('redirect.decline')}
        </button>
      </div>
    </div>
  );
}
