import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, outbox } from '../src/db/schema/index';
import { createTestApp, DEMO, injectAs, type TestApp } from './helpers';

let t: TestApp;
let teatro: { id: number; ticket_types: { id: number }[]; sessions: { id: number }[] };

const RUI = '+351913456789';
const ruiLocale = async () =>
  (await t.database.db.select().from(customers).where(eq(customers.mobile, RUI)))[0]!.locale;
const login = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customers/login-password',
    headers,
    payload: DEMO.rui,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
};
const lastMessageTo = async (recipient: string) =>
  (
    await t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id))
  )[0];

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
});
afterAll(() => t.close());

describe('emails and SMS in the customer’s language (issue 25 item 12)', () => {
  it('a purchase made in Spanish gets its confirmation email in Spanish', async () => {
    expect(await ruiLocale()).toBe('pt-pt');
    // signed in without naming a language (an API client): the stored one stays
    const token = await login();
    expect(await ruiLocale()).toBe('pt-pt');
    const es = { 'x-locale': 'es' };
    const order = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/orders',
      headers: es,
      payload: {
        event_id: teatro.id,
        items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[3]!.id, qty: 1 }],
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const paid = await injectAs(t.app, token, {
      method: 'POST',
      url: `/api/orders/${order.json().data.id}/pay`,
      headers: es,
      payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Rui Costa' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const mail = (
      await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, 'rui.costa@example.pt')))
        .orderBy(desc(outbox.id))
    )[0]!;
    expect(mail.subject).toMatch(/^Sus entradas para .* — pedido /);
    expect(mail.body).toContain('gracias por su compra');
    // remembered: what reaches Rui later (a ticket sent to him) is in Spanish too
    expect(await ruiLocale()).toBe('es');
  });

  it('signing in in English makes English the language of later messages', async () => {
    await login({ 'x-locale': 'en' });
    expect(await ruiLocale()).toBe('en');
    // a ticket transferred to Rui by Ana (signed in in Portuguese) reaches him in English
    const anaToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/customers/login-password',
        payload: DEMO.ana,
      })
    ).json<{ accessToken: string }>().accessToken;
    const tickets = (await injectAs(t.app, anaToken, { method: 'GET', url: '/api/customers/tickets' })).json<{
      data: { id: number; ticket: { name: string } }[];
    }>().data;
    const res = await injectAs(t.app, anaToken, {
      method: 'POST',
      url: '/api/customers/transfer-ticket',
      headers: { 'x-locale': 'pt-pt' },
      payload: { customer_ticket_id: tickets[0]!.id, mobile_country_code: '351', mobile: RUI },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastMessageTo(RUI))!.body).toMatch(/^Bilheteira: Ana Silva sent you a ".*" ticket for /);
  });

  it('a password reset asked for in Spanish comes in Spanish, whatever the stored language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/request-password',
      headers: { 'x-locale': 'es' },
      payload: { mobile_country_code: '351', mobile: DEMO.ana.mobile },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMessageTo('ana.silva@example.pt');
    expect(mail!.subject).toBe('Establecer nueva contraseña en Bilheteira');
  });
});
