/**
 * Chargebacks: a buyer's bank disputes a payment. Stripe tells by `charge.dispute.created`,
 * `.updated`, `.closed` (its webhook, payment-confirmation.service.ts); the sandbox makes one
 * by a development route. Each dispute is one payment_disputes row at its latest status;
 * payouts count the money taken back (open or lost disputes) against the organiser.
 */
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { chargebacksOfEvents, upsertDispute, type DisputeStatus } from './disputes.repository';
import { findPaymentById, findPaymentByRef } from './payments.repository';
import { paymentErrors } from './payments.errors';

/**
 * Stripe's dispute statuses in ours: an inquiry (warning_*) takes no money; needs_response and
 * under_review hold the money back while it is decided; won and prevented give it back.
 */
export function disputeStatusOf(stripeStatus: string): DisputeStatus {
  switch (stripeStatus) {
    case 'warning_needs_response':
    case 'warning_under_review':
      return 'inquiry';
    case 'warning_closed':
      return 'closed';
    case 'won':
    case 'prevented':
      return 'won';
    case 'lost':
      return 'lost';
    default:
      return 'open';
  }
}

/** Records a dispute of a payment at its latest status, audited. */
async function recordDispute(
  db: Db,
  d: {
    paymentId: number;
    provider: string;
    disputeRef: string;
    amountCents: number;
    status: DisputeStatus;
    reason: string;
  },
  actor: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await upsertDispute(tx, d, now);
    await audit(tx, {
      actor,
      action: 'payment.dispute',
      entity: 'payment',
      entityId: d.paymentId,
      data: { dispute_ref: d.disputeRef, status: d.status, amount_cents: d.amountCents, reason: d.reason },
    });
    return row;
  });
}

/** A Stripe `charge.dispute.*` event's dispute object (the fields read). */
export interface StripeDispute {
  id: string;
  amount: number;
  status: string;
  reason?: string | null;
  payment_intent?: string | { id: string } | null;
}

/** A Stripe dispute event: answers `dispute` or `unknown_payment` (not one of ours). */
export async function handleStripeDispute(db: Db, dispute: StripeDispute, now: Date): Promise<string> {
  const intent =
    typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  const payment = intent ? await findPaymentByRef(db, intent) : undefined;
  if (!payment) return 'unknown_payment';
  await recordDispute(
    db,
    {
      paymentId: payment.id,
      provider: 'stripe',
      disputeRef: dispute.id,
      amountCents: dispute.amount,
      status: disputeStatusOf(dispute.status),
      reason: dispute.reason ?? '',
    },
    'stripe-webhook',
    now,
  );
  return 'dispute';
}

/**
 * Development only: the sandbox's bank disputes a sandbox payment (one dispute per payment,
 * moved to the status asked). Throws 404 (unknown or not a sandbox payment).
 */
export async function sandboxDispute(
  db: Db,
  input: { paymentId: number; status: DisputeStatus; amountCents?: number; reason?: string },
  now: Date,
) {
  const payment = await findPaymentById(db, input.paymentId);
  if (!payment || payment.provider !== 'sandbox') throw paymentErrors.notFound();
  return recordDispute(
    db,
    {
      paymentId: payment.id,
      provider: 'sandbox',
      disputeRef: `dp_sandbox_${payment.id}`,
      amountCents: input.amountCents ?? payment.amountCents,
      status: input.status,
      reason: input.reason ?? 'fraudulent',
    },
    'sandbox-bank',
    now,
  );
}

/** Each event's chargebacks (money taken back by open or lost disputes) opened in [fromAt, toAt). */
export const chargebackTotals = (db: DbOrTx, eventIds: number[], fromAt: Date | null, toAt: Date | null) =>
  chargebacksOfEvents(db, eventIds, fromAt, toAt);
