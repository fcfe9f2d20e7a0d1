/**
 * The organiser's orders in the back office (issue 27 item 2): the search. The order's whole
 * story is order-story.admin.service.ts; resending the tickets is the payments module's
 * (order-resend.admin.service.ts, beside the email it sends). Every call names the organiser:
 * another organiser's order is a 404, like one that does not exist.
 */
import { ORDER_STATUSES, type OrderStatus } from '@bilheteira/shared/schemas/orders';
import type { AdminOrderListQuery, AdminOrderSummary } from '@bilheteira/shared/schemas/backoffice-orders';
import type { AdminOrderRefund } from '@bilheteira/shared/schemas/backoffice-order-refunds';
import type { DbOrTx } from '../../db/client';
import {
  organizerEventIds,
  searchOrganizerOrders,
  type AdminOrderSummaryRow,
  type OrderRefundRow,
} from './orders.admin.repository';
import { findLines, type OrderLineRow } from './orders.repository';
import { readOrderSearch } from './order-search-terms';

export const asOrderStatus = (s: string): OrderStatus => ORDER_STATUSES.find((x) => x === s) ?? 'pending';

/** The buyer as the team sees them: nothing personal once the customer was erased. */
export function buyerView(c: AdminOrderSummaryRow['customer']) {
  const erased = c.status === 'erased';
  return {
    customer_id: c.id,
    name: erased ? '' : `${c.firstName} ${c.lastName}`.trim(),
    email: erased ? null : c.email,
    mobile: erased ? null : c.mobile,
    erased,
  };
}

const ticketCount = (lines: OrderLineRow[], orderId: number) =>
  lines.filter((l) => l.orderId === orderId && l.kind === 'ticket').reduce((n, l) => n + l.qty, 0);

export function summaryView(r: AdminOrderSummaryRow, quantity: number): AdminOrderSummary {
  const o = r.order;
  return {
    id: o.id,
    reference: o.reference,
    status: asOrderStatus(o.status),
    event: { id: o.eventId, name: r.eventName },
    buyer: buyerView(r.customer),
    quantity,
    total_cents: o.totalCents,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
  };
}

/** A page of the organiser's orders: searched (order-search-terms.ts), filtered, sorted. */
export async function listAdminOrders(db: DbOrTx, organizerId: number, q: AdminOrderListQuery) {
  const own = await organizerEventIds(db, organizerId);
  // another organiser's event id finds nothing, like an event without orders
  const eventIds = q.event_id === undefined ? own : own.filter((id) => id === q.event_id);
  const { rows, total } = eventIds.length
    ? await searchOrganizerOrders(db, {
        terms: readOrderSearch(q.q),
        eventIds,
        status: q.status === 'all' ? null : q.status,
        sort: q.sort,
        dir: q.dir,
        page: q.page,
        perPage: q.per_page,
      })
    : { rows: [], total: 0 };
  const lines = await findLines(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    data: rows.map((r) => summaryView(r, ticketCount(lines, r.order.id))),
    meta: {
      page: q.page,
      per_page: q.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}

/** A back-office refund of lines of an order as the team reads it (its story, the refund's answer). */
export function orderRefundView(r: OrderRefundRow): AdminOrderRefund {
  return {
    id: r.id,
    status: r.status === 'refunded' || r.status === 'failed' ? r.status : 'pending',
    amount_cents: r.amountCents,
    tickets_cents: r.ticketsCents,
    topup_cents: r.topupCents,
    service_cents: r.serviceCents,
    lines: r.lines.map((l) => ({ ...l, kind: l.kind === 'topup' ? 'topup' : 'ticket' })),
    tickets_cancelled: r.ticketIds.length,
    provider: r.provider,
    refund_ref: r.refundRef,
    error: r.error,
    reason: r.reason,
    actor: r.actor,
    created_at: r.createdAt.toISOString(),
    refunded_at: r.refundedAt?.toISOString() ?? null,
  };
}

/** The organiser's order (with event and buyer) and the tickets its buyer still holds, for the resend (payments). */
export { findOrganizerOrder, findResendableTicketIds } from './orders.admin.repository';
