import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './helpers';

/**
 * The server HTML of the landing pages carries a static first paint inside #root
 * (seo.prerender.ts): header and hero on /, header and event article on /events/:slug, in the
 * visitor's language, so the largest text shows before the JavaScript runs.
 */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'prerender-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-PT"><head><title>Events</title><script type="module" crossorigin src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'paint-first.js'), '');
  t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const root = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root(html))?.[1];
const lang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const get = async (url: string, locale?: string) =>
  (await t.app.inject({ url, headers: locale ? { cookie: `theme=x; locale=${locale}` } : {} })).body;

describe('static first paint in the server HTML', () => {
  it('home: the hero heading in pt-PT, or in the language of the locale cookie', async () => {
    const pt = await get('/');
    expect(h1(pt)).toBe('Bilhetes e pulseira cashless num só lugar');
    expect(root(pt)).toContain('Compre bilhetes para festivais');
    expect(root(pt)).toContain('<a href="/events" class="btn-primary">Ver eventos</a>');
    expect(lang(pt)).toBe('pt-PT');

    const en = await get('/', 'en');
    expect(h1(en)).toBe('Tickets and a cashless bracelet in one place');
    expect(root(en)).toContain('>My account</button>');
    expect(lang(en)).toBe('en');
    expect(h1(await get('/', 'es'))).toBe('Entradas y pulsera cashless en un solo lugar');
  });

  it('event page: name, organiser, date, hour and venue, translated', async () => {
    const pt = root(await get('/events/festival-demo'));
    expect(h1(`<div id="root">${pt}</div></body>`)).toBe('Festival Demo');
    expect(pt).toContain('Data e hora');
    expect(pt).toContain('Parque Tejo, Lisboa');
    expect(pt).toMatch(/>Início às \d\d:\d\d</);
    const api = (await t.app.inject('/api/events/festival-demo')).json().data as {
      organizer: { name: string };
    };
    expect(pt).toContain(`>${api.organizer.name}</a>`);

    const en = root(await get('/events/festival-demo', 'en'));
    expect(en).toContain('Date and time');
    expect(en).toContain('>Venue<');
    expect(en).toMatch(/>Starts at \d\d:\d\d</);
  });

  it('is inert and marked, so nothing in it can be used before React replaces it', async () => {
    for (const url of ['/', '/events/festival-demo']) {
      const html = root(await get(url));
      expect(html).toMatch(
        /^<div class="flex min-h-screen flex-col" data-layout="\w+" data-prerender="" inert="">/,
      );
      expect(html).not.toContain('data-testid');
    }
  });

  it('loads the app after the first paint where the page is pre-rendered, at once elsewhere', async () => {
    const entry = '<script type="module" crossorigin src="/assets/index-E.js"></script>';
    const paintFirst = '<script defer src="/paint-first.js" data-entry="/assets/index-E.js"></script>';
    for (const url of ['/', '/events/festival-demo']) {
      const html = await get(url);
      expect(html).toContain(paintFirst);
      expect(html).not.toContain(entry);
    }
    for (const url of ['/events/nao-existe', '/about']) {
      const html = await get(url);
      expect(html).toContain(entry);
      expect(html).not.toContain('paint-first');
    }
  });

  it('shows the status of an event that cannot be bought', async () => {
    expect(root(await get('/events/esgotado-demo'))).toContain(
      '<div role="status" class="rounded-xl p-4 ring-1 bg-red-50 text-red-900 ring-red-200"><p class="font-semibold">Esgotado</p>',
    );
    expect(root(await get('/events/festival-passado', 'en'))).toContain(
      '<p class="font-semibold">Event finished</p><p class="text-sm">This event has already taken place.',
    );
    expect(root(await get('/events/festival-demo'))).not.toContain('role="status"');
  });

  it('escapes organiser input: an event name with markup stays text', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)> & "q"';
    await t.database.db
      .update(events)
      .set({ name: evil, information: '</p><script>alert(3)</script>', address: '<b>x</b>' })
      .where(eq(events.slug, 'concerto-demo'));
    const html = root(await get('/events/concerto-demo'));
    expect(html).not.toMatch(/<script|<img src=x|<b>|onerror=alert\(2\)>/);
    expect(h1(`<div id="root">${html}</div></body>`)).toBe(
      '&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62; &#38; &#34;q&#34;',
    );
  });

  it('leaves #root empty for unknown events and other routes', async () => {
    expect(root(await get('/events/nao-existe'))).toBe('');
    expect(root(await get('/about'))).toBe('');
    expect(root(await get('/dashboard/home'))).toBe('');
  });
});
