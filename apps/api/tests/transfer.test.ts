import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, customerTickets, outbox, revokedTokens } from '../src/db/schema/index';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { DOOR_KEY, festivalStartsToday, issueTickets } from './tickets.fixtures';

let t: TestApp;
let ana: string;
let rui: string;
const ANA = '+351912345678';
const RUI = '+351913456789';

const transfer = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  injectAs(t.app, token, { method: 'POST', url: '/api/customers/transfer-ticket', payload, headers });
const tokensOf = async (who: string) =>
  (await injectAs(t.app, who, { method: 'GET', url: '/api/customers/tickets' })).json<{
    data: { id: number; token: string }[];
  }>().data;

beforeAll(async () => {
  // Business-rule tests: a loaded test machine must not shed their requests as overload.
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  await festivalStartsToday(t);
  ana = await login(t.app, DEMO.ana);
  rui = await login(t.app, DEMO.rui);
});
afterAll(() => t.close());

describe('POST /api/customers/transfer-ticket', () => {
  it('moves the ticket to an account with a new token; the old one is refused and revoked', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    // a real form post, as the web sends it
    const res = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/customers/transfer-ticket',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-locale': 'en' },
      payload: new URLSearchParams({
        customer_ticket_id: String(ids[0]),
        mobile_country_code: '351',
        mobile: '+351 913 456 789',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { pending: false, message: expect.stringContaining('+351913456789') },
    });
    expect((await tokensOf(ana)).map((x) => x.id)).not.toContain(ids[0]);
    const ruis = await tokensOf(rui);
    const moved = ruis.find((x) => x.id === ids[0])!;
    expect(moved.token).not.toBe(tokens[0]);
    // the old token: not the owner's any more, refused at the door, on the revocation list
    const old = await injectAs(t.app, ana, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${tokens[0]}`,
    });
    expect(old.statusCode).toBe(404);
    const door = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: tokens[0], nonce: randomUUID() },
    });
    expect(door.json()).toMatchObject({ data: { result: 'revoked', ok: false } });
    const pack = await t.app.inject({
      method: 'GET',
      url: '/api/checkin/offline-pack',
      headers: { 'x-device-key': DOOR_KEY },
    });
    expect(
      pack.json<{ data: { revoked: { token: string; reason: string }[] } }>().data.revoked,
    ).toContainEqual({ token: tokens[0], reason: 'transferred' });
    // the new holder's view shows the transfer in the history; the new token admits
    const hist = await injectAs(t.app, rui, {
      method: 'GET',
      url: `/api/customers/ticket-validated/${moved.token}`,
    });
    expect(hist.json()).toMatchObject({ data: { name: 'valid', transfers: [{ direction: 'in' }] } });
    const admit = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: moved.token, nonce: randomUUID() },
    });
    expect(admit.json()).toMatchObject({ data: { result: 'ok' } });
    // SMS to the recipient, audit entry
    const sms = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, RUI), eq(outbox.channel, 'sms')));
    expect(sms.at(-1)!.body).toMatch(/Passe 3 dias/);
    // the recipient has an account: the SMS names the sender and links to their tickets
    expect(sms.at(-1)!.body).toMatch(/Ana Silva .*\/dashboard\/tickets$/);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.transfer'));
    expect(audits.some((a) => a.entityId === String(ids[0]))).toBe(true);
  });

  it('keeps the ticket pending for a number without an account', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const res = await transfer(ana, {
      customer_ticket_id: ids[0],
      mobile_country_code: '351',
      mobile: '+351961234567',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { pending: true } });
    const [row] = await t.database.db.select().from(customerTickets).where(eq(customerTickets.id, ids[0]!));
    expect(row).toMatchObject({ customerId: null, pendingMobile: '+351961234567' });
    expect(row!.token).not.toBe(tokens[0]);
    const revoked = await t.database.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.token, tokens[0]!));
    expect(revoked).toHaveLength(1);
    const sms = await t.database.db.select().from(outbox).where(eq(outbox.recipient, '+351961234567'));
    // the customer registration with the number filled in (not the organiser sign-up), and
    // who sent the ticket
    expect(sms[0]!.body).toContain('Ana Silva enviou-lhe um bilhete');
    expect(sms[0]!.body).toContain('/dashboard/register?mobile=961234567&country=PT ');
    expect(sms[0]!.body).not.toContain('create-account');
    expect(sms[0]!.meta).toMatchObject({
      url: expect.stringMatching(/\/dashboard\/register\?mobile=961234567&country=PT$/),
    });
  });

  it('refuses transfers to oneself, of others’ tickets and of used tickets, with clear 4xx', async () => {
    const { ids, tokens } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const self = await transfer(
      ana,
      { customer_ticket_id: ids[0], mobile_country_code: '351', mobile: '+351912345678' },
      { 'x-locale': 'en' },
    );
    expect(self.statusCode).toBe(422);
    expect(expectErrorShape(self).message).toBe('You cannot transfer a ticket to your own number.');
    const others = await transfer(rui, {
      customer_ticket_id: ids[0],
      mobile_country_code: '351',
      mobile: '+351961234567',
    });
    expect(others.statusCode).toBe(404);
    const bad = await transfer(ana, {
      customer_ticket_id: ids[0],
      mobile_country_code: '351',
      mobile: '+351 12',
    });
    expect(bad.statusCode).toBe(400);
    expect(expectErrorShape(bad).errors.mobile).toBeDefined();
    const mismatch = await transfer(ana, {
      customer_ticket_id: ids[0],
      mobile_country_code: '351',
      mobile: '+34612345678',
    });
    expect(mismatch.statusCode).toBe(400);
    const noId = await transfer(ana, { mobile_country_code: '351', mobile: '+351913456789' });
    expect(noId.statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: tokens[0], nonce: randomUUID() },
    });
    const used = await transfer(ana, {
      customer_ticket_id: ids[0],
      mobile_country_code: '351',
      mobile: '+351913456789',
    });
    expect(used.statusCode).toBe(422);
    expect(expectErrorShape(used).code).toBe('ticket_not_transferable');
    const [row] = await t.database.db.select().from(customerTickets).where(eq(customerTickets.id, ids[0]!));
    expect(row!.token).toBe(tokens[0]);
    const unauth = await t.app.inject({ method: 'POST', url: '/api/customers/transfer-ticket', payload: {} });
    expect(unauth.statusCode).toBe(401);
  });

  it('figure: two concurrent transfers of one ticket to two numbers → exactly one succeeds', async () => {
    const { ids } = await issueTickets(t, {
      mobile: ANA,
      slug: 'festival-demo',
      typeName: 'Passe 3 dias',
      qty: 1,
    });
    const [a, b] = await Promise.all([
      transfer(ana, { customer_ticket_id: ids[0], mobile_country_code: '351', mobile: RUI }),
      transfer(ana, { customer_ticket_id: ids[0], mobile_country_code: '351', mobile: '+351961111111' }),
    ]);
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes).toEqual([200, 404]);
    const revoked = await t.database.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.ticketId, ids[0]!));
    expect(revoked).toHaveLength(1);
  });
});
