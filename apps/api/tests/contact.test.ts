import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../src/db/schema/index';
import { CONTACT_LIMITS_PER_EMAIL } from '../src/modules/contact/contact.service';
import { postForm, solvedCaptcha } from './captcha-helpers';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const captcha = () => solvedCaptcha(t);

const fields = {
  name: 'Joana Reis',
  company: 'Reis & Filhos',
  email: 'Joana@Exemplo.pt ',
  message: 'Comprei dois bilhetes e só recebi um na minha conta.',
  consent: 'on',
};

const post = (body: Record<string, string>, opts: { locale?: string; ip?: string } = {}) =>
  postForm(t, '/api/contact', body, opts);
const count = async () => (await t.database.db.select().from(contactMessages)).length;

describe('POST /api/contact', () => {
  it('stores the message and emails support through the outbox', async () => {
    const res = await post({ ...fields, altcha: await captcha() }, { locale: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Thank you for your message. Our support team will answer by email within 2 working days.',
    );
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({
      kind: 'support',
      name: 'Joana Reis',
      company: 'Reis & Filhos',
      email: 'joana@exemplo.pt',
      message: fields.message,
    });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, t.config.SUPPORT_EMAIL));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Pedido de ajuda #${row!.id} de Joana Reis`);
    expect(mails[0]!.body).toContain('joana@exemplo.pt');
    expect(mails[0]!.body).toContain(fields.message);
    expect(mails[0]!.meta).toMatchObject({ replyTo: 'joana@exemplo.pt' });
  });

  it('accepts JSON and an empty company', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.2.0.1',
      payload: { ...fields, company: '', consent: true, altcha: await captcha() },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers bad input with localised field errors and stores nothing', async () => {
    const before = await count();
    const res = await post(
      { name: ' ', email: 'joana@', message: 'curta', consent: 'false' },
      { locale: 'es' },
    );
    expect(res.statusCode).toBe(400);
    const e = expectErrorShape(res);
    expect(e.code).toBe('validation_failed');
    expect(Object.keys(e.errors).sort()).toEqual(['consent', 'email', 'message', 'name']);
    expect(e.errors.consent).toEqual([
      'Debe autorizar el tratamiento de sus datos para que podamos responder.',
    ]);
    expect(e.errors.message).toEqual(['Describa su solicitud con al menos 10 caracteres.']);
    const huge = await post({ ...fields, message: 'x'.repeat(5001), altcha: 'a' });
    expect(huge.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('requires a valid captcha and refuses a replay', async () => {
    const before = await count();
    const none = await post(fields, { locale: 'en' });
    expect(none.statusCode).toBe(400);
    expect(expectErrorShape(none).errors.altcha).toEqual(['Please confirm you are not a robot.']);
    const forged = await post({ ...fields, altcha: Buffer.from('{}').toString('base64') });
    expect(expectErrorShape(forged).code).toBe('captcha_invalid');
    const solved = await captcha();
    expect((await post({ ...fields, altcha: solved })).statusCode).toBe(200);
    const replay = await post({ ...fields, altcha: solved });
    expect(replay.statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('rate-limits per IP with 429 and Retry-After semantics', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post({ ...fields, altcha: 'bm9wZQ==' }, { ip: '10.9.9.9' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const other = await post({ ...fields, altcha: 'bm9wZQ==' }, { ip: '10.9.9.10' });
    expect(other.statusCode).toBe(400);
  });

  it('rate-limits per sender email from any address (behind a solved captcha), case-insensitive', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_LIMITS_PER_EMAIL.max + 1; i++) {
      const email = i % 2 ? 'repetido@exemplo.pt' : ' Repetido@Exemplo.PT';
      statuses.push((await post({ ...fields, email, altcha: await captcha() }, { locale: 'en' })).statusCode);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMITS_PER_EMAIL.max).fill(200), 429]);
    const other = await post({ ...fields, email: 'outra@exemplo.pt', altcha: await captcha() });
    expect(other.statusCode).toBe(200);
  });
});
