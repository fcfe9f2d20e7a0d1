import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/dialog-frame';
import { useCheckout, type CheckoutRequest } from '../../../stores/checkout-store';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useCheckoutFlow } from '../hooks/use-checkout-flow';
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
function CheckoutFlowDialog({ request, token }: { request: CheckoutRequest; token: string }) {
  const { t } = useTranslation('checkout');
  const flow = useCheckoutFlow(request, token);
  const { state, dispatch } = flow;
  const { step, order } = state;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [step]);
  const index = stepIndex(step);

  return (
    <DialogFrame
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

/** Rendered by GlobalModals while `useCheckout().request` is set. */
export default function CheckoutModal() {
  const request = useCheckout((s) => s.request);
  const reset = useCheckout((s) => s.reset);
  const token = useSession((s) => s.token);
  const loginOpen = useUi((s) => s.loginOpen);
  const openLogin = useUi((s) => s.openLogin);
  const askedLogin = useRef(false);

  // Not identified: the mobile login modal first (spec §4); cancelling it ends the checkout.
  useEffect(() => {
    if (!request || token) return;
    if (!askedLogin.current) {
      askedLogin.current = true;
      openLogin(request.returnTo ?? `${window.location.pathname}${window.location.search}`);
    } else if (!loginOpen) {
      askedLogin.current = false;
      reset();
    }
  }, [request, token, loginOpen, openLogin, reset]);

  if (!request || !token) return null;
  // a new request (e.g. a wallet top-up) starts a fresh checkout
  return <CheckoutFlowDialog key={JSON.stringify(request)} request={request} token={token} />;
}
