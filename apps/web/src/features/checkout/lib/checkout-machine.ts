import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import type { PaymentMethod } from '@bilheteira/shared/schemas/payments';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { customerPhoneValue, type PhoneValue } from '../../../lib/phone-value';

/**
 * The checkout as a state machine (spec §2/§4):
 *
 *   summary → billing → payment → waiting (MB WAY) → success
 *                          ↘ stripe (Stripe's own card fields) ↗
 *
 * A checkout of an existing order starts at `payment`. A decline, an expired MB WAY
 * request or the end of the countdown go back to `payment`; the order stays payable.
 * The reducer is pure: the hook (use-checkout-flow) runs the requests and alerts and
 * reports their outcome as events.
 */
export type CheckoutStep = 'summary' | 'billing' | 'payment' | 'stripe' | 'waiting' | 'success';

export interface Billing {
  name: string;
  country: string;
  document: string;
  postal_code: string;
  receipt_email: string;
}

export interface CardFields {
  number: string;
  expiry: string;
  name: string;
}

export type FieldErrors = Record<string, string>;

export interface CheckoutState {
  step: CheckoutStep;
  billing: Billing;
  /** the customer's data was copied into `billing` once */
  prefilled: boolean;
  /** field errors of the step on screen (billing and payment use distinct keys) */
  errors: FieldErrors;
  method: PaymentMethod | null;
  phone: PhoneValue;
  card: CardFields;
  /** the order once created (or the existing order being paid) */
  order: OrderDetailView | null;
  /** Stripe's PaymentIntent secret while the `stripe` step shows its fields */
  clientSecret: string | null;
  /** the MB WAY payment being waited for */
  paymentRef: string | null;
  expiresAt: string | null;
  /** a payment request is under way */
  busy: boolean;
}

export type CheckoutEvent =
  | { type: 'customerLoaded'; customer: CustomerView }
  | { type: 'orderLoaded'; order: OrderDetailView }
  | { type: 'billingChanged'; billing: Partial<Billing> }
  | { type: 'methodChosen'; method: PaymentMethod }
  | { type: 'phoneChanged'; phone: PhoneValue }
  | { type: 'cardChanged'; card: Partial<CardFields> }
  | { type: 'summaryConfirmed' }
  | { type: 'billingSubmitted'; errors: FieldErrors }
  | { type: 'backToSummary' }
  | { type: 'backToBilling' }
  | { type: 'paymentSubmitted'; errors: FieldErrors }
  | { type: 'orderCreated'; order: OrderDetailView }
  | { type: 'orderRejected'; backToSummary: boolean }
  | { type: 'paymentAnswered'; order: OrderDetailView }
  | { type: 'stripeRequired'; clientSecret: string }
  | { type: 'stripeCancelled' }
  | { type: 'mbwayRequested'; paymentRef: string; expiresAt: string | null }
  | { type: 'paymentFailed' }
  | { type: 'paymentSettled' }
  | { type: 'paid'; order: OrderDetailView };

export function initialCheckoutState({
  payExistingOrder,
  phone,
}: {
  payExistingOrder: boolean;
  phone: PhoneValue;
}): CheckoutState {
  return {
    step: payExistingOrder ? 'payment' : 'summary',
    billing: { name: '', country: 'PT', document: '', postal_code: '', receipt_email: '' },
    prefilled: false,
    errors: {},
    method: null,
    phone,
    card: { number: '', expiry: '', name: '' },
    order: null,
    clientSecret: null,
    paymentRef: null,
    expiresAt: null,
    busy: false,
  };
}

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'customerLoaded': {
      if (state.prefilled) return state;
      const c = event.customer;
      return {
        ...state,
        prefilled: true,
        billing: {
          ...state.billing,
          name: c.name_billing || `${c.first_name} ${c.last_name}`.trim(),
          document: c.document_billing ?? '',
          postal_code: c.postal_code ?? '',
          receipt_email: c.email ?? '',
        },
        // MB WAY is most often paid from one's own phone: the customer's mobile unless a
        // number used before is remembered on this device
        phone: c.mobile && !state.phone.national ? customerPhoneValue(c) : state.phone,
      };
    }
    case 'orderLoaded':
    case 'orderCreated':
    case 'paymentAnswered':
      return { ...state, order: event.order };
    case 'billingChanged':
      return { ...state, billing: { ...state.billing, ...event.billing } };
    case 'methodChosen':
      return { ...state, method: event.method };
    case 'phoneChanged':
      return { ...state, phone: event.phone };
    case 'cardChanged':
      return { ...state, card: { ...state.card, ...event.card } };
    case 'summaryConfirmed':
      return { ...state, step: 'billing' };
    case 'billingSubmitted':
      return {
        ...state,
        errors: event.errors,
        step: Object.keys(event.errors).length === 0 ? 'payment' : state.step,
      };
    case 'backToSummary':
      return { ...state, step: 'summary' };
    case 'backToBilling':
      return { ...state, step: 'billing' };
    case 'paymentSubmitted':
      return { ...state, errors: event.errors, busy: Object.keys(event.errors).length === 0 };
    case 'orderRejected':
      return event.backToSummary ? { ...state, step: 'summary' } : state;
    case 'stripeRequired':
      return { ...state, clientSecret: event.clientSecret, step: 'stripe' };
    case 'stripeCancelled':
      return { ...state, clientSecret: null, step: 'payment' };
    case 'mbwayRequested':
      return { ...state, paymentRef: event.paymentRef, expiresAt: event.expiresAt, step: 'waiting' };
    case 'paymentFailed':
      return { ...state, step: 'payment' };
    case 'paymentSettled':
      return { ...state, busy: false };
    case 'paid':
      return { ...state, order: event.order, step: 'success' };
  }
}

/** The three numbered steps ("Step n of 3"); -1 for waiting and success. */
export function stepIndex(step: CheckoutStep): number {
  return ['summary', 'billing', 'payment'].indexOf(step === 'stripe' ? 'payment' : step);
}
