import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, events, oneTimeCodes } from '../../db/schema/index';
import type { CustomerEventFilter } from '@bilheteira/shared/schemas/account';

export type CustomerRow = typeof customers.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Events the customer holds a ticket or a wallet for (the dashboard's "your events"). */
// Raw, table-qualified SQL: in a single-table select Drizzle renders columns unqualified,
// which inside a correlated subquery would bind to the subquery's own table.
const heldBy = (customerId: number): SQL => sql`(
  "events"."id" IN (SELECT ct.event_id FROM customer_tickets ct WHERE ct.customer_id = ${customerId})
  OR "events"."id" IN (SELECT w.event_id FROM wallets w WHERE w.customer_id = ${customerId})
)`;

function filterCondition(filter: CustomerEventFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'active':
      return and(ne(events.status, 'cancelled'), gt(events.endsAt, now));
    case 'soon':
      return and(ne(events.status, 'cancelled'), gt(events.startsAt, now));
    case 'finalized':
      return or(eq(events.status, 'cancelled'), lte(events.endsAt, now));
    default:
      return undefined;
  }
}

const eventColumns = (customerId: number) => ({
  event: events,
  ticketsCount: sql<number>`(SELECT count(*)::int FROM customer_tickets ct WHERE ct.event_id = "events"."id" AND ct.customer_id = ${customerId} AND ct.state = 'active')`,
  hasWallet: sql<boolean>`EXISTS (SELECT 1 FROM wallets w WHERE w.event_id = "events"."id" AND w.customer_id = ${customerId})`,
});

/**
 * One page of the customer's events: those still to come or running first (soonest first),
 * then the finished ones (latest first).
 */
export async function listCustomerEvents(
  db: DbOrTx,
  q: { customerId: number; filter: CustomerEventFilter; page: number; perPage: number; now: Date },
) {
  const cond = and(heldBy(q.customerId), filterCondition(q.filter, q.now));
  const nowIso = q.now.toISOString();
  const [rows, count] = await Promise.all([
    db
      .select(eventColumns(q.customerId))
      .from(events)
      .where(cond)
      .orderBy(
        sql`(${events.endsAt} <= ${nowIso}::timestamptz OR ${events.status} = 'cancelled')`,
        sql`CASE WHEN ${events.endsAt} > ${nowIso}::timestamptz THEN ${events.startsAt} END ASC`,
        desc(events.startsAt),
        asc(events.id),
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(cond),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One event of the customer's (undefined when they hold nothing for it: answered as 404). */
export async function findCustomerEvent(db: DbOrTx, customerId: number, eventId: number) {
  const rows = await db
    .select(eventColumns(customerId))
    .from(events)
    .where(and(eq(events.id, eventId), heldBy(customerId)))
    .limit(1);
  return rows[0];
}

export async function findCustomer(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

/** Locks the customer row for an update in the caller's transaction. */
export async function lockCustomer(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  return rows[0];
}

export async function findCustomerIdByMobile(db: DbOrTx, mobile: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.mobile, mobile))
    .limit(1);
  return rows[0]?.id;
}

export async function updateCustomer(
  db: DbOrTx,
  id: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow> {
  const rows = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return rows[0]!;
}

export async function insertCode(
  db: DbOrTx,
  values: { customerId: number; target: string; purpose: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeCodes).values(values);
}

/**
 * The latest unused, unexpired code of a purpose for a customer, matched by its target (SMS
 * codes) or by its hash (emailed links), locked for use in the caller's transaction.
 */
export async function findLiveCode(
  db: DbOrTx,
  q: { customerId: number; purpose: string; now: Date } & ({ target: string } | { codeHash: string }),
): Promise<OneTimeCodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.customerId, q.customerId),
        'target' in q ? eq(oneTimeCodes.target, q.target) : eq(oneTimeCodes.codeHash, q.codeHash),
        eq(oneTimeCodes.purpose, q.purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, q.now),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function countCodeAttempt(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
}

export async function markCodeUsed(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, id));
}

/** Retires the earlier live codes of a purpose when a new one is sent. */
export async function retireCodes(db: DbOrTx, customerId: number, purpose: string, now: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.customerId, customerId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    );
}
