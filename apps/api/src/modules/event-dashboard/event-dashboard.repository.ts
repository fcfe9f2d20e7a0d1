/**
 * The event dashboard's reads: each is one grouped statement reached through the event id
 * (orders_event_status_idx, customer_tickets_event_idx, ticket_types_event_idx,
 * event_sessions_event_idx), never a scan of a whole big table. The wallet's figures come
 * from the wallet module's own queries (wallet.repository.ts, refunds.repository.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

const n = (v: unknown) => Number(v ?? 0);

/** The event's ticket types with their stock counters. */
export async function ticketTypeCounters(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{
    id: number;
    name: string;
    sold: unknown;
    reserved: unknown;
    quantity: unknown;
  }>(
    db,
    sql`select id, name, sold, reserved, quantity from ticket_types
        where event_id = ${eventId} order by sort_order, id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    sold: n(r.sold),
    reserved: n(r.reserved),
    quantity: n(r.quantity),
  }));
}

/**
 * Paid ticket lines per ticket type and per day of payment (YYYY-MM-DD in `timeZone`):
 * tickets and what buyers paid for them (the unit price after any discount; fees apart), less
 * what the organiser refunded of a line (a partly refunded order stays paid).
 */
export async function paidTicketSales(db: DbOrTx, eventId: number, timeZone: string) {
  const rows = await queryRows<{ ticket_type_id: number; day: string; tickets: unknown; cents: unknown }>(
    db,
    sql`select l.ticket_type_id, to_char(o.paid_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
          sum(l.qty - l.refunded_qty) as tickets, sum(l.qty * l.unit_cents - l.refunded_cents) as cents
        from orders o join order_lines l on l.order_id = o.id
        where o.event_id = ${eventId} and o.status = 'paid' and l.kind = 'ticket'
        group by 1, 2`,
  );
  return rows.map((r) => ({
    ticketTypeId: Number(r.ticket_type_id),
    day: r.day,
    tickets: n(r.tickets),
    revenueCents: n(r.cents),
  }));
}

/** Sessions (session events) and days with an admission capacity (multi-day events), in date order. */
export async function capacityCounters(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{
    session_id: number | null;
    day: string;
    hour: string | null;
    sold: unknown;
    reserved: unknown;
    capacity: unknown;
  }>(
    db,
    sql`select id as session_id, date as day, hour, sold, reserved, capacity
          from event_sessions where event_id = ${eventId} and status <> 'cancelled'
        union all
        select null, day, null, sold, reserved, capacity from event_day_stock where event_id = ${eventId}
        order by day, hour nulls first`,
  );
  return rows.map((r) => ({
    sessionId: r.session_id === null ? null : Number(r.session_id),
    day: r.day,
    hour: r.hour,
    sold: n(r.sold),
    reserved: n(r.reserved),
    capacity: r.capacity === null ? null : n(r.capacity),
  }));
}

/**
 * The event's admissions per door device, per bucket of `bucketSeconds` (its start in epoch
 * seconds) and per admission day: the gate chart, the gate totals and "inside now" all come
 * from these rows.
 */
export async function checkinCounts(db: DbOrTx, eventId: number, bucketSeconds: number) {
  const rows = await queryRows<{ device_id: number | null; bucket: unknown; day: string; n: unknown }>(
    db,
    sql`select c.device_id, floor(extract(epoch from c.scanned_at) / ${bucketSeconds}) * ${bucketSeconds} as bucket,
          c.day, count(*) as n
        from customer_tickets t join checkins c on c.ticket_id = t.id
        where t.event_id = ${eventId}
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    deviceId: r.device_id === null ? null : Number(r.device_id),
    bucketStart: new Date(n(r.bucket) * 1000),
    day: r.day,
    count: n(r.n),
  }));
}

/** The event's door devices and tills (small tables, read together): their names and roles. */
export async function devicesAndStations(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{ kind: 'gate' | 'station'; id: number; name: string; role: string | null }>(
    db,
    sql`select 'gate' as kind, id, name, null as role from checkin_devices where event_id = ${eventId}
        union all
        select 'station', id, name, role from stations where event_id = ${eventId}
        order by 1, 3, 2`,
  );
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id), name: r.name, role: r.role }));
}

/**
 * A cheap fingerprint of the event's figures, read every few seconds while someone watches
 * the dashboard. Per event where the rows carry the event id (paid orders by the
 * orders_event_status_idx index, the stock counters of its types); for the append-only
 * check-ins, ledger and refund requests, whose rows do not, the newest id of each (one step
 * down a primary key): a change elsewhere costs one reading of the figures, and an unchanged
 * snapshot is not sent again.
 */
export async function dashboardVersion(db: DbOrTx, eventId: number): Promise<string> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
          (select count(*) from orders where event_id = ${eventId} and status = 'paid') as paid,
          (select max(id) from orders where event_id = ${eventId} and status = 'paid') as last_paid,
          (select coalesce(sum(sold), 0) || '/' || coalesce(sum(reserved), 0)
             from ticket_types where event_id = ${eventId}) as stock,
          (select max(id) from checkins) as checkins,
          (select max(id) from wallet_transactions) as ledger,
          (select max(id) from refund_requests) as refunds`,
  );
  const r = rows[0] ?? {};
  return [r.paid, r.last_paid, r.stock, r.checkins, r.ledger, r.refunds]
    .map((v) => String(v ?? ''))
    .join(':');
}
