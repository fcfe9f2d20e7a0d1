import { isOpenPaymentStatus } from '@bilheteira/shared/schemas/orders';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { issueTicketsForOrder } from '../tickets/ticket-issuing.service';
import { creditOnlineTopUp } from '../wallet/wallet-ledger.service';
import { findLines, findOrderForUpdate, markOrderPaid } from '../orders/orders.service';
import { claimsOf, commitStock, reserveStock, retakeCodeUses } from '../orders/orders.service';
import {
  findPaymentById,
  findPaymentForUpdate,
  recordPaymentEvent,
  updatePayment,
} from './payments.repository';
import './payments.messages';
import { queueOrderPaidEmail } from './order-paid-notice.service';

export type FulfilmentOutcome =
  'fulfilled' | 'duplicate' | 'already_paid' | 'refund_pending' | 'refunded' | 'not_found';

/** Money owed back or given back: such a payment never pays an order again. */
const REFUND_STATUSES = ['refund_pending', 'refund_failed', 'refunded'];

/** A confirmation from a provider: its event id makes a repeat a no-op. */
export interface Confirmation {
  provider: string;
  /** unique per provider event (Stripe event id, sandbox approval id, return-redirect id) */
  eventRef: string;
  paymentId: number;
  type: string;
}

/**
 * Fulfils a paid payment exactly once, in ONE transaction that also records the provider
 * event: order → paid, reserved stock → sold, tickets issued, wallet credited, confirmation
 * email queued. A repeated event (same eventRef) or a second confirmation of an order
 * already paid changes nothing. An approval that arrives after the order expired takes the
 * stock again if it is still there; if not, the payment is flagged for refund (refund_pending),
 * which the refund job (payment-refunds.service.ts) gives back through the provider.
 */
export async function fulfilPayment(
  db: Db,
  c: Confirmation,
  now: Date,
  opts: { publicUrl: string },
): Promise<FulfilmentOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, c))) return 'duplicate';
    const attempt = await findPaymentById(tx, c.paymentId);
    if (!attempt) return 'not_found';
    // the order row first, then the payment: the order payOrder locks before closing its
    // attempts, so a confirmation and a new attempt on one order never deadlock
    const order = await findOrderForUpdate(tx, attempt.orderId);
    if (!order) return 'not_found';
    const payment = await findPaymentForUpdate(tx, c.paymentId);
    if (!payment) return 'not_found';
    // another confirmation of a payment already flagged for refund (a return redirect after
    // the webhook): it stays a refund, it must not pay the order or be refunded twice
    if (REFUND_STATUSES.includes(payment.status))
      return payment.status === 'refunded' ? 'refunded' : 'refund_pending';
    if (order.status === 'paid' || order.status === 'refunded') {
      if (payment.status !== 'approved') {
        // a second successful attempt on an order already paid: money to give back
        await updatePayment(tx, payment.id, { status: 'refund_pending' }, now);
        await audit(tx, {
          actor: c.provider,
          action: 'payment.duplicate_charge',
          entity: 'payment',
          entityId: payment.id,
        });
        return 'refund_pending';
      }
      return 'already_paid';
    }
    const lines = await findLines(tx, [order.id]);
    const claims = claimsOf(lines);
    if (order.status === 'cancelled') {
      // Late approval: try to take the places again, inside a savepoint.
      const ok = await tx
        .transaction(async (sp) => {
          const shortage = await reserveStock(sp, order.eventId, claims);
          if (shortage) throw new Error('shortage');
          // its promo / access code uses too (given back when it expired)
          if (!(await retakeCodeUses(sp, order))) throw new Error('code used up');
          return true;
        })
        .catch(() => false);
      if (!ok) {
        await updatePayment(tx, payment.id, { status: 'refund_pending' }, now);
        await audit(tx, {
          actor: c.provider,
          action: 'payment.late_no_stock',
          entity: 'payment',
          entityId: payment.id,
        });
        return 'refund_pending';
      }
    }
    await updatePayment(tx, payment.id, { status: 'approved' }, now);
    if (!(await markOrderPaid(tx, order.id, now))) return 'already_paid';

    const ticketLines = lines.filter((l) => l.kind === 'ticket' && l.ticketTypeId !== null);
    const ticketIds = ticketLines.length
      ? await issueTicketsForOrder(
          tx,
          {
            orderId: order.id,
            customerId: order.customerId,
            eventId: order.eventId,
            lines: ticketLines.map((l) => ({
              ticketTypeId: l.ticketTypeId!,
              sessionId: l.sessionId,
              qty: l.qty,
            })),
          },
          now,
        )
      : [];
    const topups = lines.filter((l) => l.kind === 'topup');
    for (const t of topups) {
      await creditOnlineTopUp(
        tx,
        {
          customerId: order.customerId,
          eventId: order.eventId,
          amountCents: t.unitCents * t.qty,
          idempotencyKey: `order:${order.id}:topup:${t.id}`,
          // a code: the wallet shows it in the reader's language (the order line keeps its text)
          description: { code: 'online_topup' },
          invoice: order.reference,
        },
        now,
      );
    }
    await queueOrderPaidEmail(tx, order, {
      ticketIds,
      topupCents: topups.reduce((n, t) => n + t.unitCents * t.qty, 0),
      publicUrl: opts.publicUrl,
      ticketLines,
    });
    await audit(tx, {
      actor: c.provider,
      action: 'order.paid',
      entity: 'order',
      entityId: order.id,
      data: { payment_id: payment.id, event_ref: c.eventRef, tickets: ticketIds.length },
    });
    // Reserved → sold LAST, just before the commit: the ticket type's row is the hot row of an
    // on-sale (every checkout of that type updates it), so it stays locked for one round trip
    // instead of the whole fulfilment (the order row lock above already makes this run once).
    await commitStock(tx, order.eventId, claims);
    return 'fulfilled';
  });
}

/** Records a declined attempt once, at `now`; the order stays pending and payable. */
export async function declinePayment(db: Db, c: Confirmation, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, c))) return false;
    const payment = await findPaymentForUpdate(tx, c.paymentId);
    if (!payment || !isOpenPaymentStatus(payment.status)) return false;
    await updatePayment(
      tx,
      payment.id,
      { status: 'declined', meta: { ...payment.meta, decline_code: reason } },
      now,
    );
    return true;
  });
}
