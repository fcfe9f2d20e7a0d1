import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../src/db/schema/index';
import { escapeHtml, jsonForScript, renderHead, summary } from '../src/modules/seo/seo.html';
import { createTestApp, type TestApp } from './helpers';

const PUBLIC_URL = 'https://bilhetes.example.pt';
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'seo-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Events</title>\n<meta name="description" content="default" />\n</head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ config: { PUBLIC_URL, WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
};

describe('event and organiser pages carry their head in the HTML', () => {
  it('sends title, description, Open Graph, Twitter and Event JSON-LD for /events/:slug', async () => {
    const res = await t.app.inject('/events/festival-demo');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Festival Demo | Bilheteira</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Festival Demo | Bilheteira">');
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/events/festival-demo">`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/events/festival-demo">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('noindex');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Festival Demo',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', address: { addressLocality: 'Lisboa', addressCountry: 'PT' } },
      organizer: { name: 'Promotora Demo', url: `${PUBLIC_URL}/organizer/promotora-demo` },
    });
    expect(ld.offers[0]).toMatchObject({
      price: '89.00',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
  });

  it('marks sold-out offers and cancelled events', async () => {
    expect(jsonLd((await t.app.inject('/events/esgotado-demo')).body).offers[0].availability).toBe(
      'https://schema.org/SoldOut',
    );
    await t.database.db.update(events).set({ status: 'cancelled' }).where(eq(events.slug, 'concerto-demo'));
    expect(jsonLd((await t.app.inject('/events/concerto-demo')).body).eventStatus).toBe(
      'https://schema.org/EventCancelled',
    );
    await t.database.db.update(events).set({ status: 'published' }).where(eq(events.slug, 'concerto-demo'));
  });

  it('escapes everything an organiser can type', async () => {
    const evil = 'Noite </script><script>alert(1)</script> "aspas" & <b>';
    await t.database.db
      .update(events)
      .set({ name: evil, information: `${evil} -->` })
      .where(eq(events.slug, 'teatro-demo'));
    const html = (await t.app.inject('/events/teatro-demo')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('"aspas"');
    expect(html).toContain('&#34;aspas&#34; &#38; &#60;b&#62;');
    expect(jsonLd(html).name).toBe(evil);
    // only inert scripts: the JSON-LD and the page's initial data (seo.preload.ts)
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="application/json" id="initial-data">',
    ]);
  });

  it('keeps a private event out of search engines but gives it a preview', async () => {
    const html = (await t.app.inject('/events/evento-privado')).body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:title" content="Evento Privado | Bilheteira">');
    expect(jsonLd(html)).toBeNull();
  });

  it('answers an unknown slug with a 404 of the plain page marked noindex', async () => {
    expect((await t.app.inject('/organizer/nao-existe')).statusCode).toBe(404);
    const res = await t.app.inject('/events/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Events</title>');
    expect(res.body).toContain('noindex');
  });

  it('sends the organiser page head', async () => {
    const html = (await t.app.inject('/organizer/promotora-demo')).body;
    expect(html).toContain('<title>Promotora Demo | Bilheteira</title>');
    expect(jsonLd(html)).toMatchObject({ '@type': 'Organization', name: 'Promotora Demo' });
  });

  it('titles the home page with the brand, in the visitor language', async () => {
    const pt = (await t.app.inject('/')).body;
    expect(pt.match(/<title>/g)).toHaveLength(1);
    expect(pt).toContain('<title>Bilheteira · Bilhetes para eventos e pulseira cashless</title>');
    const en = (await t.app.inject({ url: '/', headers: { cookie: 'locale=en' } })).body;
    expect(en).toContain('<title>Bilheteira · Event tickets and cashless wallet</title>');
    expect(en.match(/name="description"/g)).toHaveLength(1);
  });

  it('leaves other pages with the default head', async () => {
    const html = (await t.app.inject('/about')).body;
    expect(html).toContain('<title>Events</title>');
    expect(html).not.toContain('og:title');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists public pages, public events and organisers, never private ones', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/events/festival-demo</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/organizer/promotora-demo</loc>`);
    expect(xml).not.toContain('evento-privado');
    expect(xml.match(/<url>/g)!.length).toBe(8 + 5 + 1);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /dashboard/');
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('escaping helpers', () => {
  it('escape HTML and script-embedded JSON', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    const s = jsonForScript({ a: '</script><!-- \u2028' });
    expect(s).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(s)).toEqual({ a: '</script><!-- \u2028' });
    expect(renderHead({ title: 'x"y', description: 'd', url: 'https://a/' })).toContain(
      '<title>x&#34;y</title>',
    );
  });
  it('summarises at a word', () => {
    expect(summary('curto')).toBe('curto');
    const long = 'palavra '.repeat(40);
    const s = summary(long, 50);
    expect(s.length).toBeLessThanOrEqual(50);
    expect(s.endsWith('palavra…')).toBe(true);
  });
});
