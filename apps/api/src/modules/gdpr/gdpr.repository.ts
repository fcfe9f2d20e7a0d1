import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  auditLog,
  carts,
  contactMessages,
  customerSessions,
  customerTickets,
  customers,
  eventSessions,
  events,
  oneTimeCodes,
  orderLines,
  orders,
  organizerRequests,
  outbox,
  rateLimits,
  refundRequests,
  revokedTokens,
  stations,
  ticketTransfers,
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
  const [w] = await db
    .select({ cents: sql<number>`coalesce(sum(${wallets.balanceCents}), 0)::int` })
    .from(wallets)
    .where(eq(wallets.customerId, customerId));
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
    walletBalanceCents: w?.cents ?? 0,
    openRefunds: r?.n ?? 0,
    pendingRequest: (c?.n ?? 0) > 0,
  };
}

export async function lockCustomerRow(db: DbOrTx, id: number) {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).for('update').limit(1);
  return rows[0];
}

/** Cancels the customer's tickets for events not yet ended; their tokens stop working. */
export async function cancelFutureTickets(db: DbOrTx, customerId: number, now: Date): Promise<number> {
  const future = db.select({ id: events.id }).from(events).where(gt(events.endsAt, now));
  const cancelled = await db
    .update(customerTickets)
    .set({ state: 'canceled' })
    .where(
      and(
        eq(customerTickets.customerId, customerId),
        eq(customerTickets.state, 'active'),
        inArray(customerTickets.eventId, future),
      ),
    )
    .returning({ id: customerTickets.id, token: customerTickets.token });
  if (cancelled.length) {
    await db
      .insert(revokedTokens)
      .values(cancelled.map((t) => ({ token: t.token, ticketId: t.id, reason: 'erasure' })))
      .onConflictDoNothing();
  }
  return cancelled.length;
}

export interface Identifiers {
  customerId: number;
  mobile: string | null;
  email: string | null;
}

/**
 * Deletes what exists only because of the person: sessions (ending them at once), codes,
 * carts, messages, queued emails/SMS, organiser requests and rate-limit counters.
 */
export async function deletePersonalRows(db: DbOrTx, id: Identifiers): Promise<void> {
  const { customerId, mobile, email } = id;
  const targets = [mobile, email].filter((v): v is string => !!v);
  await db.delete(customerSessions).where(eq(customerSessions.customerId, customerId));
  await db
    .delete(oneTimeCodes)
    .where(
      targets.length
        ? or(eq(oneTimeCodes.customerId, customerId), inArray(oneTimeCodes.target, targets))
        : eq(oneTimeCodes.customerId, customerId),
    );
  await db.delete(carts).where(eq(carts.customerId, customerId));
  await db
    .delete(contactMessages)
    .where(
      email
        ? or(
            eq(contactMessages.customerId, customerId),
            sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`,
          )
        : eq(contactMessages.customerId, customerId),
    );
  await db
    .delete(outbox)
    .where(
      or(
        sql`${outbox.meta} ->> 'customer_id' = ${String(customerId)}`,
        targets.length ? inArray(outbox.recipient, targets) : undefined,
      ),
    );
  if (email)
    await db.delete(organizerRequests).where(sql`lower(${organizerRequests.email}) = ${email.toLowerCase()}`);
  if (mobile) await db.delete(organizerRequests).where(eq(organizerRequests.mobile, mobile));
  for (const t of targets) {
    await db.delete(rateLimits).where(sql`position(${t.toLowerCase()} in lower(${rateLimits.key})) > 0`);
  }
}

/**
 * Keeps the financial records (orders, invoices, ledger, refunds: 10-year retention) but
 * strips what identifies the person in them.
 */
export async function anonymiseRetainedRows(db: DbOrTx, id: Identifiers): Promise<void> {
  await db
    .update(orders)
    .set({ billing: { anonymised: true }, receiptEmail: null })
    .where(eq(orders.customerId, id.customerId));
  await db
    .update(refundRequests)
    .set({ iban: '', holderName: '' })
    .where(eq(refundRequests.customerId, id.customerId));
  if (id.mobile) {
    await db.update(ticketTransfers).set({ toMobile: '' }).where(eq(ticketTransfers.toMobile, id.mobile));
    await db
      .update(customerTickets)
      .set({ pendingMobile: null })
      .where(eq(customerTickets.pendingMobile, id.mobile));
  }
}

/** The customer row stays (orders point at it) but holds nothing about the person. */
export async function anonymiseCustomerRow(db: DbOrTx, customerId: number, now: Date): Promise<void> {
  await db
    .update(customers)
    .set({
      firstName: '',
      lastName: '',
      email: null,
      mobile: null,
      birthday: null,
      gender: null,
      nameBilling: null,
      documentBilling: null,
      postalCode: null,
      iban: null,
      passwordHash: null,
      marketingConsent: false,
      invoiceByEmail: false,
      status: 'erased',
      mobileVerifiedAt: null,
      emailVerifiedAt: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(customers.id, customerId));
}

/** Escapes a literal for a PostgreSQL regular expression. */
const regexLiteral = (s: string) => s.replace(/[^\p{L}\p{N} ]/gu, (c) => `\\${c}`);

/**
 * Last sweep: every text or JSON column of every table (including tables added later)
 * that still mentions one of the person's identifiers gets it replaced. The customers row
 * and the tables cleared above are not scanned.
 */
export async function scrubEverywhere(db: DbOrTx, identifiers: string[]): Promise<number> {
  const needles = [...new Set(identifiers.map((s) => s.trim()).filter((s) => s.length >= 5))];
  if (!needles.length) return 0;
  const pattern = needles.map(regexLiteral).join('|');
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`SELECT c.table_name, c.column_name, c.data_type
        FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')
          AND c.table_name NOT IN ('customers', 'rate_limits')
        ORDER BY c.table_name, c.column_name`,
  );
  const byTable = new Map<string, typeof columns>();
  for (const col of columns) byTable.set(col.table_name, [...(byTable.get(col.table_name) ?? []), col]);
  let changed = 0;
  for (const [table, cols] of byTable) {
    const t = sql.identifier(table);
    // One scan per table on the whole row's text; only tables that match are rewritten.
    const hit = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${t} AS r WHERE r::text ~* ${pattern}`,
    );
    if (!hit[0]?.n) continue;
    for (const col of cols) {
      const c = sql.identifier(col.column_name);
      const cast = col.data_type === 'jsonb' ? sql`::jsonb` : col.data_type === 'json' ? sql`::json` : sql``;
      const rows = await queryRows<{ n: number }>(
        db,
        sql`WITH u AS (
              UPDATE ${t} SET ${c} = regexp_replace(${c}::text, ${pattern}, '[apagado]', 'gi')${cast}
              WHERE ${c}::text ~* ${pattern} RETURNING 1)
            SELECT count(*)::int AS n FROM u`,
      );
      changed += rows[0]?.n ?? 0;
    }
  }
  return changed;
}
