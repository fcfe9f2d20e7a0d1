/**
 * An order's whole story for the organiser's team (issue 27 item 2): buyer, lines and amounts
 * (the customer's own order view, one rule for both), payments with the provider's references
 * and refunds, the tickets with their holder, check-ins (time and gate) and transfers, the
 * messages sent to the buyer about it, and the audit log, merged into one timeline.
 */
import { fromSessionDate } from '@bilheteira/shared/schemas/carts';
import { PAYMENT_METHODS } from '@bilheteira/shared/schemas/orders';
import type { AdminOrderView } from '@bilheteira/shared/schemas/backoffice-orders';
import type { z } from 'zod';
import type { adminOrderActor, adminOrderTimelineEntry } from '@bilheteira/shared/schemas/backoffice-orders';
import type { DbOrTx } from '../../db/client';
import { statusOf } from '../tickets/ticket-facts';
import { ticketsOfOrder } from '../tickets/ticket-issuing.service';
import { unspentOnlineCents } from '../wallet/wallet-ledger.service';
import { buyerView, orderRefundView, summaryView } from './orders.admin.service';
import {
  findCheckinsWithGates,
  findOrderAudit,
  findOrderMessages,
  findOrderRefunds,
  findOrganizerOrder,
  findPeople,
  findStaffNames,
  findTransfers,
  type OrganizerOrder,
} from './orders.admin.repository';
import { orderErrors } from './orders.errors';
import { findLines, findPaymentsOfOrder, type PaymentRow } from './orders.repository';
import { orderDetail } from './order-view.service';

type Actor = z.infer<typeof adminOrderActor>;
type Entry = z.infer<typeof adminOrderTimelineEntry>;

/** Audit actions the timeline already tells from the rows themselves (order.create gives its actor). */
const TOLD_BY_ROWS = new Set(['order.create', 'order.paid', 'order.refund_sent']);
const PROVIDERS = new Set(['sandbox', 'stripe']);

/** Who an audit actor string names (lib/audit.ts auditActors, staffActor, providers). */
function describeActor(actor: string, buyerId: number, staffNames: Map<number, string>): Actor {
  const [kind, id, ...rest] = actor.split(':');
  if (kind === 'staff') return { kind: 'staff', name: staffNames.get(Number(id)) ?? null };
  if (kind === 'customer')
    return Number(id) === buyerId ? { kind: 'buyer', name: null } : { kind: 'customer', name: null };
  if (kind === 'support' || kind === 'operator') return { kind: 'support', name: id ?? null };
  if (kind && PROVIDERS.has(kind) && !rest.length) return { kind: 'provider', name: kind };
  return { kind: 'system', name: null };
}

