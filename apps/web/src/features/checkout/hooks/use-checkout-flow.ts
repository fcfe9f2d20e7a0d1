import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAYMENT_METHODS } from '@bilheteira/shared/schemas/payments';
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { initialPhoneValue } from '../../../lib/phone-value';
import { paths } from '../../../config/paths';
import { ApiError, endExpiredSession, isSessionExpired } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { showAlert } from '../../../stores/alert-store';
import { useCheckout, type CheckoutRequest } from '../../../stores/checkout-store';
import { useEventContext } from '../../../stores/event-context-store';
import { cartKey, cartQuery } from '../api/cart';
import { checkoutCustomerQuery } from '../api/customer';
import { createOrder, newIdempotencyKey, orderQuery, payOrder, paymentsConfigQuery } from '../api/orders';
import {
  checkoutReducer,
  initialCheckoutState,
  type CheckoutEvent,
  type CheckoutState,
} from '../lib/checkout-machine';
import {
  billingErrors,
  linesBelowMinimum,
  payBody,
  paymentErrors,
  summaryRows,
  summaryTotals,
  type Translate,
} from '../lib/checkout-rules';
import { rememberPaymentReturn } from '../lib/payment-return';
import { readEventCodes } from '../lib/event-codes';
import { useMbwayWaiting } from './use-mbway-waiting';
import { usePromoCode } from './use-promo-code';

/**
 * A checkout the end of the session interrupted (spec §4/§8: session expired, login, back):
 * what it resumes from when the same customer logs in again. The attempt's key comes along,
 * so an order already created is answered again rather than made twice.
 */
export interface SavedCheckout {
  request: CheckoutRequest;
  customerId: number;
  state: CheckoutState;
  orderKey: string;
}

function initialState({
  request,
  resume,
}: {
  request: CheckoutRequest;
  resume: SavedCheckout | null;
}): CheckoutState {
  // the request under way when the session ended is over: its button works again
  if (resume) return { ...resume.state, busy: false, errors: {} };
  const saved = readStorage<{ countryIso2?: string; national?: string } | null>(STORAGE_KEYS.mbway, null);
  return initialCheckoutState({
    payExistingOrder: !!request.orderId,
    phone: initialPhoneValue(saved?.national ?? '', saved?.countryIso2 ?? 'PT'),
  });
}

/**
 * The checkout flow of spec §2/§4 for one request: the state machine of checkout-machine.ts
 * plus what it talks to (cart, order, customer, payment provider) and the actions each step
 * offers. The order is created once per attempt (Idempotency-Key) and stays payable after a
 * decline. `onSave` is told what the checkout would resume from (see SavedCheckout).
 */
