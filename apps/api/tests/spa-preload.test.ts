import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './helpers';

/**
 * index.html for the public landing pages carries modulepreloads for the route's chunks and
 * texts and the page's first API answer as inert JSON (seo.preload.ts, plugins/spa.ts).
 */
let t: TestApp;
let dist: string;

const manifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-S.js' },
  '_card.js': { file: 'assets/card-C.js', imports: ['_shared.js'] },
  'src/features/home/pages/home-page.tsx': { file: 'assets/home-page-H.js', imports: ['_card.js'] },
  'src/app/pages/event-details-page.tsx': { file: 'assets/event-details-page-D.js', imports: ['_card.js'] },
  'src/i18n/locales/pt-pt/common.json': { file: 'assets/common-PT.js' },
  'src/i18n/locales/pt-pt/catalog.json': { file: 'assets/catalog-PT.js' },
  'src/i18n/locales/en/common.json': { file: 'assets/common-EN.js' },
  'src/i18n/locales/en/catalog.json': { file: 'assets/catalog-EN.js' },
};

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Events</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const initialData = (html: string) => {
  const m = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1]!) as { key: unknown[]; data: unknown }[]) : null;
};

describe('index.html preloads for the public pages', () => {
  it('names the event page chunk, its imports and the pt-PT texts, never what index.html loads', async () => {
    const res = await t.app.inject('/events/festival-demo');
    expect(res.statusCode).toBe(200);
    const links = preloads(res.body);
    expect(links).toEqual(
      expect.arrayContaining([
        '/assets/event-details-page-D.js',
        '/assets/card-C.js',
        '/assets/common-PT.js',
        '/assets/catalog-PT.js',
      ]),
    );
    expect(links).not.toContain('/assets/shared-S.js');
    expect(links).not.toContain('/assets/index-E.js');
    expect(links.some((l) => l?.includes('-EN'))).toBe(false);
  });

  it('inlines the same answer GET /api/events/:slug gives, under the web app query key', async () => {
    const html = (await t.app.inject('/events/festival-demo')).body;
    const api = (await t.app.inject('/api/events/festival-demo')).json().data;
    expect(initialData(html)).toEqual([{ key: ['events', 'detail', 'festival-demo'], data: api }]);
  });

  it('inlines the home list with the query of the home page', async () => {
    const html = (await t.app.inject('/')).body;
    const api = (await t.app.inject('/api/events?per_page=6&sort=date&upcoming=1')).json();
    expect(initialData(html)).toEqual([{ key: ['events', 'home'], data: api }]);
    expect(preloads(html)).toContain('/assets/home-page-H.js');
  });

  it('preloads the texts of the language the visitor chose (cookie)', async () => {
    const res = await t.app.inject({ url: '/events/festival-demo', headers: { cookie: 'a=b; locale=en' } });
    const links = preloads(res.body);
    expect(links).toEqual(expect.arrayContaining(['/assets/common-EN.js', '/assets/catalog-EN.js']));
    expect(links.some((l) => l?.includes('-PT'))).toBe(false);
  });

  it('inlines nothing for an unknown slug (the page shows the API 404) and for other routes', async () => {
    const unknown = await t.app.inject('/events/nao-existe');
    expect(unknown.statusCode).toBe(404);
    expect(initialData(unknown.body)).toBeNull();
    expect(initialData((await t.app.inject('/about')).body)).toBeNull();
    expect(preloads((await t.app.inject('/about')).body)).toEqual([]);
  });

  it('keeps event text inert: a name with </script> cannot close the element', async () => {
    const evil = 'Festa </script><script>alert(1)</script> & <!--';
    await t.database.db.update(events).set({ name: evil }).where(eq(events.slug, 'teatro-demo'));
    const html = (await t.app.inject('/events/teatro-demo')).body;
    expect(html).not.toContain('<script>alert(1)');
    const data = initialData(html)![0]!.data as { name: string };
    expect(data.name).toBe(evil);
  });

  it('sends public catalogue answers with a one-second Cache-Control', async () => {
    const one = await t.app.inject('/api/events/festival-demo');
    expect(one.headers['cache-control']).toBe('public, max-age=1');
    const list = await t.app.inject('/api/events');
    expect(list.headers['cache-control']).toBe('public, max-age=1');
    expect((await t.app.inject('/api/events/nao-existe')).headers['cache-control']).not.toBe(
      'public, max-age=1',
    );
  });
});
