import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import {
  customerSessions,
  customerTickets,
  customers,
  events,
  orders,
  outbox,
  refundRequests,
  revokedTokens,
  ticketTypes,
  walletTransactions,
  wallets,
} from '../src/db/schema/index';
import { randomToken } from '../src/lib/crypto';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/modules/identity/session.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;

/** Distinct people per test (mobile and email are unique). */
const people = [0, 1, 2].map((n) => ({
  firstName: 'Zulmira',
  lastName: `Quaresma-Esquecida${'ABC'[n]}`,
  email: `zulmira${n}.quaresma@example.pt`,
  mobile: `+35196712345${n}`,
  national: `96712345${n}`,
  nif: `23201396${n}`,
  iban: `PT5000020123123456789015${n}`,
}));
let PERSON = people[0]!;

async function eventBySlug(slug: string) {
  const [e] = await t.database.db.select().from(events).where(eq(events.slug, slug));
  const [type] = await t.database.db
    .select()
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, e!.id))
    .limit(1);
  return { id: e!.id, typeId: type!.id };
}

/** A fresh customer with a future and a past ticket, a paid order, a wallet with money and a paid refund. */
async function createPerson(n: number) {
  PERSON = people[n]!;
  const db = t.database.db;
  const [c] = await db
    .insert(customers)
    .values({
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      email: PERSON.email,
      mobile: PERSON.mobile,
      mobileCountryCode: '351',
      birthday: '1979-09-09',
      gender: 'female',
      nameBilling: `${PERSON.firstName} ${PERSON.lastName}`,
      documentBilling: PERSON.nif,
      postalCode: '1000-001',
      iban: PERSON.iban,
      marketingConsent: true,
      passwordHash: await hashPassword('Segredo!2026'),
      status: 'active',
      mobileVerifiedAt: new Date(),
    })
    .returning();
  const festival = await eventBySlug('festival-demo');
  const past = await eventBySlug('festival-passado');
  const [order] = await db
    .insert(orders)
    .values({
      reference: `Z${Date.now()}`,
      customerId: c!.id,
      eventId: festival.id,
      status: 'paid',
      subtotalCents: 5000,
      serviceCents: 0,
      totalCents: 5000,
      billing: { name: `${PERSON.firstName} ${PERSON.lastName}`, nif: PERSON.nif, email: PERSON.email },
      receiptEmail: PERSON.email,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const futureToken = randomToken();
  await db.insert(customerTickets).values([
    {
      token: futureToken,
      customerId: c!.id,
      eventId: festival.id,
      ticketTypeId: festival.typeId,
      orderId: order!.id,
    },
    { token: randomToken(), customerId: c!.id, eventId: past.id, ticketTypeId: past.typeId },
  ]);
  const [w] = await db
    .insert(wallets)
    .values({ customerId: c!.id, eventId: past.id, balanceCents: 1250 })
    .returning();
  await db.insert(walletTransactions).values({
    walletId: w!.id,
    type: 'topup',
    amountCents: 1250,
    description: 'Carregamento online',
    idempotencyKey: `test:${randomToken(8)}`,
    occurredAt: new Date(),
  });
  await db.insert(refundRequests).values({
    walletId: w!.id,
    customerId: c!.id,
    iban: PERSON.iban,
    holderName: `${PERSON.firstName} ${PERSON.lastName}`,
    amountCents: 500,
    feeCents: 75,
    status: 'paid',
  });
  const token = await login(t.app, {
    mobile_country_code: '351',
    mobile: PERSON.national,
    password: 'Segredo!2026',
  });
  return { id: c!.id, token, futureToken, orderId: order!.id, walletId: w!.id };
}

/** Every table of the public schema with a row whose text mentions one of the needles. */
async function findEverywhere(needles: string[]) {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(
      t.database.db,
      sql`SELECT r::text AS row FROM ${sql.identifier(table_name)} AS r
          WHERE ${sql.join(
            needles.map((n) => sql`position(lower(${n}) in lower(r::text)) > 0`),
            sql` OR `,
          )}`,
    );
    for (const r of rows) hits.push(`${table_name}: ${r.row}`);
  }
  return hits;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/customers/portable', () => {
  it('answers success, xml, filename and message.text with every field plus orders, tickets, wallet', async () => {
    const p = await createPerson(0);
    const res = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/portable',
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      success: boolean;
      xml: string;
      json: string;
      filename: string;
      message: { text: string };
    }>();
    expect(body.success).toBe(true);
    expect(body.filename).toMatch(/^bilheteira-dados-\d+-\d{4}-\d{2}-\d{2}\.xml$/);
    expect(body.message.text).toMatch(/pronto/);
    for (const v of [
      PERSON.firstName,
      PERSON.email,
      PERSON.mobile,
      PERSON.nif,
      PERSON.iban,
      '1979-09-09',
      '1000-001',
    ])
      expect(body.xml).toContain(v);
    expect(body.xml).toMatch(/<orders>\s*<order>[\s\S]*<total_cents>5000<\/total_cents>/);
    expect(body.xml).toMatch(/<tickets>\s*<ticket>[\s\S]*festival-demo/);
    expect(body.xml).toMatch(
      /<wallets>\s*<wallet>[\s\S]*<transactions>\s*<transaction>[\s\S]*<amount_cents>1250/,
    );
    const json = JSON.parse(body.json) as {
      customer: { email: string };
      tickets: unknown[];
      refund_requests: unknown[];
    };
    expect(json.customer.email).toBe(PERSON.email);
    expect(json.tickets).toHaveLength(2);
    expect(json.refund_requests).toHaveLength(1);

    const asJson = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/portable',
      payload: { format: 'json' },
    });
    expect(asJson.json<{ filename: string }>().filename).toMatch(/\.json$/);
    const bad = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/portable',
      payload: { format: 'pdf' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports only the caller’s own data', async () => {
    const ana = await login(t.app, DEMO.ana);
    const res = await injectAs(t.app, ana, { method: 'POST', url: '/api/customers/portable', payload: {} });
    const xml = res.json<{ xml: string }>().xml;
    expect(xml).toContain('ana.silva@example.pt');
    expect(xml).not.toContain(PERSON.email);
  });
});

