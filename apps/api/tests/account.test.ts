import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, customers, outbox } from '../src/db/schema/index';
import { enqueueMarketingEmail } from '../src/modules/messages/messages.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let rui: string;

const VALID = {
  first_name: 'Rui',
  last_name: 'Costa',
  email: 'rui.costa@example.pt',
  mobile_country_code: '351',
  mobile: '913456789',
  birthday: '1985-02-03',
  gender: 'male',
  name_billing: 'Rui Costa Lda',
  document_billing: '123456789',
  postal_code: '4000-123',
  iban: 'PT50 0002 0123 1234 5678 9015 4',
};

/** Multipart body as the browser's FormData sends it. */
function multipart(fields: Record<string, string>) {
  const boundary = '----bilheteira' + Math.random().toString(16).slice(2);
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const update = (fields: Record<string, string>, locale = 'en') => {
  const m = multipart(fields);
  return injectAs(t.app, rui, {
    method: 'POST',
    url: '/api/customers/update',
    payload: m.payload,
    headers: { ...m.headers, 'x-locale': locale },
  });
};

beforeAll(async () => {
  t = await createTestApp();
  rui = await login(t.app, DEMO.rui);
});
afterAll(() => t.close());

describe('POST /api/customers/update', () => {
  it('saves personal and billing data (multipart) and answers the updated customer', async () => {
    const m = multipart(VALID);
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/update',
      payload: m.payload,
      headers: { ...m.headers, 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, unknown>; message: string }>();
    expect(body.message).toBe('Registration Updated');
    expect(body.data).toMatchObject({
      first_name: 'Rui',
      email: 'rui.costa@example.pt',
      birthday: '1985-02-03',
      gender: 'male',
      name_billing: 'Rui Costa Lda',
      document_billing: '123456789',
      postal_code: '4000-123',
      iban: 'PT50000201231234567890154',
    });
    const again = await injectAs(t.app, rui, { method: 'GET', url: '/api/customers/customer' });
    expect(again.json<{ data: { iban: string } }>().data.iban).toBe('PT50000201231234567890154');
  });

  it("answers 'Fill in the required fields' with the empty ones marked, and changes nothing", async () => {
    const m = multipart({ ...VALID, first_name: '  ', email: '', name_billing: 'Outro Nome' });
    const res = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/update',
      payload: m.payload,
      headers: { ...m.headers, 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(400);
    const err = expectErrorShape(res);
    expect(err.message).toBe('Fill in the required fields');
    expect(Object.keys(err.errors).sort()).toEqual(['email', 'first_name']);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.mobile, '+351913456789'));
    expect(row!.nameBilling).toBe('Rui Costa Lda');
  });

  it('rejects a bad IBAN, NIF, postal code and birthday per field, localised', async () => {
    const res = await update(
      {
        ...VALID,
        iban: 'PT50 0002 0123 1234 5678 9015 5',
        document_billing: '123456780',
        postal_code: '4000',
        birthday: '2999-01-01',
      },
      'pt-pt',
    );
    expect(res.statusCode).toBe(400);
    const err = expectErrorShape(res);
    expect(err.message).not.toMatch(/obrigatórios/);
    expect(Object.keys(err.errors).sort()).toEqual(['birthday', 'document_billing', 'iban', 'postal_code']);
    expect(err.errors.iban![0]).toMatch(/IBAN/);
  });

  it('takes back the mobile as GET /customers/customer answers it, in any format, without an SMS code (issue 25)', async () => {
    const me = await injectAs(t.app, rui, { method: 'GET', url: '/api/customers/customer' });
    const { mobile, mobile_country_code } = me.json<{
      data: { mobile: string; mobile_country_code: string };
    }>().data;
    expect(mobile).toBe('+351913456789');
    for (const sent of [mobile, '913 456 789', '00351913456789', '+351 913 456 789']) {
      const res = await update({ ...VALID, mobile_country_code, mobile: sent, name_billing: `Rui ${sent}` });
      expect(res.statusCode, sent).toBe(200);
      expect(res.json<{ data: { mobile: string; name_billing: string } }>().data).toMatchObject({
        mobile: '+351913456789',
        name_billing: `Rui ${sent}`,
      });
    }
    expect((await update(VALID)).statusCode).toBe(200);
  });

  it('refuses an email of another account, and a new mobile without a valid SMS code', async () => {
    const taken = await update({ ...VALID, email: 'ANA.SILVA@example.pt' });
    expect(taken.statusCode).toBe(409);
    expect(expectErrorShape(taken).errors.email).toBeTruthy();

    const toAna = await update({ ...VALID, mobile: '912345678' });
    expect(toAna.statusCode).toBe(409);

    const noCode = await update({ ...VALID, mobile: '936000111' });
    expect(noCode.statusCode).toBe(422);
    expect(expectErrorShape(noCode).errors.mobile_code).toBeTruthy();
  });

  it('changes the mobile with the SMS code sent to the new number', async () => {
    const ask = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/mobile-code',
      payload: { mobile_country_code: '351', mobile: '936 000 111' },
    });
    expect(ask.statusCode).toBe(200);
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, '+351936000111'))
      .orderBy(desc(outbox.id));
    const code = String(sms!.meta.code);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await update({
      ...VALID,
      mobile: '936000111',
      mobile_code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    const ok = await update({ ...VALID, mobile: '936000111', mobile_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: { mobile: string } }>().data.mobile).toBe('+351936000111');
    // the code is single-use
    const reuse = await update({ ...VALID, mobile: '913456789', mobile_code: code });
    expect(reuse.statusCode).toBe(422);
    // the customer logs in with the new number
    const again = await login(t.app, {
      mobile_country_code: '351',
      mobile: '936000111',
      password: 'Demo!2026',
    });
    expect(again).toBeTruthy();
  });
});

