/**
 * Issue 23 item 7 (second half) and the low item on duplicate emails: a new email is used
 * only once its owner follows the link sent to it, the old address is told first; one
 * active account per email; an unconfirmed email receives no reset link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers } from '../src/db/schema/index';
import { queryRows } from '../src/db/client';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let rui: string;

const RUI_FORM = {
  first_name: 'Rui',
  last_name: 'Costa',
  email: 'rui.costa@example.pt',
  mobile_country_code: '351',
  mobile: '913456789',
};

interface OutboxItem {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  meta: Record<string, unknown>;
}
/** Messages to a recipient, newest first. */
async function outbox(recipient: string): Promise<OutboxItem[]> {
  const res = await t.app.inject({ url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
  return res.json<{ data: OutboxItem[] }>().data;
}
const post = (url: string, payload: Record<string, unknown>, locale = 'pt-pt') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-locale': locale } });
const update = (fields: Record<string, unknown>, locale = 'pt-pt') =>
  injectAs(t.app, rui, {
    method: 'POST',
    url: '/api/customers/update',
    payload: { ...RUI_FORM, ...fields },
    headers: { 'x-locale': locale },
  });
const ruiRow = async () =>
  (await t.database.db.select().from(customers).where(eq(customers.mobile, '+351913456789')))[0]!;
const tokenOf = (link: unknown) => new URL(String(link)).searchParams.get('token')!;

const registration = (n: number, email: string) => ({
  first_name: 'Nova',
  last_name: `Cliente ${n}`,
  email,
  mobile_country_code: '351',
  mobile: `91600000${n}`,
  password: 'Segura!2026',
  password_confirmation: 'Segura!2026',
  accepted_terms: true,
  marketing_consent: false,
});
async function registerAndActivate(n: number, email: string) {
  const reg = await post('/api/customers/register', registration(n, email));
  expect(reg.statusCode, reg.body).toBe(200);
  const code = String((await outbox(`+35191600000${n}`)).find((m) => m.channel === 'sms')!.meta.code);
  return post('/api/customers/activate', { mobile_country_code: '351', mobile: `91600000${n}`, code });
}

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  rui = await login(t.app, DEMO.rui);
});
afterAll(() => t.close());

describe('changing the email', () => {
  it('keeps the old address until the new one follows its link; the old one is told', async () => {
    const res = await update({ email: 'Rui.Novo@example.pt' }, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Details saved. We sent a confirmation link to rui.novo@example.pt: the new email is used only once it is confirmed.',
    );
    expect(res.json().data).toMatchObject({
      email: 'rui.costa@example.pt',
      pending_email: 'rui.novo@example.pt',
      email_verified: true,
    });
    // the notice to the old address, in the owner's language, and the link to the new one
    const [notice] = await outbox('rui.costa@example.pt');
    expect(notice).toMatchObject({
      channel: 'email',
      subject: 'O e-mail da sua conta Bilheteira vai mudar',
      meta: { purpose: 'email_change_notice' },
    });
    expect(notice!.body).toContain('r•••@example.pt');
    expect(notice!.body).not.toContain('/activate');
    const [confirm] = await outbox('rui.novo@example.pt');
    expect(confirm).toMatchObject({ channel: 'email', meta: { purpose: 'email_change' } });
    expect(String(confirm!.meta.link)).toMatch(/^http:\/\/localhost:3000\/activate\?token=[\w-]{20,}$/);

    // until confirmed, a reset link goes to the old address, never the new one
    expect((await post('/api/customers/request-password', DEMO.rui)).statusCode).toBe(200);
    expect((await outbox('rui.costa@example.pt'))[0]!.meta.purpose).toBe('password_reset');
    expect((await outbox('rui.novo@example.pt')).map((m) => m.meta.purpose)).toEqual(['email_change']);
    const me = await injectAs(t.app, rui, { url: '/api/customers/customer' });
    expect(me.json().data).toMatchObject({
      email: 'rui.costa@example.pt',
      pending_email: 'rui.novo@example.pt',
    });

    // following the link switches the account to the new, confirmed address
    const ok = await post('/api/customers/confirm-email', { token: tokenOf(confirm!.meta.link) });
    expect(ok.statusCode).toBe(200);
    expect(await ruiRow()).toMatchObject({
      email: 'rui.novo@example.pt',
      pendingEmail: null,
      emailVerifiedAt: expect.any(Date),
    });
    // a second click changes nothing and says so (issue 25 item 16)
    const again = await post('/api/customers/confirm-email', { token: tokenOf(confirm!.meta.link) });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toMatch(/already confirmed|já estava confirmado/);
    expect((await post('/api/customers/request-password', DEMO.rui)).statusCode).toBe(200);
    expect((await outbox('rui.novo@example.pt'))[0]!.meta.purpose).toBe('password_reset');
  });

  it('a link to an address given up for another one no longer works', async () => {
    await update({ email: 'rui.novo@example.pt' }); // back to the current address: nothing pending
    expect((await update({ email: 'primeiro@example.pt' })).statusCode).toBe(200);
    expect((await update({ email: 'segundo@example.pt' })).statusCode).toBe(200);
    const first = (await outbox('primeiro@example.pt'))[0]!;
    const res = await post('/api/customers/confirm-email', { token: tokenOf(first.meta.link) });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('link_invalid');
    expect(await ruiRow()).toMatchObject({
      email: 'rui.novo@example.pt',
      pendingEmail: 'segundo@example.pt',
    });
  });

  it("refuses another active account's email, whatever its case, localised, and changes nothing", async () => {
    const before = await ruiRow();
    const res = await update({ email: 'ANA.SILVA@example.pt' }, 'es');
    expect(res.statusCode).toBe(409);
    const err = expectErrorShape(res);
    expect(err.code).toBe('email_taken');
    expect(err.message).toBe('Este correo ya se usa en otra cuenta. Use otro correo.');
    expect(err.errors.email).toBeTruthy();
    expect(await ruiRow()).toEqual(before);
    expect(await outbox('ANA.SILVA@example.pt')).toHaveLength(0);
  });
});

