import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health, readiness and site urls', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).statusCode).toBe(200);
    const urls = (await t.app.inject('/api/site-urls')).json();
    expect(urls.data).toEqual({
      site: 'http://localhost:3000',
      backend: expect.stringMatching(/^https?:\/\//),
      customerDashboard: 'http://localhost:3000/dashboard/home',
      // the footer's company (consumer law): demo values outside production
      company: { name: 'Bilheteira, Lda.', nif: '500000000', address: expect.stringContaining('Lisboa') },
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/events/{slug}');
  });

  it('answers an unknown API route with a localised 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(expectErrorShape(res).message).toBe('This API address does not exist.');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('events', () => {
  it('answers the festival in the data envelope', async () => {
    const res = await t.app.inject('/api/events/festival-demo');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.slug).toBe('festival-demo');
    expect(data.ticket_types.length).toBeGreaterThan(1);
    expect(data.ticket_types[0].period_days).toHaveLength(3);
  });

  it('answers 404 with the spec message for an unknown slug, per locale', async () => {
    const pt = await t.app.inject('/api/events/nao-existe');
    expect(pt.statusCode).toBe(404);
    expect(expectErrorShape(pt).message).toBe('404 Organizador/Evento não encontrado');
    const en = await t.app.inject({ url: '/api/events/nao-existe', headers: { 'x-locale': 'en' } });
    expect(en.json().message).toBe('404 Organizer/Event not found');
  });

  it('lists public events only, never the private one', async () => {
    const res = await t.app.inject('/api/events?per_page=100');
    const slugs = res.json().data.map((e: { slug: string }) => e.slug);
    expect(slugs).toContain('festival-demo');
    expect(slugs).not.toContain('evento-privado');
    expect((await t.app.inject('/api/events/evento-privado')).statusCode).toBe(200);
  });

  it('refuses bad query input with a 400 per field', async () => {
    const res = await t.app.inject({ url: '/api/events?page=-1&sort=evil', headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(400);
    const body = expectErrorShape(res);
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'sort']);
  });

  it('marks the sold-out and finished events', async () => {
    expect((await t.app.inject('/api/events/esgotado-demo')).json().data.status).toBe('sold_out');
    expect((await t.app.inject('/api/events/festival-passado')).json().data.status).toBe('finished');
  });
});

describe('login', () => {
  it('logs the demo customer in and answers the customer', async () => {
    const token = await login(t.app, DEMO.ana);
    const res = await injectAs(t.app, token, { url: '/api/customers/customer' });
    expect(res.json().data).toMatchObject({ first_name: 'Ana', mobile: '+351912345678' });
    expect(JSON.stringify(res.json())).not.toContain('password');
  });

  it('answers the same 401 for a wrong password and an unknown number', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login-password',
      payload: { ...DEMO.rui, password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/customers/login-password',
      payload: { mobile_country_code: '351', mobile: '919999999', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses the customer route without a token, then after logout', async () => {
    expect((await t.app.inject('/api/customers/customer')).statusCode).toBe(401);
    const token = await login(t.app, DEMO.rui);
    await injectAs(t.app, token, { method: 'POST', url: '/api/customers/logout' });
    expect((await injectAs(t.app, token, { url: '/api/customers/customer' })).statusCode).toBe(401);
  });
});
