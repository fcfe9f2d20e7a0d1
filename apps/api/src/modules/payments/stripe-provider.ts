import Stripe from 'stripe';
import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import {
  CARD_ATTEMPT_WINDOW_MS,
  maskPhone,
  type PaymentProvider,
  type ProviderStatus,
} from './payment-provider';

/**
 * Stripe's HTTP goes through the platform `fetch`, looked up at call time (not captured when
 * the client is built), so tests can stand in for api.stripe.com with a stubbed fetch.
 */
export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    httpClient: Stripe.createFetchHttpClient((url: string | URL, init?: RequestInit) =>
      globalThis.fetch(url, init),
    ),
  });
}

export function mapIntentStatus(status: Stripe.PaymentIntent.Status): ProviderStatus {
  switch (status) {
    case 'succeeded':
      return 'approved';
    case 'canceled':
      return 'declined';
    case 'requires_action':
      return 'requires_action';
    default:
      return 'pending';
  }
}

/**
 * Stripe PaymentIntents (EUR). Card, Apple Pay and Google Pay are confirmed in the browser
 * with Stripe's own elements and the client secret (PCI DSS SAQ A: no card number reaches
 * us); MB WAY is confirmed here with the customer's phone and then waits for the app.
 * The outcome arrives by webhook (`payment_intent.succeeded` / `payment_failed`).
 */
export function stripeProvider(secretKey: string): PaymentProvider {
  const stripe = stripeClient(secretKey);
  return {
    name: 'stripe',
    async create(input, now) {
      const common = {
        amount: input.amountCents,
        currency: 'eur',
        metadata: {
          order_id: String(input.orderId),
          order_reference: input.orderReference,
          payment: input.reference,
        },
      };
      if (input.method === 'mbway') {
        const pi = await stripe.paymentIntents.create(
          {
            ...common,
            payment_method_types: ['mb_way'],
            payment_method_data: {
              type: 'mb_way',
              billing_details: { phone: input.mbwayPhone },
            } as unknown as Stripe.PaymentIntentCreateParams.PaymentMethodData,
            confirm: true,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          status: mapIntentStatus(pi.status),
          providerRef: pi.id,
          display: `MB WAY ${maskPhone(input.mbwayPhone ?? '')}`,
          expiresAt: new Date(now.getTime() + MBWAY_COUNTDOWN_MS),
        };
      }
      const pi = await stripe.paymentIntents.create(
        { ...common, automatic_payment_methods: { enabled: true, allow_redirects: 'always' } },
        { idempotencyKey: input.idempotencyKey },
      );
      const label =
        input.method === 'google_pay' ? 'Google Pay' : input.method === 'apple_pay' ? 'Apple Pay' : 'Card';
      return {
        status: mapIntentStatus(pi.status),
        providerRef: pi.id,
        display: label,
        clientSecret: pi.client_secret ?? undefined,
        expiresAt: new Date(now.getTime() + CARD_ATTEMPT_WINDOW_MS),
      };
    },
    async retrieve(providerRef) {
      const pi = await stripe.paymentIntents.retrieve(providerRef);
      return mapIntentStatus(pi.status);
    },
    async cancel(providerRef) {
      // an intent already succeeded cannot be cancelled: Stripe refuses and the webhook pays
      await stripe.paymentIntents.cancel(providerRef, { cancellation_reason: 'abandoned' });
    },
    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.providerRef, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new Error(`stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? ''}`);
      return { refundRef: refund.id };
    },
  };
}
