/**
 * Queries of the back office's orders. Every read names the organiser (through the order's
 * event), so another organiser's order is never reached: it reads as absent (404).
 *
 * The search never scans a big table: each way of matching has its index (reference and token
 * unique, mobile unique, active email by lower(email), name and surname prefixes by
 * customers_*_prefix_idx, ticket ids and order ids by their keys); the matching order ids are
 * then narrowed to the organiser's events, read first (orders_event_created_idx for a list).
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderSort } from '@bilheteira/shared/schemas/backoffice-orders';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  checkinDevices,
  checkins,
  customerTickets,
  customers,
  events,
  orderRefunds,
  orders,
  outbox,
  revokedTokens,
  staffUsers,
  ticketTransfers,
} from '../../db/schema/index';

/** What one search text may be, read once by the service (search-text.ts). */
export interface OrderSearchTerms {
  /** the text as typed (token, reference) */
  text: string;
  reference: string;
  /** a ticket or order id when the text is a plain number */
  id: number | null;
  /** E.164 when the text reads as a phone number */
  mobile: string | null;
  /** lower-cased, when the text is an email */
  email: string | null;
  /** lower-cased LIKE prefix with % _ \ escaped, when the text may be a name */
  namePrefix: string | null;
}

/** Order ids the search text points at, over the whole platform (each branch by an index). */
function matchingOrderIds(s: OrderSearchTerms): SQL {
  const branches: SQL[] = [
    sql`SELECT ${orders.id} FROM ${orders} WHERE ${orders.reference} = ${s.reference}`,
    sql`SELECT ${customerTickets.orderId} FROM ${customerTickets} WHERE ${customerTickets.token} = ${s.text}`,
    // a token that stopped working (transferred or cancelled) still finds its order
    sql`SELECT ${customerTickets.orderId} FROM ${revokedTokens} JOIN ${customerTickets} ON ${customerTickets.id} = ${revokedTokens.ticketId} WHERE ${revokedTokens.token} = ${s.text}`,
  ];
  if (s.id !== null)
    branches.push(
      sql`SELECT ${orders.id} FROM ${orders} WHERE ${orders.id} = ${s.id}`,
      sql`SELECT ${customerTickets.orderId} FROM ${customerTickets} WHERE ${customerTickets.id} = ${s.id}`,
    );
  const people: SQL[] = [];
  if (s.mobile) people.push(sql`${customers.mobile} = ${s.mobile}`);
  if (s.email) people.push(sql`(lower(${customers.email}) = ${s.email} AND ${customers.status} = 'active')`);
  if (s.namePrefix)
    people.push(
      sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) LIKE ${s.namePrefix}`,
      sql`lower(${customers.lastName}) LIKE ${s.namePrefix}`,
    );
  if (people.length)
    branches.push(
      sql`SELECT ${orders.id} FROM ${customers} JOIN ${orders} ON ${orders.customerId} = ${customers.id} WHERE ${sql.join(people, sql` OR `)}`,
    );
  return sql.join(branches, sql` UNION `);
}

const SORT_COLUMNS: Record<AdminOrderSort, typeof orders.createdAt | typeof orders.totalCents> = {
  created_at: orders.createdAt,
  total_cents: orders.totalCents,
};

const summaryFields = {
  order: orders,
  eventName: events.name,
  customer: {
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    mobile: customers.mobile,
    status: customers.status,
  },
};

export interface OrderSearch {
  terms: OrderSearchTerms | null;
  /** the organiser's events to look in (all of them, or the one filtered on); never empty */
  eventIds: number[];
  status: string | null;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/**
 * The page and count statements of a search (apart, so a test can EXPLAIN them). The page is
 * chosen from orders alone (one event: a walk of orders_event_created_idx that stops at the
 * page), and only its rows are joined to their event and buyer.
 */
export function orderSearchQueries(db: DbOrTx, q: OrderSearch) {
  const where: SQL[] = [
    q.eventIds.length === 1 ? eq(orders.eventId, q.eventIds[0]!) : inArray(orders.eventId, q.eventIds),
  ];
  if (q.status !== null) where.push(eq(orders.status, q.status));
  if (q.terms) where.push(sql`${orders.id} IN (${matchingOrderIds(q.terms)})`);
  const cond = and(...where);
  const order = q.dir === 'desc' ? desc : asc;
  const sortedBy = [order(SORT_COLUMNS[q.sort]), order(orders.id)];
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(cond)
    .orderBy(...sortedBy)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return {
    page: db
      .select(summaryFields)
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(inArray(orders.id, pageIds))
      .orderBy(...sortedBy),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(cond),
  };
}

/** The organiser's event ids (events_organizer_idx). */
export async function organizerEventIds(db: DbOrTx, organizerId: number): Promise<number[]> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.organizerId, organizerId));
  return rows.map((r) => r.id);
}

/** A page of the organiser's orders, searched and filtered, with the total that matched. */
export async function searchOrganizerOrders(db: DbOrTx, q: OrderSearch) {
  const { page, count } = orderSearchQueries(db, q);
  const [rows, counted] = await Promise.all([page, count]);
  return { rows, total: counted[0]?.n ?? 0 };
}
export type AdminOrderSummaryRow = Awaited<ReturnType<typeof searchOrganizerOrders>>['rows'][number];

/** The organiser's order with its event and buyer, or undefined (another organiser's too). */
export async function findOrganizerOrder(db: DbOrTx, organizerId: number, orderId: number) {
  const rows = await db
    .select({
      ...summaryFields,
      event: {
        id: events.id,
        name: events.name,
        startsAt: events.startsAt,
        timezone: events.timezone,
      },
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), eq(events.organizerId, organizerId)))
    .limit(1);
  return rows[0];
}

export type OrganizerOrder = NonNullable<Awaited<ReturnType<typeof findOrganizerOrder>>>;

/** Names and mobiles of customers (ticket holders, transfer senders). */
export async function findPeople(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      mobile: customers.mobile,
      status: customers.status,
    })
    .from(customers)
    .where(inArray(customers.id, ids));
}

/** Check-ins of tickets with the door device (gate) that let each in. */
export async function findCheckinsWithGates(db: DbOrTx, ticketIds: number[]) {
  if (!ticketIds.length) return [];
  return db
    .select({
      ticketId: checkins.ticketId,
      day: checkins.day,
      scannedAt: checkins.scannedAt,
      offline: checkins.offline,
      gate: checkinDevices.name,
    })
    .from(checkins)
    .leftJoin(checkinDevices, eq(checkinDevices.id, checkins.deviceId))
    .where(inArray(checkins.ticketId, ticketIds))
    .orderBy(asc(checkins.scannedAt), asc(checkins.id));
}

export async function findTransfers(db: DbOrTx, ticketIds: number[]) {
  if (!ticketIds.length) return [];
  return db
    .select({
      ticketId: ticketTransfers.ticketId,
      fromCustomerId: ticketTransfers.fromCustomerId,
      toMobile: ticketTransfers.toMobile,
      createdAt: ticketTransfers.createdAt,
    })
    .from(ticketTransfers)
    .where(inArray(ticketTransfers.ticketId, ticketIds))
    .orderBy(asc(ticketTransfers.createdAt), asc(ticketTransfers.id));
}

/**
 * Messages queued to the buyer about this order or its event (their meta names it), by the
 * buyer's messages (outbox_customer_idx): subject and delivery, never the body (it may hold
 * admissions).
 */
export function findOrderMessages(db: DbOrTx, o: { orderId: number; eventId: number; customerId: number }) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      kind: sql<string>`coalesce(${outbox.meta}->>'kind', '')`,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.customerId, o.customerId),
        or(
          sql`${outbox.meta}->>'order_id' = ${String(o.orderId)}`,
          sql`${outbox.meta}->>'event_id' = ${String(o.eventId)}`,
        ),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(200);
}

/** Audit entries of the order, its payments and its tickets (audit_log_entity_idx). */
export function findOrderAudit(
  db: DbOrTx,
  o: { orderId: number; paymentIds: number[]; ticketIds: number[] },
) {
  const about: SQL[] = [and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(o.orderId)))!];
  if (o.paymentIds.length)
    about.push(and(eq(auditLog.entity, 'payment'), inArray(auditLog.entityId, o.paymentIds.map(String)))!);
  if (o.ticketIds.length)
    about.push(
      and(eq(auditLog.entity, 'customer_ticket'), inArray(auditLog.entityId, o.ticketIds.map(String)))!,
    );
  return db
    .select({
      action: auditLog.action,
      actor: auditLog.actor,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      createdAt: auditLog.createdAt,
      // a back-office refund's entry names its refund row, which the story tells itself
      orderRefundId: sql<number | null>`(${auditLog.data}->>'order_refund_id')::int`,
    })
    .from(auditLog)
    .where(or(...about))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(500);
}

export async function findStaffNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Tickets of the order its buyer still holds and may be sent again (active, not transferred). */
export async function findResendableTicketIds(
  db: DbOrTx,
  o: { orderId: number; customerId: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: customerTickets.id })
    .from(customerTickets)
    .where(
      and(
        eq(customerTickets.orderId, o.orderId),
        eq(customerTickets.customerId, o.customerId),
        eq(customerTickets.state, 'active'),
      ),
    )
    .orderBy(asc(customerTickets.id));
  return rows.map((r) => r.id);
}

/** The back office's refunds of lines of an order, oldest first (its story). */
export function findOrderRefunds(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
}

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
