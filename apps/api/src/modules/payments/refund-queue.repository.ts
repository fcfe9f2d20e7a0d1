/**
 * Refunds to buyers' payment methods on an organiser's events, read where they are recorded:
 * a payment given back whole (refund_pending | refund_failed | refunded; payments_status_idx
 * reads only those rows of the big payments table) and the refunds of some lines
 * (order_refunds), each joined to its order, event and buyer. One row shape for both.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  CANCELLATION_REFUND_REASONS,
  type PaymentRefundKind,
  type PaymentRefundStatus,
} from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import { queryRows, type DbOrTx } from '../../db/client';

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export interface RefundQueueRow {
  source: 'payment' | 'order_refund';
  id: number;
  status: PaymentRefundStatus;
  provider: string | null;
  amount_cents: number;
  /** the payment's amount (source payment: what is given back is refundAmountOf it) */
  payment_cents: number;
  refund_cents: unknown;
  reason: string | null;
  attempts: number;
  error: string | null;
  updated_at: Date | string;
  refunded_at: Date | string | null;
  order_id: number;
  reference: string;
  event_id: number;
  event_name: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile: string | null;
}

/**
 * Both sources as one relation, already narrowed to the organiser (and an event, an id), with
 * the columns of RefundQueueRow. A payment's status is named as an order refund's.
 */
function queueSource(organizerId: number, f: { eventId?: number; source?: string; id?: number }): SQL {
  const ev = f.eventId ? sql` and o.event_id = ${f.eventId}` : sql``;
  const paymentRows = sql`select 'payment' as source, p.id,
      case p.status when 'refund_pending' then 'pending' when 'refund_failed' then 'failed' else 'refunded' end as status,
      p.provider, p.amount_cents as payment_cents, p.meta->'refund_cents' as refund_cents,
      p.meta->>'refund_reason' as reason, p.refund_attempts as attempts, p.refund_error as error,
      p.updated_at, p.refunded_at, o.id as order_id, o.reference, o.event_id, o.customer_id
    from payments p join orders o on o.id = p.order_id join events e on e.id = o.event_id
    where p.status in ('refund_pending', 'refund_failed', 'refunded') and e.organizer_id = ${organizerId}${ev}
      ${f.id ? sql`and p.id = ${f.id}` : sql``}`;
  const lineRows = sql`select 'order_refund' as source, r.id, r.status, r.provider,
      r.amount_cents as payment_cents, to_jsonb(r.amount_cents) as refund_cents,
      nullif(r.reason, '') as reason, r.attempts, r.error, r.updated_at, r.refunded_at,
      o.id as order_id, o.reference, o.event_id, o.customer_id
    from order_refunds r join orders o on o.id = r.order_id join events e on e.id = o.event_id
    where e.organizer_id = ${organizerId}${ev} ${f.id ? sql`and r.id = ${f.id}` : sql``}`;
  if (f.source === 'payment') return paymentRows;
  if (f.source === 'order_refund') return lineRows;
  return sql`${paymentRows} union all ${lineRows}`;
}

const SELECT = sql`select q.source, q.id, q.status, q.provider, q.payment_cents, q.refund_cents, q.reason,
    q.attempts, q.error, q.updated_at, q.refunded_at, q.order_id, q.reference, q.event_id,
    ev.name as event_name, c.first_name, c.last_name, c.email, c.mobile`;
const JOIN = sql`join events ev on ev.id = q.event_id join customers c on c.id = q.customer_id`;

const cancellation = sql`coalesce(q.reason, '') in (${list(CANCELLATION_REFUND_REASONS)}) and q.source = 'payment'`;

