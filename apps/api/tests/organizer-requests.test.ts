import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { auditLog, organizerRequests, outbox } from '../src/db/schema/index';
import { verifyPassword } from '../src/lib/passwords';
import { frameAncestorSources } from '../src/plugins/minisite-frames';
import { postForm, solvedCaptcha } from './captcha-helpers';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // A built SPA stand-in, so the mini-site framing rules can be checked on real HTML answers.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({
    seed: false,
    config: {
      WEB_DIST_DIR: dist,
      MINISITE_FRAME_ANCESTORS: "'self' https://*.festival.pt https://x.pt;script-src",
    },
  });
});
afterAll(() => t.close());

const captcha = () => solvedCaptcha(t);

const baseFields = {
  first_name: 'Marta',
  last_name: 'Lopes',
  name_company: 'Lopes Eventos, Lda.',
  email: 'marta@lopes-eventos.pt',
  mobile: '912 000 111',
  country_call_code: '351',
  password_plan: 'Palco!Verao2026',
  description: 'Festivais de música de verão no Alentejo, 5 000 pessoas por dia.',
  accepted_terms: 'true',
  lang: 'en',
};

/** Posts the form as the browser does (x-www-form-urlencoded, spec §7 headers), from its own IP. */
const post = (fields: Record<string, string>, opts: { locale?: string; ip?: string } = {}) =>
  postForm(t, '/api/organizers/create-account', fields, {
    ...opts,
    headers: { 'visitor-id': '1234567890123456', 'event-id': '0' },
  });

