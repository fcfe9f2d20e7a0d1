import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  contactMessages,
  customerTickets,
  customers,
  eventSessions,
  events,
  oneTimeCodes,
  orderLines,
  orders,
  refundRequests,
  stations,
  ticketTypes,
  walletTransactions,
  wallets,
} from '../../db/schema/index';

/* ─────────────── portability: read-only views of the customer's records ─────────────── */

export async function exportOrders(db: DbOrTx, customerId: number) {
  const rows = await db
    .select({ order: orders, eventName: events.name, eventSlug: events.slug })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((r) => r.order.id);
  const lines = ids.length
    ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id))
    : [];
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.orderId === r.order.id) }));
}

export async function exportTickets(db: DbOrTx, customerId: number) {
  return db
    .select({
      ticket: customerTickets,
      eventName: events.name,
      eventSlug: events.slug,
      typeName: ticketTypes.name,
      sessionDate: eventSessions.date,
      sessionHour: eventSessions.hour,
    })
    .from(customerTickets)
    .innerJoin(events, eq(events.id, customerTickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, customerTickets.ticketTypeId))
    .leftJoin(eventSessions, eq(eventSessions.id, customerTickets.sessionId))
    .where(eq(customerTickets.customerId, customerId))
    .orderBy(asc(customerTickets.id));
}

export async function exportWallets(db: DbOrTx, customerId: number) {
  const ws = await db
    .select({ wallet: wallets, eventName: events.name, eventSlug: events.slug })
    .from(wallets)
    .innerJoin(events, eq(events.id, wallets.eventId))
    .where(eq(wallets.customerId, customerId))
    .orderBy(asc(wallets.id));
  const ids = ws.map((w) => w.wallet.id);
  const txs = ids.length
    ? await db
        .select({ tx: walletTransactions, stationName: stations.name })
        .from(walletTransactions)
        .leftJoin(stations, eq(stations.id, walletTransactions.stationId))
        .where(inArray(walletTransactions.walletId, ids))
        .orderBy(asc(walletTransactions.occurredAt), asc(walletTransactions.id))
    : [];
  return ws.map((w) => ({ ...w, transactions: txs.filter((t) => t.tx.walletId === w.wallet.id) }));
}

export async function exportRefunds(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.customerId, customerId))
    .orderBy(asc(refundRequests.id));
}

export async function exportMessages(db: DbOrTx, customerId: number) {
  return db
    .select({ message: contactMessages, eventName: events.name })
    .from(contactMessages)
    .leftJoin(events, eq(events.id, contactMessages.eventId))
    .where(eq(contactMessages.customerId, customerId))
    .orderBy(asc(contactMessages.id));
}

export async function exportConsentLog(db: DbOrTx, customerId: number) {
  return db
    .select({ data: auditLog.data, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'customer'),
        eq(auditLog.entityId, String(customerId)),
        eq(auditLog.action, 'customer.consent_changed'),
      ),
    )
    .orderBy(asc(auditLog.id));
}

/* ─────────────── erasure ─────────────── */

/** What erasure would change: tickets for events not ended, wallet money, open refunds. */
export async function erasurePreview(db: DbOrTx, customerId: number, now: Date) {
  const [t] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerTickets)
    .innerJoin(events, eq(events.id, customerTickets.eventId))
    .where(
      and(
        eq(customerTickets.customerId, customerId),
        eq(customerTickets.state, 'active'),
        gt(events.endsAt, now),
      ),
    );
  // each wallet with its event's refund rules: the forget page says which money can come back
  const walletRows = await db
    .select({
      balanceCents: wallets.balanceCents,
      onlineCents: wallets.onlineCents,
      refundsAllowed: events.refundsAllowed,
      refundOpensAt: events.refundOpensAt,
      refundClosesAt: events.refundClosesAt,
      endsAt: events.endsAt,
    })
    .from(wallets)
    .innerJoin(events, eq(events.id, wallets.eventId))
    .where(and(eq(wallets.customerId, customerId), gt(wallets.balanceCents, 0)));
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refundRequests)
    .where(
      and(
        eq(refundRequests.customerId, customerId),
        inArray(refundRequests.status, ['requested', 'approved']),
      ),
    );
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.customerId, customerId),
        eq(oneTimeCodes.purpose, 'forget_data'),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    );
  return {
    futureTickets: t?.n ?? 0,
    walletBalanceCents: walletRows.reduce((sum, w) => sum + w.balanceCents, 0),
    wallets: walletRows,
    openRefunds: r?.n ?? 0,
    pendingRequest: (c?.n ?? 0) > 0,
  };
}

export async function lockCustomerRow(db: DbOrTx, id: number) {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  return rows[0];
}