describe('one active account per email', () => {
  it("registration refuses an active account's email (any case) and nothing is created", async () => {
    const res = await post('/api/customers/register', registration(1, 'Ana.Silva@EXAMPLE.pt'));
    expect(res.statusCode).toBe(409);
    expect(expectErrorShape(res).message).toBe(
      'Este e-mail já está a ser usado noutra conta. Use outro e-mail.',
    );
    expect(expectErrorShape(res).errors.email).toBeTruthy();
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM customers WHERE mobile = '+351916000001'`,
    );
    expect(rows[0]!.n).toBe(0);
    // asking which emails have accounts is throttled like any sign-up (3 per number)
    const probes = [];
    for (let i = 0; i < 3; i++)
      probes.push(
        (await post('/api/customers/register', registration(1, 'ANA.silva@example.pt'))).statusCode,
      );
    expect(probes).toEqual([409, 409, 429]);
  });

  it('of two sign-ups with one email, the second to prove its mobile is refused', async () => {
    expect((await post('/api/customers/register', registration(2, 'partilhado@example.pt'))).statusCode).toBe(
      200,
    );
    const first = await registerAndActivate(3, 'Partilhado@example.pt');
    expect(first.statusCode).toBe(200);
    const code = String((await outbox('+351916000002')).find((m) => m.channel === 'sms')!.meta.code);
    const second = await post('/api/customers/activate', {
      mobile_country_code: '351',
      mobile: '916000002',
      code,
    });
    expect(second.statusCode).toBe(409);
    expect(expectErrorShape(second).code).toBe('email_taken');
  });

  it('the database itself refuses a second active account with the email', async () => {
    await expect(
      t.database.db.insert(customers).values({
        email: 'RUI.NOVO@example.pt',
        mobile: '+351916000009',
        status: 'active',
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
  });

  it('an email not yet confirmed gets no reset link: it goes to the proved mobile', async () => {
    const res = await registerAndActivate(4, 'por.confirmar@example.pt');
    expect(res.statusCode).toBe(200);
    expect(
      (await post('/api/customers/request-password', { mobile_country_code: '351', mobile: '916000004' }))
        .statusCode,
    ).toBe(200);
    expect((await outbox('por.confirmar@example.pt')).map((m) => m.meta.purpose)).toEqual(['email_confirm']);
    expect((await outbox('+351916000004'))[0]!.meta.purpose).toBe('password_reset');
  });

  it('a receipt carries ticket tokens only to a confirmed email', async () => {
    const teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data as {
      id: number;
      ticket_types: { id: number }[];
      sessions: { id: number }[];
    };
    const buy = async (token: string) => {
      const order = await injectAs(t.app, token, {
        method: 'POST',
        url: '/api/orders',
        payload: {
          event_id: teatro.id,
          items: [{ ticket_id: teatro.ticket_types[0]!.id, session_id: teatro.sessions[3]!.id, qty: 1 }],
        },
      });
      expect(order.statusCode, order.body).toBe(201);
      const paid = await injectAs(t.app, token, {
        method: 'POST',
        url: `/api/orders/${order.json().data.id}/pay`,
        payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Nova' } },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const tickets = await injectAs(t.app, token, { url: '/api/customers/tickets' });
      return tickets.json<{ data: { token: string }[] }>().data.map((x) => x.token);
    };
    const unconfirmed = await login(t.app, {
      mobile_country_code: '351',
      mobile: '916000004',
      password: 'Segura!2026',
    });
    const [hidden] = await buy(unconfirmed);
    const receipt = (await outbox('por.confirmar@example.pt')).find((m) => m.meta.kind === 'order_paid')!;
    expect(receipt.body).not.toContain(hidden!);
    const shown = await buy(rui);
    const ruiReceipt = (await outbox('rui.novo@example.pt')).find((m) => m.meta.kind === 'order_paid')!;
    expect(shown.some((token) => ruiReceipt.body.includes(token))).toBe(true);
  });
});
