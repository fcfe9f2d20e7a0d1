import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RefundStatus } from '@bilheteira/shared/wallet';
import type { DbOrTx } from '../../db/client';
import { customers, events, organizers, refundRequests, wallets } from '../../db/schema/index';

/** The search as plain text inside ILIKE: % _ and \ are letters, not wildcards. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the organiser's refund requests (newest first), filtered, with the matching total. */
export async function refundsOfOrganizer(
  db: DbOrTx,
  organizerId: number,
  f: { status?: RefundStatus; eventId?: number; q: string; page: number; perPage: number },
) {
  const conditions: (SQL | undefined)[] = [eq(events.organizerId, organizerId)];
  if (f.status) conditions.push(eq(refundRequests.status, f.status));
  if (f.eventId) conditions.push(eq(events.id, f.eventId));
  if (f.q) {
    const term = contains(f.q);
    conditions.push(
      or(
        ilike(refundRequests.holderName, term),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, term),
        ilike(customers.email, term),
        ilike(customers.mobile, term),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({
        refund: refundRequests,
        eventId: events.id,
        eventName: events.name,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        mobile: customers.mobile,
      })
      .from(refundRequests)
      .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
      .innerJoin(events, eq(events.id, wallets.eventId))
      .leftJoin(customers, eq(customers.id, refundRequests.customerId))
      .where(where)
      .orderBy(desc(refundRequests.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db
      .select({ n: count() })
      .from(refundRequests)
      .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
      .innerJoin(events, eq(events.id, wallets.eventId))
      .leftJoin(customers, eq(customers.id, refundRequests.customerId))
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export type OrganizerRefundRow = Awaited<ReturnType<typeof refundsOfOrganizer>>['rows'][number];

/** The organiser's events that have refund requests, by name. */
export async function organizerRefundEvents(db: DbOrTx, organizerId: number) {
  return db
    .selectDistinct({ id: events.id, name: events.name })
    .from(refundRequests)
    .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
    .innerJoin(events, eq(events.id, wallets.eventId))
    .where(eq(events.organizerId, organizerId))
    .orderBy(events.name, events.id);
}

/** Approved requests of the organiser not yet in a SEPA file: how many and their amount. */
export async function organizerExportable(db: DbOrTx, organizerId: number) {
  const [row] = await db
    .select({
      n: count(),
      amount: sql<number>`coalesce(sum(${refundRequests.amountCents}), 0)::int`,
    })
    .from(refundRequests)
    .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
    .innerJoin(events, eq(events.id, wallets.eventId))
    .where(
      and(
        eq(events.organizerId, organizerId),
        eq(refundRequests.status, 'approved'),
        isNull(refundRequests.exportId),
        sql`${refundRequests.amountCents} > 0`,
      ),
    );
  return { count: Number(row?.n ?? 0), amountCents: Number(row?.amount ?? 0) };
}

/** Which of these requests are on wallets of the organiser's events. */
export async function organizerRefundIds(db: DbOrTx, organizerId: number, ids: number[]) {
  const rows = await db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .innerJoin(wallets, eq(wallets.id, refundRequests.walletId))
    .innerJoin(events, eq(events.id, wallets.eventId))
    .where(and(eq(events.organizerId, organizerId), inArray(refundRequests.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The organiser's name and payout IBAN: the debtor of its SEPA files. */
export async function findOrganizerDebtor(db: DbOrTx, organizerId: number) {
  const [row] = await db
    .select({ name: organizers.name, iban: organizers.iban })
    .from(organizers)
    .where(eq(organizers.id, organizerId))
    .limit(1);
  return row;
}
