/**
 * The organiser's refunds to buyers' payment methods (issue 27 item 6, beside the wallet
 * requests of wallet/refunds.admin.*): cancellation refunds and every other refund of an
 * order's payment, read from the payment that records them, and a failed one tried again
 * through the provider by a person. The write is the refund job's own
 * (payment-refunds.service.ts `refundThroughProvider`).
 */
import {
  ADMIN_PAYMENT_REFUNDS_PER_PAGE,
  CANCELLATION_REFUND_REASONS,
  type AdminPaymentRefundListQuery,
  type AdminPaymentRefundListResponse,
  type AdminPaymentRefundView,
} from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import type { Db, DbOrTx } from '../../db/client';
import { refundAmountOf, refundThroughProvider } from './payment-refunds.service';
import type { PaymentProvider } from './payment-provider';
import { paymentErrors } from './payments.errors';
import { findPaymentForUpdate } from './payments.repository';
import {
  orderRefundsOfEvents,
  organizerFailedRefundCount,
  organizerPaymentRefund,
  organizerPaymentRefunds,
  type RefundQueueRow,
} from './refund-queue.repository';
import './refund-queue.messages';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function viewOf(r: RefundQueueRow): AdminPaymentRefundView {
  const isPayment = r.source === 'payment';
  return {
    source: r.source,
    id: Number(r.id),
    kind:
      isPayment && (CANCELLATION_REFUND_REASONS as readonly (string | null)[]).includes(r.reason)
        ? 'cancellation'
        : 'order_refund',
    reason: r.reason,
    status: r.status,
    amount_cents: isPayment
      ? refundAmountOf({
          amountCents: Number(r.payment_cents),
          meta: { refund_cents: r.refund_cents === null ? undefined : Number(r.refund_cents) },
        })
      : Number(r.payment_cents),
    event: { id: Number(r.event_id), name: r.event_name },
    order: { id: Number(r.order_id), reference: r.reference },
    customer: {
      name: [r.first_name, r.last_name].filter(Boolean).join(' ').trim(),
      email: r.email,
      mobile: r.mobile,
    },
    provider: r.provider,
    attempts: Number(r.attempts),
    error: r.error,
    updated_at: iso(r.updated_at)!,
    refunded_at: iso(r.refunded_at),
  };
}

/** A page of the organiser's payment refunds (25, the latest moved first) and how many failed. */
export async function listOrganizerPaymentRefunds(
  db: Db,
  organizerId: number,
  q: AdminPaymentRefundListQuery,
): Promise<AdminPaymentRefundListResponse> {
  const perPage = ADMIN_PAYMENT_REFUNDS_PER_PAGE;
  const [page, failed] = await Promise.all([
    organizerPaymentRefunds(db, organizerId, {
      kind: q.kind,
      status: q.status,
      eventId: q.event_id,
      page: q.page,
      perPage,
    }),
    organizerFailedRefundCount(db, organizerId),
  ]);
  return {
    data: page.rows.map(viewOf),
    meta: {
      page: q.page,
      per_page: perPage,
      total: page.total,
      last_page: Math.max(1, Math.ceil(page.total / perPage)),
      failed,
    },
  };
}

/**
 * A person tries a failed refund again through the provider, once. The payment row is locked
 * for the attempt, so concurrent retries queue behind it and find it no longer failed
 * (`retried: false`, nothing sent); the provider's idempotency key `refund:payment:<id>` makes
 * one refund even if an answer was lost. Throws 404 (not a refund of the organiser's events).
 */
export async function retryOrganizerRefund(
  ctx: { db: Db; provider: PaymentProvider },
  organizerId: number,
  paymentId: number,
  actor: string,
  now: Date,
): Promise<{ refund: AdminPaymentRefundView; retried: boolean }> {
  if (!(await organizerPaymentRefund(ctx.db, organizerId, 'payment', paymentId)))
    throw paymentErrors.notFound();
  const retried = await ctx.db.transaction(async (tx) => {
    const payment = await findPaymentForUpdate(tx, paymentId);
    if (payment?.status !== 'refund_failed') return false;
    await refundThroughProvider(tx, ctx.provider, payment, actor, now);
    return true;
  });
  const row = await organizerPaymentRefund(ctx.db, organizerId, 'payment', paymentId);
  if (!row) throw paymentErrors.notFound();
  return { refund: viewOf(row), retried };
}

export interface EventOrderRefunds {
  /** given back or owed back */
  refundsCents: number;
  /** owed back: the provider has not given it back yet (pending or failed) */
  owedCents: number;
  /** the platform's service fee inside the refunds */
  serviceFeeCents: number;
  /** online wallet top-ups given back to the card (lines refunded by the team) */
  topupCents: number;
}

/**
 * Each event's order refunds dated in [fromAt, toAt) (null: open on that side), for payouts,
 * split into the service fee, top-ups and tickets they gave back. A line refund carries its
 * split; a whole order given back by its payment gives back the service fee the line refunds
 * left (its top-ups stay in the wallet) and tickets for the rest.
 */
export async function orderRefundTotals(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<Map<number, EventOrderRefunds>> {
  const out = new Map<number, EventOrderRefunds>();
  for (const r of await orderRefundsOfEvents(db, eventIds, fromAt, toAt)) {
    const isPayment = r.source === 'payment';
    const cents = isPayment
      ? refundAmountOf({
          amountCents: Number(r.payment_cents),
          meta: { refund_cents: r.meta_refund_cents === null ? undefined : Number(r.meta_refund_cents) },
        })
      : Number(r.payment_cents);
    const e = out.get(Number(r.event_id)) ?? {
      refundsCents: 0,
      owedCents: 0,
      serviceFeeCents: 0,
      topupCents: 0,
    };
    e.refundsCents += cents;
    if (r.owed) e.owedCents += cents;
    e.serviceFeeCents += isPayment
      ? Math.max(0, Math.min(Number(r.service_cents), cents))
      : Number(r.service_cents);
    e.topupCents += isPayment ? 0 : Number(r.topup_cents);
    out.set(Number(r.event_id), e);
  }
  return out;
}
