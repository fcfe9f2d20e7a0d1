import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { issueImpersonationToken, startImpersonation } from '../src/modules/identity/impersonation.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { OPERATOR_KEY: 'operator-key-for-tests-1234' } });
});
afterAll(() => t.close());

const NEW = { mobile_country_code: '351', mobile: '915000001' };
const NEW_E164 = '+351915000001';
const PASSWORD = 'Nova!Senha2026';

const registration = (over: Record<string, unknown> = {}) => ({
  first_name: 'Joana',
  last_name: 'Marques',
  email: 'joana.marques@example.pt',
  ...NEW,
  birthday: '1994-03-02',
  gender: 'female',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  accepted_terms: true,
  marketing_consent: false,
  invoice_by_email: true,
  ...over,
});

interface OutboxItem {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  meta: Record<string, unknown>;
}
async function outbox(recipient: string): Promise<OutboxItem[]> {
  const res = await t.app.inject({ url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: OutboxItem[] }>().data;
}
const lastCode = async (mobile: string) =>
  String((await outbox(mobile)).find((m) => m.channel === 'sms')!.meta.code);
const lastLink = async (recipient: string) => String((await outbox(recipient))[0]!.meta.link);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration and activation', () => {
  it('refuses bad input per field, localised, and creates nothing', async () => {
    const res = await post(
      '/api/customers/register',
      registration({ accepted_terms: false, password_confirmation: 'other', email: 'nope', mobile: '12' }),
    );
    expect(res.statusCode).toBe(400);
    const body = expectErrorShape(res);
    expect(body.errors.accepted_terms?.[0]).toMatch(/aceitar os termos/);
    expect(body.errors.password_confirmation?.[0]).toBe('As palavras-passe não coincidem.');
    expect(body.errors.email?.[0]).toBe('Por favor, insira um e-mail válido.');
    expect(body.errors.mobile).toBeDefined();
    const en = await post('/api/customers/register', registration({ password_confirmation: 'x' }), {
      'x-locale': 'en',
    });
    expect(expectErrorShape(en).errors.password_confirmation?.[0]).toBe('Passwords do not match.');
    const weak = await post(
      '/api/customers/register',
      registration({ password: 'short', password_confirmation: 'short' }),
    );
    expect(expectErrorShape(weak).errors.password?.[0]).toMatch(/8 caracteres/);
    expect(await outbox(NEW_E164)).toHaveLength(0);
  });

  it('registers a pending account, sends the SMS code and the email confirmation link', async () => {
    const res = await post('/api/customers/register', registration());
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { message: string; resend_after: number } }>();
    expect(body.data.message).toContain('+351 915000001');
    expect(body.data.resend_after).toBe(60);
    const sms = (await outbox(NEW_E164))[0]!;
    expect(sms.channel).toBe('sms');
    expect(String(sms.meta.code)).toMatch(/^\d{6}$/);
    expect(sms.body).toContain(String(sms.meta.code));
    const email = (await outbox('joana.marques@example.pt'))[0]!;
    expect(email.channel).toBe('email');
    expect(String(email.meta.link)).toMatch(/^http:\/\/localhost:3000\/activate\?token=[\w-]{20,}$/);
    // the code is stored hashed, never in clear
    const rows = await queryRows<{ code_hash: string }>(
      t.app.db,
      sql`SELECT code_hash FROM one_time_codes WHERE target = ${NEW_E164}`,
    );
    expect(rows[0]!.code_hash).not.toContain(String(sms.meta.code));
  });

  it('does not log in before the mobile is proved', async () => {
    const res = await post('/api/customers/login-password', { ...NEW, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(expectErrorShape(res).code).toBe('not_activated');
  });

  it('activates with the SMS code, gives pending transferred tickets, and answers a session', async () => {
    // a ticket transferred to this number before it had an account
    const [ticket] = await queryRows<{ id: number }>(
      t.app.db,
      sql`INSERT INTO customer_tickets (token, pending_mobile, event_id, ticket_type_id)
          SELECT 'pending-transfer-token-1', ${NEW_E164}, tt.event_id, tt.id FROM ticket_types tt
          ORDER BY tt.id LIMIT 1 RETURNING id`,
    );
    const code = await lastCode(NEW_E164);
    const wrong = await post('/api/customers/activate', {
      ...NEW,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(expectErrorShape(wrong).message).toBe('Código incorreto. Restam 4 tentativas.');
    const res = await post('/api/customers/activate', { ...NEW, code });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ accessToken: string }>().accessToken;
    const me = await injectAs(t.app, token, { url: '/api/customers/customer' });
    expect(me.json().data).toMatchObject({
      first_name: 'Joana',
      mobile: NEW_E164,
      mobile_verified: true,
      email_verified: false,
      invoice_by_email: true,
      impersonated: false,
    });
    const [owned] = await queryRows<{ customer_id: number; pending_mobile: string | null }>(
      t.app.db,
      sql`SELECT customer_id, pending_mobile FROM customer_tickets WHERE id = ${ticket!.id}`,
    );
    expect(owned).toEqual({ customer_id: me.json().data.id, pending_mobile: null });
    // used code: the account is no longer pending
    const again = await post('/api/customers/activate', { ...NEW, code });
    expect(expectErrorShape(again).code).toBe('not_pending');
  });

  it('confirms the email once with the emailed link; a second click says it is already confirmed', async () => {
    const link = await lastLink('joana.marques@example.pt');
    const token = new URL(link).searchParams.get('token')!;
    const res = await post('/api/customers/confirm-email', { token });
    expect(res.statusCode).toBe(200);
    const again = await post('/api/customers/confirm-email', { token }, { 'x-locale': 'pt-pt' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toBe(
      'Este e-mail já estava confirmado. Não precisa de fazer mais nada.',
    );
    const unknown = await post('/api/customers/confirm-email', { token: 'x'.repeat(43) });
    expect(expectErrorShape(unknown).code).toBe('link_invalid');
    const sessionToken = await login(t.app, { ...NEW, password: PASSWORD });
    const me = await injectAs(t.app, sessionToken, { url: '/api/customers/customer' });
    expect(me.json().data.email_verified).toBe(true);
  });

  it('refuses a second account for an active number', async () => {
    const res = await post('/api/customers/register', registration({ email: 'outra@example.pt' }));
    expect(res.statusCode).toBe(409);
    expect(expectErrorShape(res).code).toBe('mobile_taken');
  });
});

describe('login errors (spec §8)', () => {
  it('phone step: invalid number is a 400 with a message; unknown number says so', async () => {
    const bad = await post('/api/customers/login-mobile', { mobile_country_code: '351', mobile: '12' });
    expect(bad.statusCode).toBe(400);
    expect(expectErrorShape(bad).message).toBeTruthy();
    const unknown = await post('/api/customers/login-mobile', {
      mobile_country_code: '351',
      mobile: '919999999',
    });
    expect(unknown.json().data.exists).toBe(false);
    const known = await post('/api/customers/login-mobile', DEMO.ana);
    expect(known.json().data.exists).toBe(true);
  });

  it('password step: missing password is a 400 per field', async () => {
    const res = await post('/api/customers/login-password', { ...DEMO.ana, password: '' });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.password).toBeDefined();
  });
});

describe('password reset and change', () => {
  it('request-password answers the same for an unknown number and sends nothing', async () => {
    const unknown = await post('/api/customers/request-password', { mobile: '919999998' });
    const known = await post('/api/customers/request-password', { mobile: '913456789' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().data.message).toBe(known.json().data.message);
    expect(await outbox('+351919999998')).toHaveLength(0);
    const bad = await post('/api/customers/request-password', { mobile: 'abc' });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad);
  });

  it('emails a single-use link that keeps a mini-site visitor inside the mini-site', async () => {
    const [event] = await queryRows<{ id: number }>(
      t.app.db,
      sql`SELECT id FROM events WHERE slug = 'festival-demo'`,
    );
    await post('/api/customers/request-password', { mobile: '912345678' }, { 'event-id': String(event!.id) });
    const link = await lastLink('ana.silva@example.pt');
    expect(link).toMatch(
      /^http:\/\/localhost:3000\/site\/festival-demo\/account\/reset-password\/[\w-]{20,}$/,
    );
    expect((await outbox('ana.silva@example.pt'))[0]!.body).not.toContain(DEMO.ana.password);
  });

  it('resets the password from the dashboard link and ends every session', async () => {
    const before = await login(t.app, DEMO.rui);
    await post('/api/customers/request-password', { mobile: '913456789' });
    const link = await lastLink('rui.costa@example.pt').catch(async () => {
      const rui = await queryRows<{ email: string }>(
        t.app.db,
        sql`SELECT email FROM customers WHERE mobile = '+351913456789'`,
      );
      return lastLink(rui[0]!.email);
    });
    expect(link).toMatch(/\/dashboard\/reset-password\/[\w-]{20,}$/);
    const token = link.split('/').pop()!;
    // the page asks whether the link still works when it opens (issue 25 item 16)
    expect((await post('/api/customers/reset-password/check', { token })).statusCode).toBe(200);
    const mismatch = await post('/api/customers/reset-password', {
      token,
      password: 'Outra!Senha2026',
      password_confirmation: 'x',
    });
    expect(expectErrorShape(mismatch).errors.password_confirmation?.[0]).toBe(
      'As palavras-passe não coincidem.',
    );
    const res = await post('/api/customers/reset-password', {
      token,
      password: 'Outra!Senha2026',
      password_confirmation: 'Outra!Senha2026',
    });
    expect(res.statusCode).toBe(200);
    expect((await injectAs(t.app, before, { url: '/api/customers/customer' })).statusCode).toBe(401);
    const reuse = await post('/api/customers/reset-password', {
      token,
      password: 'Terceira!2026',
      password_confirmation: 'Terceira!2026',
    });
    expect(expectErrorShape(reuse).code).toBe('link_invalid');
    const reopened = await post('/api/customers/reset-password/check', { token }, { 'x-locale': 'en' });
    expect(reopened.statusCode).toBe(400);
    expect(expectErrorShape(reopened)).toMatchObject({
      code: 'link_used',
      message: 'This link was already used. Ask for a new one if you need to.',
    });
    const unknownLink = await post('/api/customers/reset-password/check', { token: 'y'.repeat(43) });
    expect(expectErrorShape(unknownLink).code).toBe('link_invalid');
    expect((await post('/api/customers/login-password', DEMO.rui)).statusCode).toBe(401);
    await login(t.app, { ...DEMO.rui, password: 'Outra!Senha2026' });
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const other = await login(t.app, { ...NEW, password: PASSWORD });
    const mine = await login(t.app, { ...NEW, password: PASSWORD });
    const wrong = await injectAs(t.app, mine, {
      method: 'POST',
      url: '/api/customers/change-password',
      payload: { old_password: 'wrong-one', password: 'Mudada!2026', password_confirmation: 'Mudada!2026' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(expectErrorShape(wrong).errors.old_password?.[0]).toBe('A palavra-passe atual está incorreta.');
    const ok = await injectAs(t.app, mine, {
      method: 'POST',
      url: '/api/customers/change-password',
      payload: { old_password: PASSWORD, password: 'Mudada!2026', password_confirmation: 'Mudada!2026' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await injectAs(t.app, mine, { url: '/api/customers/customer' })).statusCode).toBe(200);
    expect((await injectAs(t.app, other, { url: '/api/customers/customer' })).statusCode).toBe(401);
    const noAuth = await post('/api/customers/change-password', {
      old_password: 'a',
      password: 'Mudada!2026',
      password_confirmation: 'Mudada!2026',
    });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('support impersonation', () => {
  it('the operator API needs the operator key', async () => {
    const payload = { mobile: '912345678', operator: 'maria' };
    expect((await post('/api/operator/impersonations', payload)).statusCode).toBe(403);
    expect(
      (await post('/api/operator/impersonations', payload, { 'x-operator-key': 'wrong-key-wrong-key-12' }))
        .statusCode,
    ).toBe(403);
    const unknown = await post(
      '/api/operator/impersonations',
      { mobile: '919999997', operator: 'maria' },
      { 'x-operator-key': 'operator-key-for-tests-1234' },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a single-use token opens an audited session that cannot change the password', async () => {
    const issued = await post(
      '/api/operator/impersonations',
      { mobile: '912345678', operator: 'maria' },
      { 'x-operator-key': 'operator-key-for-tests-1234' },
    );
    expect(issued.statusCode).toBe(200);
    const { token, url } = issued.json().data;
    expect(url).toBe(`http://localhost:3000/dashboard/impersonate?token=${token}`);
    const res = await post('/api/customers/impersonate', { token });
    expect(res.statusCode).toBe(200);
    const session = res.json().accessToken;
    expect((await post('/api/customers/impersonate', { token })).statusCode).toBe(400);
    const me = await injectAs(t.app, session, { url: '/api/customers/customer' });
    expect(me.json().data).toMatchObject({ first_name: 'Ana', impersonated: true });
    const change = await injectAs(t.app, session, {
      method: 'POST',
      url: '/api/customers/change-password',
      payload: {
        old_password: DEMO.ana.password,
        password: 'Hack!2026xx',
        password_confirmation: 'Hack!2026xx',
      },
    });
    expect(change.statusCode).toBe(403);
    expect(expectErrorShape(change).code).toBe('impersonation_forbidden');
    await new Promise((r) => setTimeout(r, 50)); // onResponse audit is written after the answer
    const audits = await queryRows<{ action: string; actor: string }>(
      t.app.db,
      sql`SELECT action, actor FROM audit_log WHERE actor = 'support:maria' ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual([
      'impersonation.issued',
      'impersonation.started',
      'impersonated.GET /api/customers/customer',
      'impersonated.POST /api/customers/change-password',
    ]);
  });

  it('the token expires after 5 minutes', async () => {
    const issuedAt = new Date(Date.now() - 6 * 60_000);
    const { token } = await issueImpersonationToken(
      t.app.db,
      { mobile: '+351912345678', operator: 'rita', publicUrl: 'http://x', via: 'ops' },
      issuedAt,
    );
    await expect(startImpersonation(t.app.db, { token, ip: '1.2.3.4' }, new Date())).rejects.toMatchObject({
      code: 'link_invalid',
    });
  });

  it('without OPERATOR_KEY the operator API does not exist', async () => {
    const key = t.app.config.OPERATOR_KEY;
    t.app.config.OPERATOR_KEY = undefined;
    try {
      const res = await post(
        '/api/operator/impersonations',
        { mobile: '912345678', operator: 'x' },
        { 'x-operator-key': 'operator-key-for-tests-1234' },
      );
      expect(res.statusCode).toBe(404);
    } finally {
      t.app.config.OPERATOR_KEY = key;
    }
  });
});

describe('logout', () => {
  it('revokes the token server-side', async () => {
    const token = await login(t.app, DEMO.ana);
    const out = await injectAs(t.app, token, { method: 'POST', url: '/api/customers/logout' });
    expect(out.statusCode).toBe(200);
    const after = await injectAs(t.app, token, { url: '/api/customers/customer' });
    expect(after.statusCode).toBe(401);
    expect(expectErrorShape(after).message).toMatch(/Sessão expirada/);
  });
});
