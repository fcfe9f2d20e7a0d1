import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import {
  auditLog,
  cartItems,
  carts,
  contactMessages,
  customerKnownDevices,
  customerSessions,
  customerTickets,
  customers,
  events,
  oneTimeCodes,
  orders,
  outbox,
  rateLimits,
  refundRequests,
  revokedTokens,
  ticketTransfers,
  ticketTypes,
  walletTransactions,
  wallets,
} from '../src/db/schema/index';
import { randomToken } from '../src/lib/crypto';
import { hashPassword } from '../src/lib/passwords';
import { ERASURE_PLAN } from '../src/modules/gdpr/erasure.repository';
import { CUSTOMER_COLUMNS_KEPT, customerColumnsCleared } from '../src/modules/gdpr/erasure-steps.repository';
import { createTestApp, injectAs, login, type TestApp } from './helpers';

/**
 * Issue 23 item 1: erasure touches only the erased person's rows, through ERASURE_PLAN.
 * The old final sweep regexp_replaced the person's identifiers, billing name included, in
 * every text column of every table: a billing name equal to a ticket-token prefix rewrote
 * other people's tickets, and "active" switched off every station.
 */
let t: TestApp;
const PASSWORD = 'Segredo!2026';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function typeOf(slug: string) {
  const [e] = await t.database.db.select().from(events).where(eq(events.slug, slug));
  const [type] = await t.database.db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, e!.id))
    .limit(1);
  return { eventId: e!.id, typeId: type!.id };
}