const countRequests = async () =>
  (await queryRows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM organizer_requests`))[0]!.n;

describe('POST /api/organizers/create-account', () => {
  it('stores the request, hashes the password, emails applicant and operator, answers data.data.message', async () => {
    const res = await post({ ...baseFields, altcha: await captcha() }, { locale: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { message: string } }>();
    expect(body.data.message).toMatch(/^Request sent successfully!/);

    const [row] = await t.app.db
      .select()
      .from(organizerRequests)
      .where(eq(organizerRequests.email, 'marta@lopes-eventos.pt'));
    expect(row).toMatchObject({
      firstName: 'Marta',
      lastName: 'Lopes',
      nameCompany: 'Lopes Eventos, Lda.',
      mobile: '+351912000111',
      countryCallCode: '351',
      lang: 'en',
    });
    expect(row!.passwordHash).not.toContain('Palco');
    expect(await verifyPassword(row!.passwordHash, 'Palco!Verao2026')).toBe(true);

    const mails = await t.app.db.select().from(outbox).orderBy(outbox.id);
    const applicant = mails.find((m) => m.recipient === 'marta@lopes-eventos.pt')!;
    expect(applicant.subject).toBe('We have received your organiser account request');
    expect(applicant.body).toContain('Hello Marta');
    const operator = mails.find((m) => m.recipient === t.config.OPERATOR_EMAIL)!;
    expect(operator.subject).toBe('Novo pedido de conta de organizador: Lopes Eventos, Lda.');
    expect(operator.body).toContain('marta@lopes-eventos.pt');
    expect(operator.body).toContain('Festivais de música');

    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organizer_request.create'));
    expect(audits[0]).toMatchObject({ actor: 'visitor:1234567890123456', entityId: String(row!.id) });
    expect(audits[0]!.data).toMatchObject({ acceptedTerms: true });
  });

  it('refuses a second request with the same email (any case) with 409 and a clear message', async () => {
    const res = await post({ ...baseFields, email: '  MARTA@Lopes-Eventos.pt ', altcha: await captcha() });
    expect(res.statusCode).toBe(409);
    const err = expectErrorShape(res);
    expect(err.code).toBe('email_taken');
    expect(err.message).toBe(
      'Já existe um pedido de conta de organizador com este e-mail. A nossa equipa entrará em contacto consigo.',
    );
    expect(await countRequests()).toBe(1);
  });

  it('validates every field with localised per-field messages and stores nothing', async () => {
    const before = await countRequests();
    const res = await post({ ...baseFields, email: 'marta@lopes', altcha: await captcha() });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.email).toEqual(['Por favor, insira um e-mail válido.']);

    const es = await post(
      { email: 'x@y.es', accepted_terms: 'false', password_plan: 'curta' },
      { locale: 'es' },
    );
    expect(es.statusCode).toBe(400);
    const e = expectErrorShape(es);
    expect(e.message).toBe('Rellene los campos obligatorios.');
    expect(e.errors.first_name).toEqual(['Campo obligatorio.']);
    expect(e.errors.name_company).toEqual(['Campo obligatorio.']);
    expect(e.errors.description).toEqual(['Campo obligatorio.']);
    expect(e.errors.accepted_terms).toEqual(['Debe aceptar los términos y condiciones.']);
    expect(e.errors.password_plan).toEqual(['La contraseña debe tener al menos 8 caracteres.']);
    expect(e.errors.altcha).toEqual(['Confirme que no es un robot.']);

    const phone = await post({ ...baseFields, email: 'p@q.pt', mobile: '91', altcha: await captcha() });
    expect(expectErrorShape(phone).errors.mobile).toEqual(['Preencha o telemóvel corretamente.']);

    const huge = await post({ ...baseFields, email: 'big@q.pt', description: 'x'.repeat(5000), altcha: 'a' });
    expect(huge.statusCode).toBe(400);
    expect(await countRequests()).toBe(before);
  });

  it('refuses a forged or replayed captcha and stores nothing', async () => {
    const before = await countRequests();
    const forged = await post({
      ...baseFields,
      email: 'bot@spam.io',
      altcha: Buffer.from('{}').toString('base64'),
    });
    expect(forged.statusCode).toBe(400);
    expect(expectErrorShape(forged).code).toBe('captcha_invalid');

    const solved = await captcha();
    expect((await post({ ...baseFields, email: 'first@spam.io', altcha: solved })).statusCode).toBe(200);
    const replay = await post({ ...baseFields, email: 'second@spam.io', altcha: solved }, { locale: 'en' });
    expect(replay.statusCode).toBe(400);
    expect(expectErrorShape(replay).message).toBe(
      'This anti-robot check has already been used. Please verify again.',
    );
    expect(await countRequests()).toBe(before + 1);
  });

  it('is rate-limited per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await post({ ...baseFields, email: `rl${i}@x.pt`, altcha: 'bm90LWpzb24=' }, { ip: '10.9.9.9' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post({ ...baseFields, email: 'other@x.pt', altcha: 'bm90LWpzb24=' })).statusCode).toBe(400);
  });

  it('accepts JSON too (DESIGN §3) and never answers 500 for junk bodies', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/organizers/create-account',
      remoteAddress: '10.8.8.8',
      payload: { ...baseFields, email: 'json@x.pt', accepted_terms: true, altcha: await captcha() },
    });
    expect(json.statusCode).toBe(200);
    for (const payload of ['{"first_name":', 'null', '[]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/organizers/create-account',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('mini-site framing', () => {
  it('lets the configured sites frame /site and /sitemail HTML, and nothing else', async () => {
    for (const url of [
      '/site/festival-demo',
      '/site/festival-demo/account/register',
      '/sitemail/festival-demo',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      // The injected "https://x.pt;script-src" of a bad configuration is dropped, not added to the policy.
      expect(csp).toContain("frame-ancestors 'self' https://*.festival.pt;");
      expect(csp).not.toContain('x.pt');
      expect(csp).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    for (const url of ['/', '/events/festival-demo', '/sites', '/api/captcha/challenge']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('parses the configured sources strictly', () => {
    expect(frameAncestorSources('*')).toBe('*');
    expect(frameAncestorSources("https://a.pt  'self' http://localhost:5173")).toBe(
      "https://a.pt 'self' http://localhost:5173",
    );
    expect(frameAncestorSources(';')).toBe("'none'");
    expect(frameAncestorSources('a.pt;script-src')).toBe("'none'");
  });
});
