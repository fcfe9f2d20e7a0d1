/**
 * The organiser's team refunds some or all lines of a paid order to the original payment method
 * (issue 27 item 2). One transaction decides, with the order locked (so concurrent refunds of
 * one order queue, and a repeated Idempotency-Key answers the first refund): the tickets are
 * cancelled (doors refuse them: a cancelled ticket's token is on the revocation list), their
 * places go back once (order-lifecycle recordLinesRefund), a top-up is taken back from the
 * wallet (only what it still holds unspent), the amounts follow shared/order-refund.ts (the
 * service cost in proportion to the tickets' value; all of it when every ticket is refunded, as
 * an event's cancellation does), the refund row is written `pending`, the `order.refund` audit
 * entry (the `order.refunded` webhook) and the buyer's email are written. Then the provider is
 * asked, outside that transaction, with the refund row locked and `refund:order-refund:<id>` as
 * its idempotency key: `refunded`, or `failed` with the provider's reason (the team retries it
 * from the order page; a refund left `pending` by a crash is retried by the payments job).
 */
import { formatEur } from '@bilheteira/shared/money';
import { isRefundRefusal, quoteRefund, type RefundRefusal } from '@bilheteira/shared/order-refund';
import type { AdminOrderRefund } from '@bilheteira/shared/schemas/backoffice-order-refunds';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import { findOrganizerOrder, orderRefundView } from '../orders/orders.admin.service';
import { orderErrors } from '../orders/orders.errors';
import { recordLinesRefund } from '../orders/order-lifecycle.service';
import { findLines, findOrderForUpdate, type OrderRow } from '../orders/orders.service';
import { cancelTicketsOfLine } from '../tickets/ticket-cancel.service';
import { lockUnspentOnlineCents, takeBackOnlineTopUp } from '../wallet/wallet-ledger.service';
import type { PaymentProvider } from './payment-provider';
import { findApprovedPaymentForUpdate, partlyRefundedCents } from './order-refund.repository';
import {
  claimStalePendingRefund,
  findOrderRefund,
  findOrderRefundByKey,
  insertOrderRefund,
  lockOrderRefund,
  updateOrderRefund,
  type OrderRefundRow,
} from './order-line-refund.repository';
import { orderLineRefundErrors as errors } from './order-line-refund.errors';
import { queueOrderRefundEmail } from './order-refund-email';
import { findPaymentById } from './payments.repository';

export interface OrderRefundContext {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
}

export interface RefundLinesInput {
  organizerId: number;
  orderId: number;
  all: boolean;
  lines: { line_id: number; qty?: number; amount_cents?: number }[];
  reason: string;
  idempotencyKey: string;
  actor: string;
}

/** The 400 or 422 a refused request answers, on the field it names. */
function refusalError(r: RefundRefusal) {
  const at = (i: number, f: string) => `lines.${i}.${f}`;
  switch (r.kind) {
    case 'unknown_line':
      return validationFailed({ [at(r.index, 'line_id')]: ['backoffice_refunds.unknown_line'] });
    case 'duplicate_line':
      return validationFailed({ [at(r.index, 'line_id')]: ['backoffice_refunds.duplicate_line'] });
    case 'qty_on_topup':
      return validationFailed({ [at(r.index, 'qty')]: ['validation.invalid'] });
    case 'amount_on_ticket':
      return validationFailed({ [at(r.index, 'amount_cents')]: ['validation.invalid'] });
    case 'too_many':
      return errors.tooMany(
        { left: r.left },
        { fieldErrors: { [at(r.index, 'qty')]: ['backoffice_refunds.too_many'] } },
      );
    case 'topup_too_much':
      return errors.topupTooMuch({ amount: formatEur(r.left) });
    case 'nothing':
      return errors.nothing();
  }
}