describe('POST /api/customers/customer (quiet toggles) and consent log', () => {
  it('saves marketing consent and invoice by email and logs the consent change with source', async () => {
    const m = multipart({ marketing_consent: '1' });
    const res = await injectAs(t.app, rui, { method: 'POST', url: '/api/customers/customer', ...m });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { marketing_consent: boolean } }>().data.marketing_consent).toBe(true);
    const inv = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/customer',
      payload: { invoice_by_email: true },
    });
    expect(
      inv.json<{ data: { invoice_by_email: boolean; marketing_consent: boolean } }>().data,
    ).toMatchObject({
      invoice_by_email: true,
      marketing_consent: true,
    });
    const logs = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.consent_changed'))
      .orderBy(desc(auditLog.id));
    expect(logs[1]!.data).toMatchObject({ marketing_consent: true, source: 'account_toggle' });
    expect(typeof logs[1]!.data.at).toBe('string');
    const empty = await injectAs(t.app, rui, { method: 'POST', url: '/api/customers/customer', payload: {} });
    expect(empty.statusCode).toBe(400);
  });
});

describe('marketing unsubscribe', () => {
  it('every marketing email carries a signed link that withdraws consent without login', async () => {
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'rui.costa@example.pt'));
    expect(row!.marketingConsent).toBe(true);
    const sent = await enqueueMarketingEmail(
      t.database.db,
      row!,
      { subject: 'Novidades', body: 'Novos eventos este mês.' },
      { publicUrl: t.config.PUBLIC_URL, linkSigningSecret: t.config.LINK_SIGNING_SECRET, locale: 'pt-pt' },
    );
    expect(sent).toBe(true);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'rui.costa@example.pt'), eq(outbox.subject, 'Novidades')));
    const url = new URL(String(mail!.meta.unsubscribe_url));
    expect(mail!.body).toContain(url.toString());
    expect(url.pathname).toBe('/unsub');
    const token = url.searchParams.get('token')!;

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/marketing/unsubscribe',
      payload: { token: token.replace(/^\d+/, (n) => String(Number(n) + 1)) },
    });
    expect(forged.statusCode).toBe(400);
    expectErrorShape(forged);

    const res = await t.app.inject({ method: 'POST', url: '/api/marketing/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { email_hint: string } }>().data.email_hint).toBe('r•••@example.pt');
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, row!.id));
    expect(after!.marketingConsent).toBe(false);
    const [log] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.consent_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(log!.data).toMatchObject({ marketing_consent: false, source: 'unsubscribe_link' });
    // no consent: no marketing email
    expect(
      await enqueueMarketingEmail(
        t.database.db,
        after!,
        { subject: 'x', body: 'y' },
        {
          publicUrl: t.config.PUBLIC_URL,
          linkSigningSecret: t.config.LINK_SIGNING_SECRET,
          locale: 'pt-pt',
        },
      ),
    ).toBe(false);
  });
});
