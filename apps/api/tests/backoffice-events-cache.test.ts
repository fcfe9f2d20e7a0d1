/**
 * Item 5 of issue 26: what the back office changes shows on the public site at once, even with
 * the public caches on (PUBLIC_CACHE_MS of 10 s here): every change forgets this instance's
 * cached catalogue answers and sale facts.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers } from '../src/db/schema/index';
import { DEMO_STAFF } from '../src/seed/staff.seed';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let cookie = '';
let csrf = '';
let org = 0;

const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    cookies: { bh_staff: cookie },
    headers: { 'x-csrf-token': csrf },
    ...(payload ? { payload } : {}),
  });
const page = (slug: string, locale = 'en') =>
  t.app.inject({ url: `/api/events/${slug}`, headers: { 'x-locale': locale } });
const listed = async (locale = 'en') =>
  (
    (await t.app.inject({ url: '/api/events?per_page=100', headers: { 'x-locale': locale } })).json()
      .data as {
      slug: string;
      name: string;
    }[]
  ).map((e) => `${e.slug}:${e.name}`);

beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_CACHE_MS: 10_000, MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  org = (await t.database.db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    payload: { email: DEMO_STAFF.owner.email, password: DEMO_STAFF.owner.password },
  });
  cookie = res.cookies.find((c) => c.name === 'bh_staff')!.value;
  csrf = res.json().data.csrf_token;
  const code = await generate({ secret: DEMO_STAFF.owner.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  expect((await staff('POST', '/api/backoffice/auth/second-factor', { code })).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('public caches after a back-office change', () => {
  it('an edit and a publish show at once on the cached event page and catalogue', async () => {
    const events = (
      await staff('GET', `/api/backoffice/organizers/${org}/events?search=concerto-demo`)
    ).json().data;
    const id = events[0].id as number;
    expect((await page('concerto-demo')).json().data.name).toBe('Concerto Demo');
    expect(await listed()).toContain('concerto-demo:Concerto Demo');
    const edit = await staff('PATCH', `/api/backoffice/organizers/${org}/events/${id}`, {
      translations: { en: { name: 'Demo Concert' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await page('concerto-demo')).json().data.name).toBe('Demo Concert');
    expect((await page('concerto-demo', 'pt-pt')).json().data.name).toBe('Concerto Demo');
    expect(await listed()).toContain('concerto-demo:Demo Concert');

    const created = await staff('POST', `/api/backoffice/organizers/${org}/events`, {
      name: 'Noite Nova',
      address: 'Lisboa',
      contact_email: 'noite@promotora-demo.pt',
      starts_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 20 * 86_400_000 + 4 * 3_600_000).toISOString(),
    });
    const newId = created.json().data.id;
    await staff('POST', `/api/backoffice/organizers/${org}/events/${newId}/ticket-types`, {
      name: 'Geral',
      price_cents: 1500,
      quantity: 100,
    });
    expect((await page('noite-nova')).statusCode).toBe(404);
    const published = await staff('POST', `/api/backoffice/organizers/${org}/events/${newId}/publish`, {
      visibility: 'public',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await page('noite-nova')).statusCode).toBe(200);
    expect(await listed()).toContain('noite-nova:Noite Nova');
    await staff('POST', `/api/backoffice/organizers/${org}/events/${newId}/unpublish`);
    expect((await page('noite-nova')).statusCode).toBe(404);
    expect(await listed()).not.toContain('noite-nova:Noite Nova');
  });
});
