import { OPEN_PAYMENT_STATUSES } from '@bilheteira/shared/schemas/orders';
import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  customerTickets,
  customers,
  events,
  orders,
  paymentEvents,
  payments,
  ticketTypes,
} from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** Changes an attempt, stamped as changed at `now`. */
export async function updatePayment(
  db: DbOrTx,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/**
 * Records the provider's answer to an attempt's creation; the status changes only while the
 * attempt is still open (a slow provider call must not reopen an attempt expired meanwhile).
 */
export async function recordProviderAnswer(
  db: DbOrTx,
  id: number,
  status: string,
  values: Pick<Partial<typeof payments.$inferInsert>, 'providerRef' | 'expiresAt' | 'meta'>,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({
      ...values,
      status: sql`CASE WHEN ${inArray(payments.status, [...OPEN_PAYMENT_STATUSES])} THEN ${status} ELSE ${payments.status} END`,
      updatedAt: now,
    })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

export async function findPaymentByKey(db: DbOrTx, orderId: number, key: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return rows[0];
}

export async function findPaymentByRef(db: DbOrTx, providerRef: string) {
  const rows = await db.select().from(payments).where(eq(payments.providerRef, providerRef)).limit(1);
  return rows[0];
}

export async function findPaymentForUpdate(db: DbOrTx, id: number) {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return rows[0];
}

export async function findPaymentById(db: DbOrTx, id: number) {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return rows[0];
}

/** The order's newest attempt (a new attempt closes the open one first, so an open one is the newest). */
export async function findLatestPayment(db: DbOrTx, orderId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.id))
    .limit(1);
  return rows[0];
}

/**
 * Claims one payment owed back to its customer whose refund is due, skipping rows another
 * worker holds: the caller keeps the row locked until the provider has answered.
 */
export async function claimDueRefund(db: DbOrTx, now: Date): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'refund_pending'),
        sql`(${payments.refundNextAt} IS NULL OR ${payments.refundNextAt} <= ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(payments.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/** Payments in the given statuses with their order reference, oldest first (operators). */
export async function listPaymentsByStatus(db: DbOrTx, statuses: string[], limit = 500) {
  return db
    .select({ payment: payments, orderReference: orders.reference })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(inArray(payments.status, statuses))
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** Ends earlier attempts still open on the order (a new attempt replaces them). */
export async function supersedeOpenPayments(db: DbOrTx, orderId: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
}

/** Records a provider event once; answers false when it was already recorded. */
export async function recordPaymentEvent(
  db: DbOrTx,
  e: { provider: string; eventRef: string; paymentId: number; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(e)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

/** Sandbox MB WAY requests older than `before` still waiting (auto-approval). */
export async function findSandboxMbwayWaiting(db: DbOrTx, before: Date, limit = 20) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'sandbox'),
        eq(payments.method, 'mbway'),
        eq(payments.status, 'pending'),
        lte(payments.createdAt, before),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
}

/**
 * Forgets what was asked (the MB WAY phone) on attempts closed before `before`: it only
 * serves to recognise a repeat of the same request, and payments are kept for 10 years.
 */
export async function forgetAttemptRequests(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ meta: sql`${payments.meta} - 'request'` })
    .where(
      and(
        sql`${payments.meta} ? 'request'`,
        lte(payments.updatedAt, before),
        notInArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}

/** Open attempts past their window become expired (the order stays payable until its own hold ends). */
export async function expireOpenPayments(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(inArray(payments.status, [...OPEN_PAYMENT_STATUSES]), lte(payments.expiresAt, now)))
    .returning({ id: payments.id });
  return rows.length;
}

export async function findCustomer(db: DbOrTx, id: number) {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

export async function findEvent(db: DbOrTx, id: number) {
  const rows = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return rows[0];
}

/** Issued tickets with their type names (for the confirmation email). */
export async function findTicketsWithTypes(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: customerTickets.id, token: customerTickets.token, name: ticketTypes.name })
    .from(customerTickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, customerTickets.ticketTypeId))
    .where(inArray(customerTickets.id, ids))
    .orderBy(asc(customerTickets.id));
}

export async function countPaymentEvents(db: DbOrTx, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId));
  return row?.n ?? 0;
}