/** A confirmed customer with an order, tickets, a wallet with a ledger row and a paid refund, a cart, a message, a code and a counter. */
async function createPerson(n: number, billingName: string, email: { address: string; confirmed: boolean }) {
  const db = t.database.db;
  const who = {
    lastName: `Apagável-Número${'AB'[n]}`,
    mobile: `+35196555000${n}`,
    national: `96555000${n}`,
    nif: `25998877${n}`,
    iban: `PT5000020123123456789099${n}`,
    email: email.address,
  };
  const [c] = await db
    .insert(customers)
    .values({
      firstName: 'Quitéria',
      lastName: who.lastName,
      email: who.email,
      mobile: who.mobile,
      mobileCountryCode: '351',
      birthday: '1988-02-29',
      gender: 'other',
      nameBilling: billingName,
      documentBilling: who.nif,
      postalCode: '4000-123',
      iban: who.iban,
      marketingConsent: true,
      invoiceByEmail: true,
      passwordHash: await hashPassword(PASSWORD),
      status: 'active',
      mobileVerifiedAt: new Date(),
      emailVerifiedAt: email.confirmed ? new Date() : null,
    })
    .returning();
  const id = c!.id;
  const festival = await typeOf('festival-demo');
  const past = await typeOf('festival-passado');
  const [order] = await db
    .insert(orders)
    .values({
      reference: `ERASE${n}${Date.now()}`,
      customerId: id,
      eventId: festival.eventId,
      status: 'paid',
      subtotalCents: 4200,
      serviceCents: 0,
      totalCents: 4200,
      billing: { name: billingName, document: who.nif, postal_code: '4000-123' },
      receiptEmail: who.email,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const futureToken = randomToken();
  const [future] = await db
    .insert(customerTickets)
    .values([
      {
        token: futureToken,
        customerId: id,
        eventId: festival.eventId,
        ticketTypeId: festival.typeId,
        orderId: order!.id,
      },
      { token: randomToken(), customerId: id, eventId: past.eventId, ticketTypeId: past.typeId },
    ])
    .returning();
  // the ticket came to them by transfer, to their mobile
  await db
    .insert(ticketTransfers)
    .values({ ticketId: future!.id, fromCustomerId: null, toMobile: who.mobile, oldToken: randomToken() });
  await db.insert(auditLog).values({
    actor: 'customer:0',
    action: 'ticket.transfer',
    entity: 'customer_ticket',
    entityId: String(future!.id),
    data: { to: who.mobile, toCustomerId: id, pending: false },
  });
  const [w] = await db
    .insert(wallets)
    .values({ customerId: id, eventId: past.eventId, balanceCents: 800 })
    .returning();
  await db.insert(walletTransactions).values({
    walletId: w!.id,
    type: 'topup',
    amountCents: 800,
    description: 'Carregamento online',
    idempotencyKey: `erase-test:${randomToken(8)}`,
    occurredAt: new Date(),
  });
  await db.insert(refundRequests).values({
    walletId: w!.id,
    customerId: id,
    iban: who.iban,
    holderName: billingName,
    amountCents: 300,
    feeCents: 75,
    status: 'paid',
  });
  const [cart] = await db.insert(carts).values({ customerId: id, eventId: festival.eventId }).returning();
  await db.insert(cartItems).values({ cartId: cart!.id, ticketTypeId: festival.typeId, qty: 2 });
  await db.insert(contactMessages).values({
    kind: 'support',
    customerId: id,
    name: `Quitéria ${who.lastName}`,
    email: who.email,
    message: `Liguem para ${who.mobile}`,
  });
  await db.insert(rateLimits).values({
    key: `sms:number:${who.mobile}`,
    count: 1,
    resetAt: new Date(Date.now() + 600_000),
  });
  const token = await login(t.app, { mobile_country_code: '351', mobile: who.national, password: PASSWORD });
  return { id, token, futureToken, orderId: order!.id, walletId: w!.id, ...who };
}

/** Opens the emailed link in the person's own session. */
async function erase(p: { id: number; token: string }) {
  const ask = await injectAs(t.app, p.token, {
    method: 'POST',
    url: '/api/customers/forget-data',
    payload: {},
  });
  expect(ask.statusCode).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(
      sql`${outbox.meta} ->> 'customer_id' = ${String(p.id)} AND ${outbox.meta} ->> 'purpose' = 'forget_data'`,
    )
    .orderBy(desc(outbox.id));
  const token = new URL(String(mail!.meta.link)).searchParams.get('token')!;
  const done = await injectAs(t.app, p.token, {
    method: 'POST',
    url: '/api/customers/forget-data/confirm',
    payload: { token },
  });
  expect(done.statusCode).toBe(200);
}

/** Rows of a table as PostgreSQL prints them, in a fixed order: byte-identical or not. */
async function rowsOf(table: string, where = sql`true`) {
  const rows = await queryRows<{ row: string }>(
    t.database.db,
    sql`SELECT r::text AS row FROM ${sql.identifier(table)} AS r WHERE ${where} ORDER BY r::text`,
  );
  return rows.map((r) => r.row);
}

describe('erasure touches only what ERASURE_PLAN lists', () => {
  it('names every table of the database exactly once, and every customers column is kept or cleared', async () => {
    const tables = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const planned = ERASURE_PLAN.map((s) => s.table);
    expect(new Set(planned).size).toBe(planned.length);
    expect([...planned].sort()).toEqual(tables.map((r) => r.table_name).sort());
    for (const step of ERASURE_PLAN) {
      expect(step.why.length, step.table).toBeGreaterThan(0);
      expect(!!step.run, step.table).toBe(step.does !== 'keep');
    }
    const columns = await queryRows<{ column_name: string }>(
      t.database.db,
      sql`SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'customers'`,
    );
    expect([...CUSTOMER_COLUMNS_KEPT, ...customerColumnsCleared()].sort()).toEqual(
      columns.map((c) => c.column_name).sort(),
    );
  });

  it('two customers named like a ticket-token prefix and "active" erase themselves: nobody else’s rows change', async () => {
    const db = t.database.db;
    // the real prefix of another customer's (Ana's) ticket token, e.g. "BT1.1."
    const [anaRow] = await db.select().from(customers).where(eq(customers.mobile, '+351912345678'));
    const [anaTicket] = await db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.customerId, anaRow!.id))
      .limit(1);
    const prefix = anaTicket!.token.split('.').slice(0, 2).join('.') + '.';
    expect(prefix).toMatch(/^BT1\.\d+\.$/);

    // A visitor's message and a queued email to an address B typed but never confirmed: not B's.
    const strangerEmail = 'estranho.nao.confirmado@example.pt';
    await db.insert(contactMessages).values({
      kind: 'support',
      name: 'Estranho',
      email: strangerEmail,
      message: 'Não sou cliente',
    });
    await db.insert(outbox).values({
      channel: 'email',
      recipient: strangerEmail,
      subject: 'Olá',
      body: 'Mensagem de outra pessoa',
    });

    const a = await createPerson(0, prefix, { address: 'quiteria.a@example.pt', confirmed: true });
    const b = await createPerson(1, 'active', { address: strangerEmail, confirmed: false });
    const erased = [a.id, b.id];
    const list = sql.join(
      erased.map((id) => sql`${id}`),
      sql`, `,
    );
    const theirWallets = sql`SELECT id FROM wallets WHERE customer_id IN (${list})`;
    const notTheirs: Record<string, ReturnType<typeof sql>> = {
      customer_tickets: sql`coalesce(customer_id, 0) NOT IN (${list})`,
      stations: sql`true`,
      checkin_devices: sql`true`,
      events: sql`true`,
      ticket_types: sql`true`,
      event_sessions: sql`true`,
      organizers: sql`true`,
      bracelets: sql`true`,
      revoked_tokens: sql`ticket_id NOT IN (SELECT id FROM customer_tickets WHERE customer_id IN (${list}))`,
      wallet_transactions: sql`wallet_id NOT IN (${theirWallets})`,
      wallets: sql`coalesce(customer_id, 0) NOT IN (${list})`,
      orders: sql`customer_id NOT IN (${list})`,
      payments: sql`true`,
      refund_requests: sql`coalesce(customer_id, 0) NOT IN (${list})`,
      customers: sql`id NOT IN (${list})`,
      customer_sessions: sql`customer_id NOT IN (${list})`,
      contact_messages: sql`coalesce(customer_id, 0) NOT IN (${list})`,
      outbox: sql`coalesce(customer_id, 0) NOT IN (${list})`,
      ticket_transfers: sql`ticket_id NOT IN (SELECT id FROM customer_tickets WHERE customer_id IN (${list}))`,
      audit_log: sql`NOT ((entity = 'customer' AND entity_id IN (${String(a.id)}, ${String(b.id)}))
                        OR actor IN (${`customer:${a.id}`}, ${`customer:${b.id}`})
                        OR data ->> 'toCustomerId' IN (${String(a.id)}, ${String(b.id)}))`,
    };
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const [table, where] of Object.entries(notTheirs)) out[table] = await rowsOf(table, where);
      return out;
    };
    const ledgerOf = (walletId: number) => rowsOf('wallet_transactions', sql`wallet_id = ${walletId}`);
    // they logged in: their devices are known (and must go)
    expect(
      await db.select().from(customerKnownDevices).where(inArray(customerKnownDevices.customerId, erased)),
    ).not.toEqual([]);
    const before = await snapshot();
    const ledgerBefore = [await ledgerOf(a.walletId), await ledgerOf(b.walletId)];
    expect(before.stations!.length).toBeGreaterThan(0);
    expect(before.checkin_devices!.length).toBeGreaterThan(0);
    expect(before.customer_tickets!.some((r) => r.includes(prefix))).toBe(true);

    await erase(a);
    await erase(b);

    // every other customer's tickets, stations, door devices, events, ledger… byte-identical
    const after = await snapshot();
    for (const table of Object.keys(notTheirs)) expect(after[table], table).toEqual(before[table]);

    for (const p of [a, b]) {
      // the ledger is kept as it was (fiscal), only under the erased id
      expect(await ledgerOf(p.walletId)).toEqual(ledgerBefore[p === a ? 0 : 1]);
      const [row] = await db.select().from(customers).where(eq(customers.id, p.id));
      expect(row!.status).toBe('erased');
      expect(row!.erasedAt).not.toBeNull();
      const raw = (
        await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM customers WHERE id = ${p.id}`)
      )[0]!;
      for (const col of customerColumnsCleared()) expect([null, '', false], col).toContain(raw[col]);

      // deleted: sessions, codes, carts, their messages and queued mail, counters keyed by them
      expect(await db.select().from(customerSessions).where(eq(customerSessions.customerId, p.id))).toEqual(
        [],
      );
      expect(await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.customerId, p.id))).toEqual([]);
      expect(await db.select().from(carts).where(eq(carts.customerId, p.id))).toEqual([]);
      expect(
        await db.select().from(customerKnownDevices).where(eq(customerKnownDevices.customerId, p.id)),
      ).toEqual([]);
      expect(await db.select().from(contactMessages).where(eq(contactMessages.customerId, p.id))).toEqual([]);
      expect(await db.select().from(outbox).where(eq(outbox.customerId, p.id))).toEqual([]);
      expect(
        await db
          .select()
          .from(rateLimits)
          .where(sql`${rateLimits.key} LIKE ${`%${p.mobile}`}`),
      ).toEqual([]);

      // kept and pseudonymised: order, refund, ticket history, audit trail
      const [order] = await db.select().from(orders).where(eq(orders.id, p.orderId));
      expect(order).toMatchObject({
        totalCents: 4200,
        status: 'paid',
        receiptEmail: null,
        billing: { anonymised: true },
      });
      const [refund] = await db.select().from(refundRequests).where(eq(refundRequests.customerId, p.id));
      expect(refund).toMatchObject({ amountCents: 300, status: 'paid', iban: '', holderName: '' });
      const tickets = await db.select().from(customerTickets).where(eq(customerTickets.customerId, p.id));
      expect(tickets.map((x) => x.state).sort()).toEqual(['active', 'canceled']);
      expect(
        await db.select().from(revokedTokens).where(eq(revokedTokens.token, p.futureToken)),
      ).toHaveLength(1);
      expect(
        await db
          .select()
          .from(ticketTransfers)
          .where(
            inArray(
              ticketTransfers.ticketId,
              tickets.map((x) => x.id),
            ),
          ),
      ).toEqual([expect.objectContaining({ toMobile: '' })]);
      const audits = await db
        .select()
        .from(auditLog)
        .where(
          sql`(${auditLog.entity} = 'customer' AND ${auditLog.entityId} = ${String(p.id)})
              OR ${auditLog.actor} = ${`customer:${p.id}`} OR ${auditLog.data} ->> 'toCustomerId' = ${String(p.id)}`,
        );
      expect(audits.some((x) => x.action === 'customer.erased')).toBe(true);
      for (const x of audits) {
        expect(x.data, x.action).not.toHaveProperty('ip');
        expect(x.data, x.action).not.toHaveProperty('to');
      }

      // nothing anywhere still says who they were (billing names are not searched: "active" is everywhere)
      const needles = [p.mobile, p.national, p.email, p.lastName, p.nif, p.iban].filter(
        (n) => !(p === b && n === strangerEmail),
      );
      const tables = ERASURE_PLAN.map((s) => s.table);
      for (const table of tables) {
        const hits = await rowsOf(
          table,
          sql.join(
            needles.map((n) => sql`position(lower(${n}) in lower(r::text)) > 0`),
            sql` OR `,
          ),
        );
        expect(hits, table).toEqual([]);
      }
    }
    // B never confirmed the address: the visitor's message and mail to it are someone else's and stay
    expect(
      await db.select().from(contactMessages).where(eq(contactMessages.email, strangerEmail)),
    ).toHaveLength(1);
    expect(await db.select().from(outbox).where(eq(outbox.recipient, strangerEmail))).toHaveLength(1);
  });
});
