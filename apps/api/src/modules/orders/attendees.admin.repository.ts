/**
 * The attendee list of one event (every ticket issued for it), for the back office's list and
 * its exports. A page is chosen from customer_tickets alone by keyset on the ticket id, walking
 * an index that starts with the event (customer_tickets_event_idx on event_id, id; by type
 * customer_tickets_event_type_idx; by session customer_tickets_session_idx), so the export's
 * hundredth batch costs what its first did; only the page's rows are then joined to their
 * holder, type, session, order and last check-in (each by its key or
 * checkins_ticket_day_idx, as nested loops: never a hash join over customers or orders). The status and checked-in filters are checked on the way, with an
 * index probe into checkins per ticket. The search text is read into branches, each by an
 * index (order-search-terms.ts), as for the orders. The ticket's token is never selected.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { OrderSearchTerms } from './orders.admin.repository';

export interface AttendeeQuery {
  eventId: number;
  terms: OrderSearchTerms | null;
  ticketTypeId: number | null;
  sessionId: number | null;
  state: 'active' | 'canceled' | null;
  checkedIn: boolean | null;
}

/** Ticket ids of the event the search text points at (each branch by an index). */
function matchingTicketIds(eventId: number, s: OrderSearchTerms): SQL {
  const branches: SQL[] = [
    sql`SELECT ct.id FROM orders o JOIN customer_tickets ct ON ct.order_id = o.id WHERE o.reference = ${s.reference}`,
    sql`SELECT id FROM customer_tickets WHERE token = ${s.text}`,
    // a token that stopped working (transferred or cancelled) still finds its ticket
    sql`SELECT ticket_id FROM revoked_tokens WHERE token = ${s.text}`,
  ];
  if (s.id !== null) branches.push(sql`SELECT ${s.id}::int`);
  if (s.mobile)
    branches.push(
      sql`SELECT id FROM customer_tickets WHERE pending_mobile = ${s.mobile} AND event_id = ${eventId}`,
    );
  const people: SQL[] = [];
  if (s.mobile) people.push(sql`c.mobile = ${s.mobile}`);
  if (s.email) people.push(sql`(lower(c.email) = ${s.email} AND c.status = 'active')`);
  if (s.namePrefix)
    people.push(
      sql`lower(c.first_name || ' ' || c.last_name) LIKE ${s.namePrefix}`,
      sql`lower(c.last_name) LIKE ${s.namePrefix}`,
    );
  if (people.length)
    branches.push(
      sql`SELECT ct.id FROM customers c JOIN customer_tickets ct ON ct.customer_id = c.id AND ct.event_id = ${eventId} WHERE ${sql.join(people, sql` OR `)}`,
    );
  return sql.join(branches, sql` UNION `);
}

/**
 * The statement reading up to `limit` attendees after ticket id `after`, in id order (apart, so
 * a test can EXPLAIN it).
 */
export function attendeePageQuery(q: AttendeeQuery, after: number, limit: number): SQL {
  const where: SQL[] = [sql`t.event_id = ${q.eventId}`, sql`t.id > ${after}`];
  if (q.ticketTypeId !== null) where.push(sql`t.ticket_type_id = ${q.ticketTypeId}`);
  if (q.sessionId !== null) where.push(sql`t.session_id = ${q.sessionId}`);
  if (q.state !== null) where.push(sql`t.state = ${q.state}`);
  if (q.checkedIn !== null)
    where.push(
      q.checkedIn
        ? sql`EXISTS (SELECT 1 FROM checkins k WHERE k.ticket_id = t.id)`
        : sql`NOT EXISTS (SELECT 1 FROM checkins k WHERE k.ticket_id = t.id)`,
    );
  if (q.terms) where.push(sql`t.id IN (${matchingTicketIds(q.eventId, q.terms)})`);
  return sql`
    WITH page AS (
      SELECT t.id, t.state, t.customer_id, t.pending_mobile, t.ticket_type_id, t.session_id,
             t.order_id, t.created_at
      FROM customer_tickets t
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY t.id
      LIMIT ${limit}
    )
    SELECT p.id, p.state, p.customer_id, p.pending_mobile, p.created_at,
           p.ticket_type_id, tt.name AS type_name, tt.period_days,
           p.session_id, s.date AS session_date, s.hour AS session_hour,
           p.order_id, o.reference,
           c.first_name, c.last_name, c.email, c.mobile, c.status AS customer_status,
           k.n AS checkins, k.last_at, k.gate
    FROM page p
    -- each row's parts by their keys (a lateral with LIMIT 1 stays a nested loop): a hash join
    -- would read the whole customers and orders tables for every batch
    JOIN ticket_types tt ON tt.id = p.ticket_type_id AND tt.event_id = ${q.eventId}
    LEFT JOIN event_sessions s ON s.id = p.session_id AND s.event_id = ${q.eventId}
    LEFT JOIN LATERAL (SELECT o.reference FROM orders o WHERE o.id = p.order_id LIMIT 1) o ON true
    LEFT JOIN LATERAL (
      SELECT c.first_name, c.last_name, c.email, c.mobile, c.status
      FROM customers c WHERE c.id = p.customer_id LIMIT 1
    ) c ON true
    LEFT JOIN LATERAL (
      SELECT l.scanned_at AS last_at, d.name AS gate, count(*) OVER ()::int AS n
      FROM checkins l LEFT JOIN checkin_devices d ON d.id = l.device_id
      WHERE l.ticket_id = p.id
      ORDER BY l.scanned_at DESC, l.id DESC
      LIMIT 1
    ) k ON true
    ORDER BY p.id`;
}

export interface AttendeeRow {
  id: number;
  state: string;
  customer_id: number | null;
  pending_mobile: string | null;
  created_at: Date | string;
  ticket_type_id: number;
  type_name: string;
  period_days: string[] | string | null;
  session_id: number | null;
  session_date: string | null;
  session_hour: string | null;
  order_id: number | null;
  reference: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile: string | null;
  customer_status: string | null;
  /** null without check-ins */
  checkins: number | null;
  last_at: Date | string | null;
  gate: string | null;
}

/** Up to `limit` attendees of the event after ticket id `after`, in id order. */
export async function findAttendees(
  db: DbOrTx,
  q: AttendeeQuery,
  after: number,
  limit: number,
): Promise<AttendeeRow[]> {
  return queryRows<AttendeeRow>(db, attendeePageQuery(q, after, limit));
}