/** Decides the refund in one transaction (see the file's comment). */
async function decide(tx: Tx, input: RefundLinesInput, now: Date) {
  const found = await findOrganizerOrder(tx, input.organizerId, input.orderId);
  if (!found) throw orderErrors.notFound();
  const order = (await findOrderForUpdate(tx, found.order.id))!;
  const seen = await findOrderRefundByKey(tx, order.id, input.idempotencyKey);
  if (seen) return { row: seen, order, repeat: true };
  if (order.status !== 'paid') throw errors.notPaid();
  const lines = await findLines(tx, [order.id]);
  const refundable = lines.map((l) => ({
    id: l.id,
    kind: l.kind === 'topup' ? ('topup' as const) : ('ticket' as const),
    qty: l.qty,
    unitCents: l.unitCents,
    refundedQty: l.refundedQty,
    refundedCents: l.refundedCents,
  }));
  const withTopup = refundable.some((l) => l.kind === 'topup' && l.unitCents * l.qty > l.refundedCents);
  const unspent = withTopup ? await lockUnspentOnlineCents(tx, order.customerId, order.eventId) : 0;
  const quote = quoteRefund(
    refundable,
    order.serviceCents,
    input.all ? { all: true, topupCap: unspent } : { lines: input.lines },
  );
  if (isRefundRefusal(quote)) throw refusalError(quote);
  if (quote.topupCents > unspent) throw errors.topupSpent({ amount: formatEur(unspent) });
  const payment = await findApprovedPaymentForUpdate(tx, order.id);
  const left = payment ? payment.amountCents - (await partlyRefundedCents(tx, order.id)).amountCents : 0;
  if (quote.amountCents > left)
    throw errors.exceedsPaid({ amount: formatEur(quote.amountCents), left: formatEur(Math.max(0, left)) });
  const ticketIds: number[] = [];
  for (const p of quote.parts) {
    const line = lines.find((l) => l.id === p.line_id)!;
    if (p.kind === 'ticket' && line.ticketTypeId !== null)
      ticketIds.push(
        ...(await cancelTicketsOfLine(tx, {
          orderId: order.id,
          ticketTypeId: line.ticketTypeId,
          sessionId: line.sessionId,
          qty: p.qty,
        })),
      );
  }
  const orderStatus = await recordLinesRefund(
    tx,
    order,
    quote.parts.map((p) => ({ lineId: p.line_id, qty: p.qty, cents: p.cents })),
  );
  const row = await insertOrderRefund(tx, {
    orderId: order.id,
    paymentId: payment?.id ?? null,
    lines: quote.parts,
    ticketsCents: quote.ticketsCents,
    topupCents: quote.topupCents,
    serviceCents: quote.serviceCents,
    amountCents: quote.amountCents,
    ticketIds,
    // nothing to send back (a free order): done at once
    status: quote.amountCents > 0 ? 'pending' : 'refunded',
    refundedAt: quote.amountCents > 0 ? null : now,
    provider: payment?.provider ?? null,
    reason: input.reason,
    actor: input.actor,
    idempotencyKey: input.idempotencyKey,
    createdAt: now,
    updatedAt: now,
  });
  for (const p of quote.parts.filter((x) => x.kind === 'topup'))
    await takeBackOnlineTopUp(
      tx,
      {
        customerId: order.customerId,
        eventId: order.eventId,
        amountCents: p.cents,
        idempotencyKey: `order-refund:${row.id}:line:${p.line_id}`,
        orderReference: order.reference,
      },
      now,
    );
  await audit(tx, {
    actor: input.actor,
    action: 'order.refund',
    entity: 'order',
    entityId: order.id,
    data: {
      reason: 'backoffice',
      partial: orderStatus === 'paid',
      order_refund_id: row.id,
      refund_cents: quote.amountCents,
      service_cents: quote.serviceCents,
      topup_cents: quote.topupCents,
      lines: quote.parts,
      ticket_ids: ticketIds,
      payment_id: payment?.id ?? null,
    },
  });
  return { row, order: { ...order, status: orderStatus }, repeat: false, lines, payment };
}

/**
 * Refunds lines of the organiser's paid order (see the file's comment). Throws 404 (another
 * organiser's order), 400 (unknown or repeated line), 409 order_not_refundable, 422
 * refund_too_many | refund_topup_too_much | refund_topup_spent | refund_nothing | refund_exceeds_paid.
 */
