/**
 * The records the integration API and the webhook events show, read for one organiser: orders
 * (with lines and buyer), check-ins, ticket transfers, ledger rows and events. One reader per
 * record, so `GET /api/v1/orders` and an `order.paid` event's data are the same shape.
 */
import { sql } from 'drizzle-orm';
import type {
  V1Checkin,
  V1Order,
  V1TicketTransfer,
  V1WalletTransaction,
} from '@bilheteira/shared/schemas/integrations-v1';
import { queryRows, type DbOrTx } from '../../db/client';

type Stamp = string | Date;
const iso = (v: Stamp) => new Date(v).toISOString();
const isoOrNull = (v: Stamp | null) => (v === null ? null : iso(v));
/** an int[] literal ('{1,2}'): the sql template would spread a JS array into a list */
const intArray = (ids: number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

/** Orders by id (the organiser's only), in the order of `ids`. */
export async function ordersByIds(db: DbOrTx, organizerId: number, ids: number[]): Promise<V1Order[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{
    id: number;
    reference: string;
    event_id: number;
    status: string;
    subtotal_cents: number;
    discount_cents: number;
    service_cents: number;
    total_cents: number;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    receipt_email: string | null;
    created_at: Stamp;
    paid_at: Stamp | null;
    updated_at: Stamp;
    lines: V1Order['lines'] | string;
  }>(
    db,
    sql`
    SELECT o.id, o.reference, o.event_id, o.status, o.subtotal_cents, o.discount_cents, o.service_cents,
      o.total_cents, c.first_name, c.last_name, c.email, o.receipt_email, o.created_at, o.paid_at,
      greatest(o.created_at, o.paid_at, (SELECT max(p.updated_at) FROM payments p WHERE p.order_id = o.id),
        (SELECT max(r.updated_at) FROM order_refunds r WHERE r.order_id = o.id)) AS updated_at,
      (SELECT coalesce(json_agg(json_build_object('kind', l.kind, 'ticket_type_id', l.ticket_type_id,
          'session_id', l.session_id, 'description', l.description, 'qty', l.qty, 'unit_cents', l.unit_cents,
          'refunded_qty', l.refunded_qty, 'refunded_cents', l.refunded_cents)
          ORDER BY l.id), '[]') FROM order_lines l WHERE l.order_id = o.id) AS lines
    FROM orders o
    JOIN events e ON e.id = o.event_id
    LEFT JOIN customers c ON c.id = o.customer_id
    WHERE o.id = ANY(${intArray(ids)}::int[]) AND e.organizer_id = ${organizerId}`,
  );
  const byId = new Map(
    rows.map((r): [number, V1Order] => [
      r.id,
      {
        id: r.id,
        reference: r.reference,
        event_id: r.event_id,
        status: r.status,
        currency: 'EUR',
        subtotal_cents: r.subtotal_cents,
        discount_cents: r.discount_cents,
        service_cents: r.service_cents,
        total_cents: r.total_cents,
        buyer: {
          first_name: r.first_name ?? '',
          last_name: r.last_name ?? '',
          email: r.email ?? r.receipt_email,
        },
        lines: typeof r.lines === 'string' ? (JSON.parse(r.lines) as V1Order['lines']) : r.lines,
        created_at: iso(r.created_at),
        paid_at: isoOrNull(r.paid_at),
        updated_at: iso(r.updated_at),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of the organiser's orders (not pending ones: a cart being paid is not a sale yet),
 * oldest first by id so pages stay put while new orders arrive; `perPage + 1` are read to
 * know whether another page follows.
 */
export async function orderIdsPage(
  db: DbOrTx,
  organizerId: number,
  q: { eventId?: number; status?: string; updatedSince?: Date; page: number; perPage: number },
): Promise<number[]> {
  const since = q.updatedSince?.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    SELECT o.id FROM orders o JOIN events e ON e.id = o.event_id
    WHERE e.organizer_id = ${organizerId} AND o.status <> 'pending'
      ${q.eventId ? sql`AND o.event_id = ${q.eventId}` : sql``}
      ${q.status ? sql`AND o.status = ${q.status}` : sql``}
      ${
        since
          ? sql`AND (o.created_at >= ${since} OR o.paid_at >= ${since}
              OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.updated_at >= ${since})
              OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id AND r.updated_at >= ${since}))`
          : sql``
      }
    ORDER BY o.id LIMIT ${q.perPage + 1} OFFSET ${(q.page - 1) * q.perPage}`,
  );
  return rows.map((r) => r.id);
}

const checkinSelect = sql`
  SELECT c.id, t.event_id, c.ticket_id, t.ticket_type_id, t.session_id, t.order_id, c.day, c.device_id,
    c.scanned_at, c.offline
  FROM checkins c
  JOIN customer_tickets t ON t.id = c.ticket_id
  JOIN events e ON e.id = t.event_id`;

type CheckinRow = Omit<V1Checkin, 'scanned_at'> & { scanned_at: Stamp };
const checkinView = (r: CheckinRow): V1Checkin => ({ ...r, scanned_at: iso(r.scanned_at) });

/** Check-ins by id (the organiser's only). */
export async function checkinsByIds(db: DbOrTx, organizerId: number, ids: number[]): Promise<V1Checkin[]> {
  if (!ids.length) return [];
  const rows = await queryRows<CheckinRow>(
    db,
    sql`${checkinSelect} WHERE c.id = ANY(${intArray(ids)}::int[]) AND e.organizer_id = ${organizerId} ORDER BY c.id`,
  );
  return rows.map(checkinView);
}

/** The organiser's check-ins after `sinceId`, oldest first (`limit` of them). */
export async function checkinsAfter(
  db: DbOrTx,
  organizerId: number,
  q: { eventId?: number; sinceId: number; limit: number },
): Promise<V1Checkin[]> {
  const rows = await queryRows<CheckinRow>(
    db,
    sql`${checkinSelect}
    WHERE c.id > ${q.sinceId} AND e.organizer_id = ${organizerId}
      ${q.eventId ? sql`AND t.event_id = ${q.eventId}` : sql``}
    ORDER BY c.id LIMIT ${q.limit}`,
  );
  return rows.map(checkinView);
}

export async function transfersByIds(
  db: DbOrTx,
  organizerId: number,
  ids: number[],
): Promise<V1TicketTransfer[]> {
  if (!ids.length) return [];
  const rows = await queryRows<Omit<V1TicketTransfer, 'transferred_at'> & { transferred_at: Stamp }>(
    db,
    sql`
    SELECT tt.id, tt.ticket_id, t.event_id, t.ticket_type_id, t.order_id,
      (t.customer_id IS NULL AND t.pending_mobile IS NOT NULL) AS pending, tt.created_at AS transferred_at
    FROM ticket_transfers tt
    JOIN customer_tickets t ON t.id = tt.ticket_id
    JOIN events e ON e.id = t.event_id
    WHERE tt.id = ANY(${intArray(ids)}::int[]) AND e.organizer_id = ${organizerId} ORDER BY tt.id`,
  );
  return rows.map((r) => ({ ...r, transferred_at: iso(r.transferred_at) }));
}

export async function walletTransactionsByIds(
  db: DbOrTx,
  organizerId: number,
  ids: number[],
): Promise<V1WalletTransaction[]> {
  if (!ids.length) return [];
  const rows = await queryRows<Omit<V1WalletTransaction, 'occurred_at'> & { occurred_at: Stamp }>(
    db,
    sql`
    SELECT wt.id, w.event_id, wt.wallet_id, wt.type, wt.amount_cents, wt.station_id, wt.occurred_at
    FROM wallet_transactions wt
    JOIN wallets w ON w.id = wt.wallet_id
    JOIN events e ON e.id = w.event_id
    WHERE wt.id = ANY(${intArray(ids)}::int[]) AND e.organizer_id = ${organizerId} ORDER BY wt.id`,
  );
  return rows.map((r) => ({ ...r, occurred_at: iso(r.occurred_at) }));
}

export async function eventsOf(db: DbOrTx, organizerId: number) {
  const rows = await queryRows<{
    id: number;
    slug: string;
    name: string;
    status: string;
    starts_at: Stamp;
    ends_at: Stamp;
    timezone: string;
  }>(
    db,
    sql`SELECT id, slug, name, status, starts_at, ends_at, timezone FROM events
        WHERE organizer_id = ${organizerId} ORDER BY starts_at DESC, id DESC LIMIT 500`,
  );
  return rows.map((r) => ({ ...r, starts_at: iso(r.starts_at), ends_at: iso(r.ends_at) }));
}
