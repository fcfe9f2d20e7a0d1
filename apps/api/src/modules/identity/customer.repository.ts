import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, customerTickets, events } from '../../db/schema/index';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByMobile(db: DbOrTx, mobile: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
  return rows[0];
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

export type NewCustomer = typeof customers.$inferInsert;

export async function insertCustomer(db: DbOrTx, values: NewCustomer): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

export async function updateCustomer(
  db: DbOrTx,
  id: number,
  values: Partial<NewCustomer>,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

/** Activates a pending customer (mobile proved); answers undefined if it was not pending. */
export async function markMobileVerified(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ status: 'active', mobileVerifiedAt: now, updatedAt: now })
    .where(and(eq(customers.id, id), eq(customers.status, 'pending')))
    .returning();
  return row;
}

/**
 * Whether another active customer uses this email, whatever its case (the rule of the
 * unique index customers_email_active_unique). Pending registrations and erased rows do not
 * count: an unproved sign-up must not block the address's owner.
 */
export async function emailTakenByOther(
  db: DbOrTx,
  email: string,
  exceptCustomerId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.email}) = ${email.toLowerCase()}`,
        eq(customers.status, 'active'),
        exceptCustomerId === undefined ? undefined : ne(customers.id, exceptCustomerId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The customer row, locked for the rest of the transaction. */
export async function lockCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return rows[0];
}

/** Confirms the email if it is still the one the link was sent to. */
export async function markEmailVerified(db: DbOrTx, id: number, email: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(customers.id, id), eq(customers.email, email)))
    .returning({ id: customers.id });
  return rows.length === 1;
}

/**
 * Tickets transferred to this mobile before its owner had an account (issue 4): they
 * become the new customer's in the activation transaction. Answers how many moved.
 */
export async function claimPendingTickets(db: DbOrTx, customerId: number, mobile: string): Promise<number> {
  const rows = await db
    .update(customerTickets)
    .set({ customerId, pendingMobile: null })
    .where(and(eq(customerTickets.pendingMobile, mobile), isNull(customerTickets.customerId)))
    .returning({ id: customerTickets.id });
  return rows.length;
}

/** Slug of an event by id (for links that keep a mini-site visitor inside /site/:slug). */
export async function findEventSlug(db: DbOrTx, eventId: number): Promise<string | undefined> {
  const rows = await db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId)).limit(1);
  return rows[0]?.slug;
}

/** Sets the customer's language; writes only when it changes (answers whether it did). */
export async function setCustomerLocale(db: DbOrTx, id: number, locale: string): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ locale })
    .where(and(eq(customers.id, id), ne(customers.locale, locale)))
    .returning({ id: customers.id });
  return rows.length > 0;
}
