import type Stripe from 'stripe';
import type { PaymentMethod } from '@bilheteira/shared/schemas/orders';
import type { Db } from '../../db/client';
import { findOrderById, findOwnedOrder } from '../orders/orders.service';
import { declinePayment, fulfilPayment } from './fulfilment.service';
import { newPaymentRef } from './pay-order.service';
import type { PaymentsContext } from './payments.context';
import { paymentErrors } from './payments.errors';
import {
  expireOpenPayments,
  findPaymentByRef,
  forgetAttemptRequests,
  insertPayment,
} from './payments.repository';
import { handleStripeDispute } from './disputes.service';

/** A payment of the customer by its public reference (another customer's: 404). */
export async function findOwnedPayment(db: Db, customerId: number, reference: string) {
  const payment = await findPaymentByRef(db, reference);
  if (!payment) throw paymentErrors.notFound();
  const order = await findOwnedOrder(db, customerId, payment.orderId);
  if (!order) throw paymentErrors.notFound();
  return { payment, order };
}

/**
 * A verified Stripe event: payment_intent.succeeded fulfils, payment_intent.payment_failed
 * declines; the event id makes redelivery a no-op. Other events are acknowledged.
 */
export async function handleStripeEvent(
  ctx: PaymentsContext,
  event: Stripe.Event,
  now: Date,
): Promise<string> {
  if (
    event.type === 'charge.dispute.created' ||
    event.type === 'charge.dispute.updated' ||
    event.type === 'charge.dispute.closed'
  )
    return handleStripeDispute(ctx.db, event.data.object, now);
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
    return 'ignored';
  const intent = event.data.object;
  const payment = await findPaymentByRef(ctx.db, intent.id);
  if (!payment) return 'unknown_payment';
  const c = { provider: 'stripe', eventRef: event.id, paymentId: payment.id, type: event.type };
  if (event.type === 'payment_intent.succeeded')
    return fulfilPayment(ctx.db, c, now, { publicUrl: ctx.publicUrl });
  await declinePayment(ctx.db, c, intent.last_payment_error?.code ?? 'payment_failed', now);
  return 'declined';
}

/**
 * The customer is back from a provider page (/payment/redirects): ask the provider for the
 * state and fulfil if it succeeded (same exactly-once path as the webhook).
 */
export async function syncReturn(ctx: PaymentsContext, customerId: number, reference: string, now: Date) {
  const { payment } = await findOwnedPayment(ctx.db, customerId, reference);
  if (payment.provider === 'stripe' && ctx.provider.name === 'stripe' && payment.providerRef) {
    const status = await ctx.provider.retrieve(payment.providerRef).catch(() => 'pending' as const);
    const c = { provider: 'stripe', paymentId: payment.id };
    if (status === 'approved')
      await fulfilPayment(
        ctx.db,
        { ...c, eventRef: `stripe:return:${payment.providerRef}`, type: 'return' },
        now,
        {
          publicUrl: ctx.publicUrl,
        },
      );
    else if (status === 'declined')
      await declinePayment(
        ctx.db,
        { ...c, eventRef: `stripe:return-declined:${payment.providerRef}`, type: 'return' },
        'declined',
        now,
      );
  }
  return findOwnedPayment(ctx.db, customerId, reference);
}

/** How long a closed attempt remembers its request (a parallel repeat arrives within seconds). */
export const REQUEST_MEMORY_MS = 10 * 60_000;

/**
 * Job: attempts whose window ended (MB WAY unanswered after 4 minutes) become expired, and
 * attempts closed for REQUEST_MEMORY_MS forget the request (MB WAY phone). Answers how many expired.
 */
export async function expirePaymentAttempts(db: Db, now: Date): Promise<number> {
  const expired = await expireOpenPayments(db, now);
  await forgetAttemptRequests(db, new Date(now.getTime() - REQUEST_MEMORY_MS));
  return expired;
}

/**
 * Demo data: an attempt approved by the sandbox at `at`, fulfilled through the same
 * exactly-once path as a real confirmation (tickets, wallet credit, email).
 */
export async function recordSeedPayment(
  db: Db,
  orderId: number,
  p: { method: PaymentMethod; display: string },
  at: Date,
  publicUrl: string,
): Promise<void> {
  const order = await findOrderById(db, orderId);
  if (!order) throw new Error(`seed order ${orderId} missing`);
  const reference = newPaymentRef();
  const payment = await insertPayment(db, {
    orderId,
    provider: 'sandbox',
    method: p.method,
    providerRef: reference,
    status: 'pending',
    amountCents: order.totalCents,
    meta: { display: p.display },
  });
  await fulfilPayment(
    db,
    {
      provider: 'sandbox',
      paymentId: payment.id,
      eventRef: `sandbox:${reference}:approved`,
      type: 'approved',
    },
    at,
    { publicUrl },
  );
}