export async function refundOrderLines(
  ctx: OrderRefundContext,
  input: RefundLinesInput,
  now: Date,
): Promise<{ refund: AdminOrderRefund; orderStatus: string }> {
  const decided = await ctx.db.transaction(async (tx) => {
    const d = await decide(tx, input, now);
    if (!d.repeat && d.lines) {
      const method = (d.payment?.meta as { display?: unknown } | undefined)?.display;
      await queueOrderRefundEmail(
        tx,
        d.order,
        {
          id: d.row.id,
          parts: d.row.lines.map((p) => ({
            kind: p.kind === 'topup' ? 'topup' : 'ticket',
            name: d.lines.find((l) => l.id === p.line_id)?.description ?? '',
            qty: p.qty,
            cents: p.cents,
          })),
          serviceCents: d.row.serviceCents,
          amountCents: d.row.amountCents,
          method: typeof method === 'string' && method ? method : (d.payment?.method ?? ''),
        },
        ctx.publicUrl,
      );
    }
    return d;
  });
  const row =
    !decided.repeat && decided.row.status === 'pending'
      ? await sendToProvider(ctx, decided.row, now)
      : decided.row;
  return { refund: orderRefundView(row), orderStatus: decided.order.status };
}

/**
 * Asks the provider for a pending refund, the row locked meanwhile (another caller holding it
 * gets the row as it is). `refunded` with the provider's id, or `failed` with its reason.
 */
async function sendToProvider(ctx: OrderRefundContext, refund: OrderRefundRow, now: Date) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockOrderRefund(tx, refund.orderId, refund.id);
    if (!row || row.status !== 'pending') return row ?? refund;
    try {
      const payment = row.paymentId === null ? undefined : await findPaymentById(tx, row.paymentId);
      if (!payment?.providerRef || payment.provider !== ctx.provider.name)
        throw new Error(
          `payment of provider ${payment?.provider ?? 'none'}; this server refunds through ${ctx.provider.name}`,
        );
      const { refundRef } = await ctx.provider.refund({
        providerRef: payment.providerRef,
        amountCents: row.amountCents,
        idempotencyKey: `refund:order-refund:${row.id}`,
      });
      const done = await updateOrderRefund(
        tx,
        row.id,
        { status: 'refunded', refundRef, refundedAt: now, attempts: row.attempts + 1, error: null },
        now,
      );
      await audit(tx, {
        actor: `${ctx.provider.name}-refund`,
        action: 'order.refund_sent',
        entity: 'order',
        entityId: row.orderId,
        data: { order_refund_id: row.id, refund_ref: refundRef, amount_cents: row.amountCents },
      });
      return done;
    } catch (err) {
      const failed = await updateOrderRefund(
        tx,
        row.id,
        {
          status: 'failed',
          attempts: row.attempts + 1,
          error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        },
        now,
      );
      await audit(tx, {
        actor: `${ctx.provider.name}-refund`,
        action: 'order.refund_failed',
        entity: 'order',
        entityId: row.orderId,
        data: { order_refund_id: row.id, amount_cents: row.amountCents, error: failed.error },
      });
      return failed;
    }
  });
}

/**
 * The team tries a failed refund again (after the cause was fixed): the same provider call and
 * key. Throws 404 (another organiser's order or refund), 409 refund_not_failed.
 */
export async function retryOrderRefund(
  ctx: OrderRefundContext,
  input: { organizerId: number; orderId: number; refundId: number; actor: string },
  now: Date,
): Promise<{ refund: AdminOrderRefund; orderStatus: string }> {
  const { row, order } = await ctx.db.transaction(async (tx) => {
    const found = await findOrganizerOrder(tx, input.organizerId, input.orderId);
    if (!found) throw orderErrors.notFound();
    const current = await lockOrderRefund(tx, found.order.id, input.refundId);
    if (!current) {
      if (await findOrderRefund(tx, found.order.id, input.refundId)) throw errors.notFailed();
      throw errors.refundNotFound();
    }
    if (current.status !== 'failed') throw errors.notFailed();
    await audit(tx, {
      actor: input.actor,
      action: 'order.refund_retry',
      entity: 'order',
      entityId: found.order.id,
      data: { order_refund_id: current.id },
    });
    return {
      row: await updateOrderRefund(tx, current.id, { status: 'pending' }, now),
      order: found.order as OrderRow,
    };
  });
  return { refund: orderRefundView(await sendToProvider(ctx, row, now)), orderStatus: order.status };
}

/** Job: a refund left `pending` for over a minute (its request died) is sent to the provider. */
export async function sendStalePendingRefunds(
  ctx: OrderRefundContext,
  now: Date,
  batch = 10,
): Promise<number> {
  let handled = 0;
  for (; handled < batch; handled++) {
    const row = await ctx.db.transaction((tx) =>
      claimStalePendingRefund(tx, new Date(now.getTime() - 60_000)),
    );
    if (!row) break;
    await sendToProvider(ctx, row, now);
  }
  return handled;
}
