import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatEur } from '@bilheteira/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../stores/session-store';
import { completeSandboxPayment, fetchPayment, syncPaymentReturn, type PaymentStatus } from '../api/orders';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * /payment/redirects: where a card payment comes back from its 3-D Secure step. With the
 * sandbox it shows the simulated bank challenge; with Stripe (?payment_intent=…) it asks
 * the server to sync the state, which fulfils exactly once like the webhook.
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

  let body;
  if (!token) body = <p>{t('redirect.login')}</p>;
  else if (!reference || q.isError) body = <p>{t('redirect.missing')}</p>;
  else if (!state) body = <p role="status">{t('redirect.checking')}</p>;
  else if (state.order_status === 'paid')
    body = (
      <p
        role="status"
        className="rounded-lg bg-green-50 p-3 font-medium text-green-900"
        data-testid="redirect-paid"
      >
        {t('redirect.paid', { reference: `#${state.order_id}` })}
      </p>
    );
  else if (state.payment.status === 'requires_action' && sandbox)
    body = (
      <div data-testid="redirect-challenge">
        <p>
          {t('redirect.challenge', {
            amount: formatEur(state.payment.amount_cents),
            card: state.payment.display,
          })}
        </p>
        <div className="mt-4 flex gap-3">
          <button
            type="button"
            className="btn-primary flex-1"
            disabled={busy}
            onClick={() => void decide('approve')}
          >
            {t('redirect.approve')}
          </button>
          <button
            type="button"
            className="btn-secondary flex-1"
            disabled={busy}
            onClick={() => void decide('decline')}
          >
            {t('redirect.decline')}
          </button>
        </div>
      </div>
    );
  else if (
    (state.payment.status === 'pending' || (state.payment.status === 'requires_action' && !sandbox)) &&
    !stripeFailed
  )
    body = <p role="status">{t('redirect.checking')}</p>;
  else body = <p role="alert">{t('redirect.failed')}</p>;

  return (
    <main id="main" className="page mx-auto max-w-lg">
      <div className="card">
        <h1 className="text-2xl font-bold">{t('redirect.title')}</h1>
        <div className="mt-4">{body}</div>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.dashboardOrders} className="btn-secondary">
            {t('redirect.see_orders')}
          </Link>
          {state?.order_status === 'paid' && (
            <Link to={paths.dashboardTickets} className="btn-primary">
              {t('redirect.see_tickets')}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
