import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DialogFrame } from '@bilheteira/ui/dialog-frame';
import { SITE_DIALOG } from '../../../components/dialog-options';
import { useCheckout, type CheckoutRequest } from '../../../stores/checkout-store';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { checkoutCustomerQuery } from '../api/customer';
import { useCheckoutFlow, type SavedCheckout } from '../hooks/use-checkout-flow';
import { saveCheckout, savedCheckout } from '../lib/saved-checkout';
import { stepIndex, type CheckoutStep } from '../lib/checkout-machine';
import { CheckoutBillingStep } from './checkout-billing-step';
import { CheckoutPaymentStep } from './checkout-payment-step';
import { CheckoutStripeStep } from './checkout-stripe-step';
import { CheckoutSuccessStep } from './checkout-success-step';
import { CheckoutSummaryStep } from './checkout-summary-step';
import { CheckoutWaitingStep } from './checkout-waiting-step';

const TITLE_KEYS: Record<CheckoutStep, string> = {
  summary: 'steps.summary',
  billing: 'steps.billing',
  payment: 'steps.payment',
  stripe: 'steps.payment',
  waiting: 'steps.waiting',
  success: 'steps.success',
};

/**
 * The checkout of spec §2/§4: summary (lines, service cost, total) → billing data →
 * payment method (MB WAY, card, Google Pay, Apple Pay) → waiting (MB WAY countdown) →
 * success. The flow lives in useCheckoutFlow; this frame shows the current step and moves
 * the focus to its title whenever the step changes.
 */
function CheckoutFlowDialog({
  request,
  token,
  resume,
  onSave,
}: {
  request: CheckoutRequest;
  token: string;
  resume: SavedCheckout | null;
  onSave(saved: SavedCheckout): void;
}) {
  const { t } = useTranslation('checkout');
  const flow = useCheckoutFlow(request, token, { resume, onSave });
  const { state, dispatch } = flow;
  const { step, order } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step]);
  const index = stepIndex(step);

  return (
    <DialogFrame
      {...SITE_DIALOG}
      closeLabel={t('common:close')}
      open
      onClose={flow.close}
      locked={step === 'waiting'}
      testId="checkout-modal"
      size="lg"
      eyebrow={index >= 0 && t('steps.progress', { current: index + 1, total: 3 })}
      title={t(TITLE_KEYS[step])}
      titleRef={headingRef}
      description={false}
    >
      {step === 'summary' && (
        <CheckoutSummaryStep
          loading={flow.cartLoading}
          rows={flow.rows}
          totals={flow.totals}
          promo={flow.promo}
          onContinue={flow.confirmSummary}
        />
      )}
      {step === 'billing' && (
        <CheckoutBillingStep
          billing={state.billing}
          errors={state.errors}
          onChange={(billing) => dispatch({ type: 'billingChanged', billing })}
          onBack={() => dispatch({ type: 'backToSummary' })}
          onSubmit={flow.submitBilling}
        />
      )}
      {step === 'payment' && <CheckoutPaymentStep flow={flow} />}
      {step === 'stripe' && flow.stripeKey && state.clientSecret && order && (
        <CheckoutStripeStep
          order={order}
          publishableKey={flow.stripeKey}
          clientSecret={state.clientSecret}
          onBack={() => dispatch({ type: 'stripeCancelled' })}
        />
      )}
      {step === 'waiting' && <CheckoutWaitingStep phone={state.phone} countdown={flow.countdown} />}
      {step === 'success' && order && (
        <CheckoutSuccessStep
          order={order}
          rows={flow.rows}
          onTickets={flow.goTickets}
          onOrders={flow.goOrders}
        />
      )}
    </DialogFrame>
  );
}

/**
 * A checkout the end of the session interrupted resumes only for the customer it was for:
 * someone else logging in on this device starts afresh (and never sees the other's data).
 */
function SessionCheckout({ request, token }: { request: CheckoutRequest; token: string }) {
  const [saved] = useState(() => savedCheckout(request));
  const customer = useQuery({ ...checkoutCustomerQuery(token), enabled: !!saved });
  if (saved && customer.isPending) return null;
  const resume = saved && customer.data?.id === saved.customerId ? saved : null;
  return <CheckoutFlowDialog request={request} token={token} resume={resume} onSave={saveCheckout} />;
}

/**
 * Rendered by GlobalModals while `useCheckout().request` is set. Who the buyer is comes
 * first (spec §4): without a session the login opens, and the checkout shows once the login
 * is over (its success message answered, so that message is never under the checkout). A
 * buyer who leaves to create an account finds the checkout again back on its page; a session
 * that ends midway (the API client's session-expired alert, then the login) resumes it.
 */
export default function CheckoutModal() {
  const request = useCheckout((s) => s.request);
  const pausedAt = useCheckout((s) => s.pausedAt);
  const reset = useCheckout((s) => s.reset);
  const unpause = useCheckout((s) => s.unpause);
  const token = useSession((s) => s.token);
  const loginOpen = useUi((s) => s.loginOpen);
  const openLogin = useUi((s) => s.openLogin);
  const { pathname } = useLocation();
  /** the request whose missing session was dealt with */
  const handled = useRef<CheckoutRequest | null>(null);
  /** the login was open since the session went missing */
  const loginSeen = useRef(false);

  useEffect(() => {
    if (!request) {
      handled.current = null;
      saveCheckout(null);
      return;
    }
    if (handled.current !== request) {
      handled.current = request;
      loginSeen.current = false;
      // Not identified: the mobile login modal first (spec §4).
      if (!token) openLogin(request.returnTo ?? `${window.location.pathname}${window.location.search}`);
      return;
    }
    if (token) loginSeen.current = false;
    else if (loginOpen) loginSeen.current = true;
    // the login closed without a session, not to create an account: the checkout ends
    else if (loginSeen.current && !pausedAt) reset();
  }, [request, token, loginOpen, pausedAt, openLogin, reset]);

  const away = pausedAt !== null && pausedAt.split('?')[0] !== pathname;
  const visible = !!request && !!token && !loginOpen && !away;
  useEffect(() => {
    if (visible && pausedAt) unpause();
  }, [visible, pausedAt, unpause]);

  if (!visible) return null;
  // a new request (e.g. a wallet top-up) starts a fresh checkout
  return <SessionCheckout key={JSON.stringify(request)} request={request} token={token} />;
}
