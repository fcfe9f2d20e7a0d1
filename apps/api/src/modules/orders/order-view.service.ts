import type {
  OrderDetailView,
  OrderFilter,
  OrderStatus,
  OrderSummaryView,
  PaymentView,
} from '@bilheteira/shared/schemas/orders';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_VIEW_STATUSES } from '@bilheteira/shared/schemas/orders';
import { toSessionDate } from '@bilheteira/shared/schemas/carts';
import { ratedServiceFeeBp } from '@bilheteira/shared/money';
import type { DbOrTx } from '../../db/client';
import type { EventRow, SessionRow } from '../carts/carts.service';
import { eventServiceFee } from '../carts/ticket-price';
import { orderErrors } from './orders.errors';
import { isPayable } from './order-hold';
import {
  findEventsByIds,
  findLines,
  findOwnedOrder,
  findPaymentsOfOrder,
  findPromoCodeTexts,
  findSessionsForLines,
  listOrders,
  type OrderLineRow,
  type OrderRow,
  type PaymentRow,
} from './orders.repository';
import { issuedTicketIds } from '../tickets/ticket-issuing.service';
import { postponementWindows } from './postponement-window.repository';

const FILTER_STATUSES: Record<OrderFilter, OrderStatus[] | null> = {
  all: null,
  paid: ['paid'],
  pending: ['pending', 'processing'],
  cancelled: ['cancelled', 'refunded'],
};

const asStatus = (s: string): OrderStatus => ORDER_STATUSES.find((x) => x === s) ?? 'pending';

type EventFacts = Pick<EventRow, 'slug' | 'name' | 'startsAt' | 'serviceFeeBp' | 'serviceFeeVatPercent'>;

/** The list view of one order, from its row, its lines and its event. */
function summaryView(
  o: OrderRow,
  lines: OrderLineRow[],
  e: EventFacts | undefined,
  now: Date,
  promoCode: string | null = null,
): OrderSummaryView {
  const own = lines.filter((l) => l.orderId === o.id);
  return {
    id: o.id,
    reference: o.reference,
    status: asStatus(o.status),
    event: {
      id: o.eventId,
      slug: e?.slug ?? '',
      name: e?.name ?? '',
      starts_at: (e?.startsAt ?? o.createdAt).toISOString(),
    },
    quantity: own.filter((l) => l.kind === 'ticket').reduce((n, l) => n + l.qty, 0),
    topup_cents: own.filter((l) => l.kind === 'topup').reduce((n, l) => n + l.unitCents * l.qty, 0),
    subtotal_cents: o.subtotalCents,
    discount_cents: o.discountCents,
    promo_code: o.promoCodeId === null ? null : promoCode,
    service_cents: o.serviceCents,
    service_fee_bp: e
      ? ratedServiceFeeBp(
          own.filter((l) => l.kind === 'ticket'),
          eventServiceFee(e),
          o.serviceCents,
        )
      : null,
    total_cents: o.totalCents,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    expires_at: o.expiresAt.toISOString(),
    payable: isPayable(o, now),
  };
}

async function summaries(db: DbOrTx, rows: OrderRow[], now: Date): Promise<OrderSummaryView[]> {
  const [lines, evs, codes] = await Promise.all([
    findLines(
      db,
      rows.map((r) => r.id),
    ),
    findEventsByIds(db, [...new Set(rows.map((r) => r.eventId))]),
    findPromoCodeTexts(db, rows),
  ]);
  const windows = await postponementWindows(db, rows, lines, now);
  return rows.map((o) => ({
    ...summaryView(
      o,
      lines,
      evs.find((x) => x.id === o.eventId),
      now,
      codes.get(o.promoCodeId ?? 0) ?? null,
    ),
    postponement_refund_until: windows.get(o.id)?.toISOString() ?? null,
  }));
}

