import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { customers, events, refundRequests, wallets } from '../../db/schema/index';

export type RefundRow = typeof refundRequests.$inferSelect;

export async function findOpenRefund(db: DbOrTx, walletId: number) {
  const rows = await db
    .select()
    .from(refundRequests)
    .where(
      and(eq(refundRequests.walletId, walletId), inArray(refundRequests.status, ['requested', 'approved'])),
    )
    .limit(1);
  return rows[0];
}

export async function findLastRefund(db: DbOrTx, walletId: number) {
  const rows = await db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.walletId, walletId))
    .orderBy(desc(refundRequests.id))
    .limit(1);
  return rows[0];
}

/** Inserts a request; answers undefined when another open request won the race (unique index). */
export async function insertRefund(
  db: DbOrTx,
  v: {
    walletId: number;
    customerId: number;
    iban: string;
    holderName: string;
    amountCents: number;
    feeCents: number;
  },
) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into refund_requests (wallet_id, customer_id, iban, holder_name, amount_cents, fee_cents, status)
        values (${v.walletId}, ${v.customerId}, ${v.iban}, ${v.holderName}, ${v.amountCents}, ${v.feeCents}, 'requested')
        on conflict (wallet_id) where status in ('requested', 'approved') do nothing
        returning id`,
  );
  return rows[0]?.id;
}

export async function findRefundById(db: DbOrTx, id: number) {
  const rows = await db.select().from(refundRequests).where(eq(refundRequests.id, id)).limit(1);
  return rows[0];
}

/**
 * What a message about a request needs: the customer's address, name and language (none once
 * they asked to be forgotten) and the event's name.
 */
export async function findRefundNoticeContext(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      customerId: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      locale: customers.locale,
      eventId: events.id,
      eventName: events.name,
    })
    .from(refundRequests)
    .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
    .innerJoin(events, eq(events.id, wallets.eventId))
    .innerJoin(customers, eq(customers.id, refundRequests.customerId))
    .where(and(eq(refundRequests.id, id), sql`${customers.status} <> 'erased'`))
    .limit(1);
  return rows[0];
}

/** Moves a request from one status to the next only if it is still in `from` (no double transition). */
export async function transitionRefund(
  db: DbOrTx,
  id: number,
  from: string,
  to: string,
  set: Partial<typeof refundRequests.$inferInsert>,
  now: Date,
) {
  const rows = await db
    .update(refundRequests)
    .set({ ...set, status: to, updatedAt: now })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, from)))
    .returning();
  return rows[0];
}

export async function listRefunds(db: DbOrTx, status?: string) {
  return db
    .select({
      refund: refundRequests,
      eventSlug: events.slug,
      eventName: events.name,
      customerEmail: customers.email,
      customerMobile: customers.mobile,
    })
    .from(refundRequests)
    .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
    .innerJoin(events, eq(events.id, wallets.eventId))
    .leftJoin(customers, eq(customers.id, refundRequests.customerId))
    .where(status ? eq(refundRequests.status, status) : undefined)
    .orderBy(asc(refundRequests.id))
    .limit(1000);
}

/**
 * Approved refunds not yet put in a SEPA file (of one organiser's events, or of all), locked so
 * two exports never carry the same one.
 */
export async function lockApprovedUnexported(db: DbOrTx, organizerId?: number) {
  return queryRows<{
    id: number;
    iban: string;
    holder_name: string;
    amount_cents: number;
    created_at: string | Date;
    event_slug: string;
  }>(
    db,
    sql`select r.id, r.iban, r.holder_name, r.amount_cents, r.created_at, e.slug as event_slug
        from refund_requests r join wallets w on w.id = r.wallet_id join events e on e.id = w.event_id
        where r.status = 'approved' and r.export_id is null and r.amount_cents > 0
          ${organizerId === undefined ? sql`` : sql`and e.organizer_id = ${organizerId}`}
        order by r.id for update of r skip locked`,
  );
}

export async function markExported(db: DbOrTx, ids: number[], exportId: string, now: Date) {
  if (!ids.length) return;
  await db.update(refundRequests).set({ exportId, updatedAt: now }).where(inArray(refundRequests.id, ids));
}
