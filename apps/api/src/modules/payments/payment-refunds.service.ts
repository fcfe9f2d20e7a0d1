import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { paymentErrors } from './payments.errors';
import type { PaymentProvider } from './payment-provider';
import {
  claimDueRefund,
  findPaymentForUpdate,
  listPaymentsByStatus,
  updatePayment,
} from './payments.repository';
import './payments.messages';

/** After this many failed attempts a refund is `refund_failed` and waits for an operator. */
export const REFUND_MAX_ATTEMPTS = 8;

/**
 * What a refund gives back: the whole payment, or the part an order refund set
 * (`meta.refund_cents`, order-refund.service.ts: an order's wallet top-ups stay in the wallet).
 */
export function refundAmountOf(payment: { amountCents: number; meta: Record<string, unknown> }): number {
  const part = payment.meta.refund_cents;
  return typeof part === 'number' && Number.isSafeInteger(part) && part > 0 && part < payment.amountCents
    ? part
    : payment.amountCents;
}

/** 1 min, 2, 4 … capped at 6 h between attempts. */
export const refundBackoffMs = (attempts: number) => Math.min(2 ** (attempts - 1) * 60_000, 6 * 3_600_000);

/**
 * Job: gives back, through the provider, every payment owed back to its customer
 * (`refund_pending`: a second approval of an order already paid, a late approval without
 * stock). One payment per transaction, claimed with FOR UPDATE SKIP LOCKED and kept locked
 * until the provider answered, so two workers never refund one payment twice; the provider
 * call carries `refund:payment:<id>` as idempotency key, so a worker that dies before
 * recording the answer gets the same refund back on the retry. Success → `refunded` with the
 * provider's refund id; failure → retried with backoff, the reason kept, and after
 * REFUND_MAX_ATTEMPTS `refund_failed` (listed by `npm run ops -- payments refund-pending`).
 * Answers how many payments it handled.
 */
export async function refundDuePayments(
  ctx: { db: Db; provider: PaymentProvider },
  now: Date,
  batch = 10,
): Promise<number> {
  let handled = 0;
  for (; handled < batch; handled++) {
    const found = await ctx.db.transaction(async (tx) => {
      const payment = await claimDueRefund(tx, now);
      if (!payment) return false;
      await refundThroughProvider(tx, ctx.provider, payment, `${ctx.provider.name}-refund-job`, now);
      return true;
    });
    if (!found) break;
  }
  return handled;
}

type PaymentRow = NonNullable<Awaited<ReturnType<typeof findPaymentForUpdate>>>;

/**
 * The one refund write: gives a payment the caller holds locked (refund_pending or
 * refund_failed) back through the provider with the idempotency key `refund:payment:<id>`, so
 * the provider makes one refund however many times it is asked. Success → `refunded` with the
 * provider's refund id; failure → the reason kept, retried with backoff, and `refund_failed`
 * after REFUND_MAX_ATTEMPTS (or at once when it was already failed: a person tried it again).
 * Answers the status it left.
 */
export async function refundThroughProvider(
  tx: DbOrTx,
  provider: PaymentProvider,
  payment: PaymentRow,
  actor: string,
  now: Date,
): Promise<'refunded' | 'refund_pending' | 'refund_failed'> {
  try {
    if (payment.provider !== provider.name || !payment.providerRef)
      throw new Error(
        `payment of provider ${payment.provider}; this server refunds through ${provider.name}`,
      );
    const { refundRef } = await provider.refund({
      providerRef: payment.providerRef,
      amountCents: refundAmountOf(payment),
      idempotencyKey: `refund:payment:${payment.id}`,
    });
    await updatePayment(
      tx,
      payment.id,
      {
        status: 'refunded',
        refundRef,
        refundedAt: now,
        refundAttempts: payment.refundAttempts + 1,
        refundError: null,
        refundNextAt: null,
      },
      now,
    );
    await audit(tx, {
      actor,
      action: 'payment.refunded',
      entity: 'payment',
      entityId: payment.id,
      data: { refund_ref: refundRef, amount_cents: refundAmountOf(payment) },
    });
    return 'refunded';
  } catch (err) {
    const attempts = payment.refundAttempts + 1;
    const gaveUp = attempts >= REFUND_MAX_ATTEMPTS || payment.status === 'refund_failed';
    await updatePayment(
      tx,
      payment.id,
      {
        status: gaveUp ? 'refund_failed' : 'refund_pending',
        refundAttempts: attempts,
        refundError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        refundNextAt: new Date(now.getTime() + refundBackoffMs(attempts)),
      },
      now,
    );
    if (gaveUp)
      await audit(tx, {
        actor,
        action: 'payment.refund_failed',
        entity: 'payment',
        entityId: payment.id,
        data: { attempts },
      });
    return gaveUp ? 'refund_failed' : 'refund_pending';
  }
}

/**
 * An operator gives a refund the job gave up on back to it (after fixing the cause).
 * Throws 404 (unknown payment), 409 (not refund_failed).
 */
export async function retryFailedRefund(db: Db, paymentId: number, actor: string, now: Date) {
  return db.transaction(async (tx) => {
    const payment = await findPaymentForUpdate(tx, paymentId);
    if (!payment) throw paymentErrors.notFound();
    if (payment.status !== 'refund_failed') throw paymentErrors.refundNotFailed();
    await updatePayment(
      tx,
      payment.id,
      { status: 'refund_pending', refundAttempts: 0, refundNextAt: null },
      now,
    );
    await audit(tx, { actor, action: 'payment.refund_retry', entity: 'payment', entityId: payment.id });
    return { id: payment.id, status: 'refund_pending' };
  });
}

/** Statuses an operator lists: money still owed back (and, on request, what was given back). */
export const OPERATOR_PAYMENT_STATUSES = ['refund_pending', 'refund_failed', 'refunded'] as const;

/** Payments owed back (or given back) with their refund state, for operators. */
export async function operatorListPayments(db: Db, statuses: readonly string[]) {
  const rows = await listPaymentsByStatus(db, [...statuses]);
  return rows.map(({ payment: p, orderReference }) => ({
    id: p.id,
    reference: p.providerRef ?? String(p.id),
    order_id: p.orderId,
    order_reference: orderReference,
    provider: p.provider,
    method: p.method,
    amount_cents: p.amountCents,
    status: p.status,
    refund_ref: p.refundRef,
    refund_attempts: p.refundAttempts,
    refund_error: p.refundError,
    refund_next_at: p.refundNextAt?.toISOString() ?? null,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    updated_at: p.updatedAt.toISOString(),
  }));
}