/** Public view of a payment: a masked display, never a card number. */
export function toPaymentView(p: PaymentRow): PaymentView {
  const meta = p.meta as { display?: string; redirect_url?: string; client_secret?: string };
  return {
    id: p.id,
    reference: p.providerRef ?? String(p.id),
    provider: p.provider,
    method: PAYMENT_METHODS.find((m) => m === p.method) ?? 'card',
    status:
      // refund_failed is the refund job's business: the customer is still owed the money
      p.status === 'refund_failed'
        ? 'refund_pending'
        : (PAYMENT_VIEW_STATUSES.find((s) => s === p.status) ?? 'pending'),
    amount_cents: p.amountCents,
    expires_at: p.expiresAt?.toISOString() ?? null,
    redirect_url: p.status === 'requires_action' ? (meta.redirect_url ?? null) : null,
    client_secret:
      p.status === 'pending' || p.status === 'requires_action' ? (meta.client_secret ?? null) : null,
    display: meta.display ?? '',
    created_at: p.createdAt.toISOString(),
  };
}

/** An order with its lines, payments and issued tickets. Another customer's: 404. */
export async function getOrderDetail(
  db: DbOrTx,
  customerId: number,
  orderId: number,
  now: Date,
): Promise<OrderDetailView> {
  const order = await findOwnedOrder(db, customerId, orderId);
  if (!order) throw orderErrors.notFound();
  return orderDetail(db, order, now);
}

export async function orderDetail(db: DbOrTx, order: OrderRow, now: Date): Promise<OrderDetailView> {
  const [lines, [event], pays, ticketIds, codes] = await Promise.all([
    findLines(db, [order.id]),
    findEventsByIds(db, [order.eventId]),
    findPaymentsOfOrder(db, order.id),
    issuedTicketIds(db, order.id),
    findPromoCodeTexts(db, [order]),
  ]);
  const sessions = await findSessionsForLines(db, [
    ...new Set(lines.map((l) => l.sessionId).filter((s): s is number => s !== null)),
  ]);
  const code = codes.get(order.promoCodeId ?? 0) ?? null;
  return detailView(order, lines, event, sessions, pays, ticketIds, now, code);
}

/** The detail view of one order from everything it shows (no I/O). */
export function detailView(
  order: OrderRow,
  lines: OrderLineRow[],
  event: EventFacts | undefined,
  sessions: Pick<SessionRow, 'id' | 'date' | 'hour'>[],
  pays: PaymentRow[],
  ticketIds: number[],
  now: Date,
  promoCode: string | null = null,
): OrderDetailView {
  const b = order.billing as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...summaryView(order, lines, event, now, promoCode),
    lines: lines.map((l) => {
      const s = sessions.find((x) => x.id === l.sessionId);
      return {
        id: l.id,
        kind: l.kind === 'topup' ? 'topup' : 'ticket',
        description: l.description,
        ticket_id: l.ticketTypeId,
        session_id: l.sessionId,
        session_date: s ? toSessionDate(s.date) : null,
        session_hour: s?.hour ?? null,
        qty: l.qty,
        unit_cents: l.unitCents,
        discount_cents: l.discountCents,
        total_cents: l.unitCents * l.qty,
        refunded_cents: l.refundedCents,
      };
    }),
    billing: {
      name: str(b.name),
      country: str(b.country) || 'PT',
      document: str(b.document),
      postal_code: str(b.postal_code),
    },
    receipt_email: order.receiptEmail,
    payments: pays.map(toPaymentView),
    ticket_ids: ticketIds,
  };
}

/** A page of the customer's orders for one filter (All, Paid, Pending, Cancelled). */
export async function listCustomerOrders(
  db: DbOrTx,
  customerId: number,
  q: { status: OrderFilter; page: number; per_page: number },
  now: Date,
) {
  const { rows, total } = await listOrders(db, {
    customerId,
    statuses: FILTER_STATUSES[q.status],
    page: q.page,
    perPage: q.per_page,
  });
  return {
    data: await summaries(db, rows, now),
    meta: {
      page: q.page,
      per_page: q.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}