function paymentView(p: PaymentRow) {
  const meta = p.meta as { display?: unknown };
  return {
    id: p.id,
    provider: p.provider,
    method: PAYMENT_METHODS.find((m) => m === p.method) ?? 'card',
    status: p.status,
    amount_cents: p.amountCents,
    provider_ref: p.providerRef,
    display: typeof meta.display === 'string' ? meta.display : '',
    refund_ref: p.refundRef,
    refund_error: p.refundError,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

const personName = (p: { firstName: string; lastName: string; status: string } | undefined) =>
  p && p.status !== 'erased' ? `${p.firstName} ${p.lastName}`.trim() : null;

/** Everything the story tells, read in two rounds (the order's rows, then what hangs off them). */
async function readStory(db: DbOrTx, found: OrganizerOrder, now: Date) {
  const order = found.order;
  const [detail, pays, tickets, lineRows, refunds] = await Promise.all([
    orderDetail(db, order, now),
    findPaymentsOfOrder(db, order.id),
    ticketsOfOrder(db, order.id),
    findLines(db, [order.id]),
    findOrderRefunds(db, order.id),
  ]);
  const ticketIds = tickets.map((t) => t.id);
  const [checkins, transfers, messages, audits] = await Promise.all([
    findCheckinsWithGates(db, ticketIds),
    findTransfers(db, ticketIds),
    findOrderMessages(db, { orderId: order.id, eventId: order.eventId, customerId: order.customerId }),
    findOrderAudit(db, { orderId: order.id, paymentIds: pays.map((p) => p.id), ticketIds }),
  ]);
  const personIds = new Set<number>();
  for (const t of tickets) if (t.customerId !== null) personIds.add(t.customerId);
  for (const x of transfers) if (x.fromCustomerId !== null) personIds.add(x.fromCustomerId);
  const staffIds = [...audits, ...refunds].flatMap((a) =>
    /^staff:\d+$/.test(a.actor) ? [Number(a.actor.slice(6))] : [],
  );
  const [people, staffNames] = await Promise.all([
    findPeople(db, [...personIds]),
    findStaffNames(db, [...new Set(staffIds)]),
  ]);
  const withTopup = lineRows.some((l) => l.kind === 'topup');
  const unspent = withTopup ? await unspentOnlineCents(db, order.customerId, order.eventId) : null;
  return {
    order,
    detail,
    pays,
    tickets,
    lineRows,
    refunds,
    unspent,
    checkins,
    transfers,
    messages,
    audits,
    people,
    staffNames,
  };
}
type Story = Awaited<ReturnType<typeof readStory>>;

function ticketViews(s: Story, now: Date) {
  const person = (id: number | null) => s.people.find((p) => p.id === id);
  return s.tickets.map((t) => {
    const own = s.checkins.filter((c) => c.ticketId === t.id);
    const holder = person(t.customerId);
    return {
      id: t.id,
      token_end: t.token.slice(-6),
      type_name: t.ticketName,
      session_date: t.sessionDate ?? null,
      session_hour: t.sessionHour ?? null,
      status: statusOf(
        t,
        own.map((c) => c.day),
        now,
      ),
      holder: {
        name: personName(holder),
        mobile: holder && holder.status !== 'erased' ? holder.mobile : null,
        transferred: t.customerId !== s.order.customerId,
        pending_mobile: t.customerId === null ? (t.pendingMobile ?? null) : null,
      },
      checkins: own.map((c) => ({
        day: c.day,
        scanned_at: c.scannedAt.toISOString(),
        gate: c.gate,
        offline: c.offline,
      })),
      transfers: s.transfers
        .filter((x) => x.ticketId === t.id)
        .map((x) => ({
          at: x.createdAt.toISOString(),
          from_name: personName(person(x.fromCustomerId)),
          to_mobile: x.toMobile,
        })),
    };
  });
}

/** What happened, oldest first: rows of the order, its payments, tickets and messages, and the audit log. */
function timelineOf(s: Story): Entry[] {
  const { order, pays, tickets } = s;
  const entry = (at: Date, kind: Entry['kind'], fields: Partial<Entry> = {}): Entry & { t: number } => ({
    at: at.toISOString(),
    kind,
    action: null,
    actor: null,
    ticket_id: null,
    detail: null,
    amount_cents: null,
    ...fields,
    t: at.getTime(),
  });
  const created = s.audits.find((a) => a.action === 'order.create');
  return (
    [
      entry(order.createdAt, 'order_created', {
        amount_cents: order.totalCents,
        actor: created ? describeActor(created.actor, order.customerId, s.staffNames) : null,
      }),
      ...pays.map((p) =>
        entry(p.createdAt, 'payment_started', { detail: p.method, amount_cents: p.amountCents }),
      ),
      ...(order.paidAt ? [entry(order.paidAt, 'order_paid', { amount_cents: order.totalCents })] : []),
      ...(tickets.length
        ? [entry(tickets[0]!.createdAt, 'tickets_issued', { detail: String(tickets.length) })]
        : []),
      ...pays.flatMap((p) =>
        p.refundedAt
          ? [entry(p.refundedAt, 'payment_refunded', { detail: p.method, amount_cents: p.amountCents })]
          : [],
      ),
      ...s.refunds.flatMap((r) => [
        entry(r.createdAt, 'order_refund', {
          amount_cents: r.amountCents,
          detail: r.reason || null,
          action: r.status,
          actor: describeActor(r.actor, order.customerId, s.staffNames),
        }),
        ...(r.refundedAt && r.amountCents > 0
          ? [entry(r.refundedAt, 'payment_refunded', { detail: r.refundRef, amount_cents: r.amountCents })]
          : []),
      ]),
      ...s.transfers.map((x) =>
        entry(x.createdAt, 'transfer', { ticket_id: x.ticketId, detail: x.toMobile }),
      ),
      ...s.checkins.map((c) => entry(c.scannedAt, 'checkin', { ticket_id: c.ticketId, detail: c.gate })),
      ...s.messages.map((m) =>
        entry(m.createdAt, 'message', { action: m.channel, detail: m.subject || m.kind || null }),
      ),
      ...s.audits
        .filter((a) => !TOLD_BY_ROWS.has(a.action) && !(a.action === 'order.refund' && a.orderRefundId))
        .map((a) =>
          entry(a.createdAt, 'audit', {
            action: a.action,
            actor: describeActor(a.actor, order.customerId, s.staffNames),
            ticket_id: a.entity === 'customer_ticket' ? Number(a.entityId) : null,
          }),
        ),
    ]
      // oldest first; Array.sort is stable, so what happened in one instant keeps the order above
      .sort((a, b) => a.t - b.t)
      .map(({ t: _t, ...e }) => e)
  );
}

/** The order of the organiser with everything that happened to it. Another organiser's: 404. */
export async function getOrderStory(
  db: DbOrTx,
  organizerId: number,
  orderId: number,
  now: Date,
): Promise<AdminOrderView> {
  const found = await findOrganizerOrder(db, organizerId, orderId);
  if (!found) throw orderErrors.notFound();
  const s = await readStory(db, found, now);
  const { order, detail } = s;
  const buyer = buyerView(found.customer);
  return {
    ...summaryView(found, detail.quantity),
    event: {
      id: found.event.id,
      name: found.event.name,
      starts_at: found.event.startsAt.toISOString(),
      timezone: found.event.timezone,
    },
    buyer,
    expires_at: detail.expires_at,
    receipt_email: detail.receipt_email,
    billing: detail.billing,
    lines: detail.lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      description: l.description,
      session_date: l.session_date === null ? null : fromSessionDate(l.session_date),
      session_hour: l.session_hour,
      qty: l.qty,
      unit_cents: l.unit_cents,
      discount_cents: l.discount_cents,
      total_cents: l.total_cents,
      refunded_qty: s.lineRows.find((r) => r.id === l.id)?.refundedQty ?? 0,
      refunded_cents: s.lineRows.find((r) => r.id === l.id)?.refundedCents ?? 0,
    })),
    subtotal_cents: detail.subtotal_cents,
    discount_cents: detail.discount_cents,
    promo_code: detail.promo_code,
    service_cents: detail.service_cents,
    payments: s.pays.map(paymentView),
    tickets: ticketViews(s, now),
    messages: s.messages.map((m) => ({
      id: m.id,
      channel: m.channel === 'sms' ? 'sms' : 'email',
      recipient: m.recipient,
      subject: m.subject,
      kind: m.kind,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
    })),
    timeline: timelineOf(s),
    can_resend: order.status === 'paid' && !!(order.receiptEmail || buyer.email),
    refunds: s.refunds.map(orderRefundView),
    can_refund:
      order.status === 'paid' &&
      s.lineRows.some((l) =>
        l.kind === 'ticket'
          ? l.refundedQty < l.qty
          : l.refundedCents < l.unitCents * l.qty && (s.unspent ?? 0) > 0,
      ),
    topup_unspent_cents: s.unspent,
  };
}
