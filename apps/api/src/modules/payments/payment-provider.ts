import type { PaymentMethod } from '@bilheteira/shared/schemas/payments';

/** What our checkout asks a payment provider to do for one payment attempt. */
export interface CreatePaymentInput {
  /** our public reference of the attempt (sandbox uses it as its own reference) */
  reference: string;
  orderId: number;
  orderReference: string;
  amountCents: number;
  method: PaymentMethod;
  /** MB WAY phone (E.164) */
  mbwayPhone?: string;
  /** sandbox test cards only; never stored or logged */
  card?: { number: string; expiry: string; name: string };
  /** where the provider sends the customer back after a 3-D Secure step */
  returnUrl: string;
  /** our idempotency key for the provider call */
  idempotencyKey: string;
}

export type ProviderStatus = 'pending' | 'requires_action' | 'approved' | 'declined';

export interface ProviderResult {
  status: ProviderStatus;
  /** the provider's id of the payment (unique) */
  providerRef: string;
  /** masked label: "Visa •••• 4242", "MB WAY +351 ••• 678" */
  display: string;
  redirectUrl?: string;
  /** for Stripe Elements in the browser */
  clientSecret?: string;
  declineCode?: string;
  /** how long the customer has to act (MB WAY 4 minutes) */
  expiresAt?: Date;
}

/**
 * One interface for every provider: `sandbox` (default, offline) and `stripe`
 * (STRIPE_SECRET_KEY). Confirmations arrive later through `fulfilPayment` (webhook,
 * return redirect, sandbox approval), never trusted from the browser alone.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  create(input: CreatePaymentInput, now: Date): Promise<ProviderResult>;
  /** Asks the provider for the current state (return redirects). */
  retrieve(providerRef: string): Promise<ProviderStatus>;
  /**
   * Gives a captured payment back in full. The idempotency key makes a repeat (a worker that
   * died before recording the answer) return the same refund instead of a second one.
   * Throws when the provider refuses or cannot be reached (the refund job retries).
   */
  refund(input: RefundInput): Promise<{ refundRef: string }>;
  /**
   * Ends an attempt still waiting for the customer (MB WAY request given up), so the provider
   * does not charge it later. Throws when the provider refuses (already approved) or is down.
   */
  cancel?(providerRef: string): Promise<void>;
}

export interface RefundInput {
  /** the provider's id of the payment */
  providerRef: string;
  amountCents: number;
  idempotencyKey: string;
}

/** Card, Google Pay, Apple Pay: the browser or the bank answers within this window. */
export const CARD_ATTEMPT_WINDOW_MS = 10 * 60_000;

/** Masks a phone to its last three digits. */
export const maskPhone = (e164: string) => `${e164.slice(0, 4)} ••• ${e164.slice(-3)}`;

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}