describe('forget data (erasure)', () => {
  it('refuses an impersonated session', async () => {
    const [anaRow] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.mobile, '+351912345678'));
    const imp = await createSession(t.database.db, anaRow!.id, new Date(), { impersonatedBy: 'operator-1' });
    for (const [url, payload] of [
      ['/api/customers/forget-data', {}],
      ['/api/customers/forget-data/confirm', { token: 'x'.repeat(43) }],
      ['/api/customers/portable', {}],
    ] as const) {
      const res = await injectAs(t.app, imp, { method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(403);
      expectErrorShape(res);
    }
  });

  it('request → emailed link → erasure: logged out, cannot log in, nothing left that identifies the person', async () => {
    const p = await createPerson(1);
    // a message to the organiser: stored and queued with the person's name and email
    const msg = await injectAs(t.app, p.token, {
      method: 'POST',
      url: `/api/customers/events/${(await eventBySlug('festival-demo')).id}/message`,
      payload: { message: `Sou a ${PERSON.firstName} ${PERSON.lastName}, liguem para ${PERSON.mobile}` },
    });
    expect(msg.statusCode).toBe(200);
    const second = await login(t.app, {
      mobile_country_code: '351',
      mobile: PERSON.national,
      password: 'Segredo!2026',
    });

    const preview = await injectAs(t.app, p.token, { method: 'GET', url: '/api/customers/forget-data' });
    expect(preview.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      future_tickets: 1,
      wallet_balance_cents: 1250,
      // topped up at the event (nothing online): no refund can bring it back (issue 25 item 16)
      wallet_refundable_now_cents: 0,
      wallet_refundable_later_cents: 0,
      open_refunds: 0,
      pending_request: false,
    });
    // online money of an event whose refund window is open: refundable now, less the fee
    const past = await eventBySlug('festival-passado');
    const [before] = await t.database.db.select().from(events).where(eq(events.id, past.id));
    await t.database.db.update(wallets).set({ onlineCents: 1000 }).where(eq(wallets.id, p.walletId));
    await t.database.db
      .update(events)
      .set({ refundsAllowed: true, refundOpensAt: new Date(Date.now() - 3600_000), refundClosesAt: null })
      .where(eq(events.id, past.id));
    const refundable = await injectAs(t.app, p.token, { method: 'GET', url: '/api/customers/forget-data' });
    expect(refundable.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      wallet_refundable_now_cents: 925,
      wallet_refundable_later_cents: 0,
    });
    await t.database.db
      .update(events)
      .set({
        refundsAllowed: before!.refundsAllowed,
        refundOpensAt: before!.refundOpensAt,
        refundClosesAt: before!.refundClosesAt,
      })
      .where(eq(events.id, past.id));

    const ask = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/forget-data',
      payload: {},
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json<{ data: { message: string } }>().data.message).toContain('z•••@example.pt');
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, PERSON.email))
      .orderBy(desc(outbox.id));
    const link = new URL(String(mail!.meta.link));
    expect(link.pathname).toBe('/dashboard/account/forget');
    const token = link.searchParams.get('token')!;

    const wrong = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/forget-data/confirm',
      payload: { token: token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA') },
    });
    expect(wrong.statusCode).toBe(400);
    // someone else's session cannot use the link
    const rui = await login(t.app, DEMO.rui);
    const foreign = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/forget-data/confirm',
      payload: { token },
    });
    expect(foreign.statusCode).toBe(400);

    const done = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/forget-data/confirm',
      payload: { token },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<{ data: { cancelled_tickets: number } }>().data.cancelled_tickets).toBe(1);

    // every session ended at once
    for (const tok of [p.token, second]) {
      const me = await injectAs(t.app, tok, { method: 'GET', url: '/api/customers/customer' });
      expect(me.statusCode).toBe(401);
    }
    expect(
      await t.database.db.select().from(customerSessions).where(eq(customerSessions.customerId, p.id)),
    ).toEqual([]);
    // future ticket cancelled and its token revoked; past ticket kept
    const tickets = await t.database.db
      .select()
      .from(customerTickets)
      .where(eq(customerTickets.customerId, p.id));
    expect(tickets.map((x) => x.state).sort()).toEqual(['active', 'canceled']);
    expect(
      await t.database.db.select().from(revokedTokens).where(eq(revokedTokens.token, p.futureToken)),
    ).toHaveLength(1);

    // financial rows kept, anonymised
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, p.orderId));
    expect(order!.totalCents).toBe(5000);
    expect(order!.receiptEmail).toBeNull();
    const ledger = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, p.walletId));
    expect(ledger).toHaveLength(1);
    const [refund] = await t.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.walletId, p.walletId));
    expect(refund!.amountCents).toBe(500);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, p.id));
    expect(row).toMatchObject({
      status: 'erased',
      email: null,
      mobile: null,
      passwordHash: null,
      iban: null,
    });

    // a database search for the mobile, email and name finds nothing anywhere
    const hits = await findEverywhere([
      PERSON.mobile,
      PERSON.national,
      PERSON.email,
      `${PERSON.firstName} ${PERSON.lastName}`,
      PERSON.lastName,
      PERSON.nif,
      PERSON.iban,
    ]);
    expect(hits).toEqual([]);

    // cannot log in (after the search: a failed attempt counts in a short-lived rate-limit counter)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login-password',
      payload: { mobile_country_code: '351', mobile: PERSON.national, password: 'Segredo!2026' },
    });
    expect(again.statusCode).toBe(401);

    // the link works once only
    const replay = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/forget-data/confirm',
      payload: { token },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses erasure while a wallet refund is open', async () => {
    const p = await createPerson(2);
    await t.database.db.insert(refundRequests).values({
      walletId: p.walletId,
      customerId: p.id,
      iban: PERSON.iban,
      amountCents: 300,
      feeCents: 75,
      status: 'requested',
    });
    const res = await injectAs(t.app, p.token, {
      method: 'POST',
      url: '/api/customers/forget-data',
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(expectErrorShape(res).message).toMatch(/reembolso/);
  });
});