/** A page of the organiser's refunds to payment methods, the latest moved first, and the filtered total. */
export async function organizerPaymentRefunds(
  db: DbOrTx,
  organizerId: number,
  f: {
    kind?: PaymentRefundKind;
    status?: PaymentRefundStatus;
    eventId?: number;
    page: number;
    perPage: number;
  },
) {
  const where: SQL[] = [sql`true`];
  if (f.status) where.push(sql`q.status = ${f.status}`);
  if (f.kind === 'cancellation') where.push(cancellation);
  if (f.kind === 'order_refund') where.push(sql`not (${cancellation})`);
  const rows = await queryRows<RefundQueueRow & { total: unknown }>(
    db,
    sql`${SELECT}, count(*) over () as total
        from (${queueSource(organizerId, { eventId: f.eventId })}) q ${JOIN}
        where ${sql.join(where, sql` and `)}
        order by q.updated_at desc, q.source, q.id desc
        limit ${f.perPage} offset ${(f.page - 1) * f.perPage}`,
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** How many of the organiser's refunds to payment methods the provider refused. */
export async function organizerFailedRefundCount(db: DbOrTx, organizerId: number): Promise<number> {
  const rows = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from (${queueSource(organizerId, {})}) q where q.status = 'failed'`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One refund of the organiser from a source (undefined: none, or another organiser's). */
export async function organizerPaymentRefund(
  db: DbOrTx,
  organizerId: number,
  source: RefundQueueRow['source'],
  id: number,
) {
  const rows = await queryRows<RefundQueueRow>(
    db,
    sql`${SELECT} from (${queueSource(organizerId, { source, id })}) q ${JOIN}`,
  );
  return rows[0];
}

export interface OrderRefundRow {
  event_id: number;
  /** pending or failed: the provider has not given it back yet */
  owed: boolean;
  payment_cents: number;
  meta_refund_cents: unknown;
  /** a line refund's own split (null for a payment given back whole) */
  tickets_cents: number | null;
  topup_cents: number | null;
  /** a line refund: its service share; a payment: the order's service not given back by line refunds */
  service_cents: number;
  order_subtotal_cents: number;
  order_service_cents: number;
  source: 'payment' | 'order_refund';
}

/**
 * Refunds of orders of the events dated in [fromAt, toAt): payments given back whole by the
 * order-refund path (marked with `meta.refund_reason`; a payment given back because it was
 * never the order's, e.g. approved too late, is money that came and went) and refunds of some
 * lines. Dated by their refund time when given back, else when decided (a line refund) or last
 * put in the queue or tried (a payment). Reached through each event's orders
 * (orders_event_status_idx) and their payments (payments_order_idx) and line refunds
 * (order_refunds_order_idx).
 */
export async function orderRefundsOfEvents(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<OrderRefundRow[]> {
  if (!eventIds.length) return [];
  const within = (at: SQL) => {
    const parts: SQL[] = [];
    if (fromAt) parts.push(sql` and ${at} >= ${fromAt.toISOString()}::timestamptz`);
    if (toAt) parts.push(sql` and ${at} < ${toAt.toISOString()}::timestamptz`);
    return sql.join(parts, sql``);
  };
  return queryRows<OrderRefundRow>(
    db,
    sql`select o.event_id, p.status <> 'refunded' as owed, p.amount_cents as payment_cents,
          p.meta->'refund_cents' as meta_refund_cents, null::int as tickets_cents,
          null::int as topup_cents,
          o.service_cents - coalesce((select sum(x.service_cents) from order_refunds x
            where x.order_id = o.id), 0) as service_cents,
          o.subtotal_cents as order_subtotal_cents, o.service_cents as order_service_cents,
          'payment' as source
        from orders o join payments p on p.order_id = o.id
        where o.event_id in (${list(eventIds)}) and o.status in ('paid', 'refunded')
          and p.status in ('refund_pending', 'refund_failed', 'refunded') and p.meta ? 'refund_reason'
          ${within(sql`coalesce(p.refunded_at, p.updated_at)`)}
        union all
        select o.event_id, r.status <> 'refunded', r.amount_cents, null, r.tickets_cents,
          r.topup_cents, r.service_cents, o.subtotal_cents, o.service_cents, 'order_refund'
        from orders o join order_refunds r on r.order_id = o.id
        where o.event_id in (${list(eventIds)}) and o.status in ('paid', 'refunded')
          ${within(sql`coalesce(r.refunded_at, r.created_at)`)}`,
  );
}