export function useCheckoutFlow(
  request: CheckoutRequest,
  token: string,
  { resume, onSave }: { resume: SavedCheckout | null; onSave(saved: SavedCheckout): void },
) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useCheckout((s) => s.reset);
  const enterEvent = useEventContext((s) => s.enter);
  const isTopup = !!request.topupCents;
  const cart = useQuery({ ...cartQuery(request.eventId, token), enabled: !isTopup && !request.orderId });
  const existing = useQuery({ ...orderQuery(request.orderId ?? 0), enabled: !!request.orderId });
  const customer = useQuery(checkoutCustomerQuery(token)).data;
  // With Stripe, card / Apple Pay / Google Pay go to Stripe's own fields (PCI DSS SAQ A).
  const providerConfig = useQuery(paymentsConfigQuery()).data;
  const stripeKey = providerConfig?.provider === 'stripe' ? providerConfig.publishable_key : null;
  const methods =
    providerConfig?.provider === 'stripe' && !stripeKey
      ? PAYMENT_METHODS.filter((m) => m === 'mbway')
      : [...PAYMENT_METHODS];

  const [state, dispatch] = useReducer(checkoutReducer, { request, resume }, initialState);
  const orderKey = useRef(resume?.orderKey ?? newIdempotencyKey());
  useEffect(() => {
    if (customer) onSave({ request, customerId: customer.id, state, orderKey: orderKey.current });
  }, [request, customer, state, onSave]);

  useEffect(() => {
    if (existing.data) dispatch({ type: 'orderLoaded', order: existing.data });
  }, [existing.data]);
  useEffect(() => {
    if (customer && !state.prefilled) dispatch({ type: 'customerLoaded', customer });
  }, [customer, state.prefilled]);

  async function finishPaid(orderId: number) {
    const fresh = await qc.fetchQuery(orderQuery(orderId));
    dispatch({ type: 'paid', order: fresh });
    void qc.invalidateQueries({ queryKey: ['orders'] });
    void qc.invalidateQueries({ queryKey: ['events', 'detail'] });
    void qc.invalidateQueries({ queryKey: ['cart'] });
  }

  const countdown = useMbwayWaiting(state, dispatch, finishPaid);
  const promo = usePromoCode(request, cart.data, isTopup || !!request.orderId || !!state.order);
  const source = { order: state.order, topupCents: request.topupCents, cart: cart.data, quote: promo.quote };
  const rows = summaryRows(source, t);
  const totals = summaryTotals(source, t);
  const usesStripeFields = !!state.method && state.method !== 'mbway' && !!stripeKey;

  const confirmSummary = () => {
    const belowMin = linesBelowMinimum(cart.data);
    if (!isTopup && !rows.length) {
      void showAlert({ type: 'warning', title: t('errors.title'), text: t('cart:errors.cart_empty') });
    } else if (belowMin.length) {
      void showAlert({
        type: 'warning',
        title: t('errors.title'),
        text: t('errors.below_min', {
          items: belowMin.map((i) => `${i.ticket_name} (${i.min_per_order})`).join(', '),
        }),
      });
    } else dispatch({ type: 'summaryConfirmed' });
  };

  const submitBilling = () => dispatch({ type: 'billingSubmitted', errors: billingErrors(state.billing, t) });

  const submitPayment = async () => {
    const { method, phone, card } = state;
    const errors = paymentErrors({ method, phone, card, stripeFields: usesStripeFields, now: new Date() }, t);
    dispatch({ type: 'paymentSubmitted', errors });
    if (Object.keys(errors).length) return;
    try {
      await pay(
        { state, request, token, stripeFields: usesStripeFields, promoCode: promo.quote?.code },
        { qc, t, dispatch, orderKey: orderKey.current, finishPaid },
      );
    } finally {
      dispatch({ type: 'paymentSettled' });
    }
  };

  const goTickets = () => {
    const order = state.order;
    if (order) enterEvent({ id: order.event.id, slug: order.event.slug, name: order.event.name });
    reset();
    navigate(request.returnTo ?? paths.dashboardTickets);
  };
  const goOrders = () => {
    reset();
    navigate(paths.dashboardOrders);
  };

  return {
    state,
    dispatch,
    cartLoading: cart.isLoading,
    rows,
    totals,
    promo: isTopup || request.orderId ? null : promo,
    methods,
    stripeKey,
    usesStripeFields,
    countdown,
    close: reset,
    confirmSummary,
    submitBilling,
    submitPayment,
    goTickets,
    goOrders,
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;

/**
 * Creates the order (once: the attempt's Idempotency-Key) unless it exists, then asks for the
 * payment and moves the flow on: paid → success, a redirect → the provider's page, Stripe →
 * its fields, MB WAY → waiting. Failures are shown as alerts; the order stays payable.
 */
async function pay(
  {
    state,
    request,
    token,
    stripeFields,
    promoCode,
  }: {
    state: CheckoutState;
    request: CheckoutRequest;
    token: string;
    stripeFields: boolean;
    /** the promo code applied in the summary */
    promoCode?: string;
  },
  {
    qc,
    t,
    dispatch,
    orderKey,
    finishPaid,
  }: {
    qc: QueryClient;
    t: Translate;
    dispatch: Dispatch<CheckoutEvent>;
    orderKey: string;
    finishPaid(orderId: number): Promise<void>;
  },
) {
  const { billing, method, phone, card } = state;
  const isTopup = !!request.topupCents;
  let current = state.order;
  if (!current) {
    // the access code that unlocked hidden tickets of the cart goes with the order
    const access = isTopup ? undefined : readEventCodes(request.eventId).access;
    try {
      const res = await createOrder(
        {
          event_id: request.eventId,
          // the event's link: a private event is ordered only with it
          event_slug: request.eventSlug,
          include_cart: !isTopup,
          ...(isTopup ? { topup_cents: request.topupCents } : {}),
          billing: {
            name: billing.name,
            country: billing.country,
            document: billing.document,
            postal_code: billing.postal_code,
          },
          ...(billing.receipt_email ? { receipt_email: billing.receipt_email } : {}),
          ...(promoCode && !isTopup ? { promo_code: promoCode } : {}),
          ...(access ? { access_code: access } : {}),
        },
        orderKey,
      );
      current = res.data;
      dispatch({ type: 'orderCreated', order: current });
      void qc.invalidateQueries({ queryKey: cartKey(request.eventId, token) });
    } catch (err) {
      // the session ended: login, then this same step again (not the summary)
      if (isSessionExpired(err)) return void endExpiredSession();
      await showAlert({
        type: 'error',
        title: t('errors.title'),
        text: err instanceof ApiError ? err.message : t('errors.unknown'),
      });
      dispatch({
        type: 'orderRejected',
        backToSummary: err instanceof ApiError && err.status >= 400 && err.status < 500,
      });
      return;
    }
  }
  if (method === 'mbway')
    writeStorage(STORAGE_KEYS.mbway, { countryIso2: phone.countryIso2, national: phone.national });
  try {
    const res = await payOrder(
      current.id,
      payBody({ method: method!, phone, card, stripeFields }),
      newIdempotencyKey(),
    );
    const { payment, order } = res.data;
    dispatch({ type: 'paymentAnswered', order });
    // a bank's page (3-D Secure) may take the buyer away: /payment/redirects brings them back here
    rememberPaymentReturn({
      orderId: order.id,
      eventId: order.event.id,
      eventSlug: order.event.slug,
      returnTo: request.returnTo ?? null,
    });
    if (order.status === 'paid') return void (await finishPaid(order.id));
    if (payment.status === 'requires_action' && payment.redirect_url) {
      window.location.assign(payment.redirect_url);
      return;
    }
    if (stripeFields && payment.client_secret) {
      dispatch({ type: 'stripeRequired', clientSecret: payment.client_secret });
      return;
    }
    dispatch({ type: 'mbwayRequested', paymentRef: payment.reference, expiresAt: payment.expires_at });
  } catch (err) {
    if (isSessionExpired(err)) return void endExpiredSession();
    await showAlert({
      type: 'error',
      title: t('errors.payment_title'),
      text: err instanceof ApiError ? err.message : t('errors.payment_failed'),
    });
  }
}
