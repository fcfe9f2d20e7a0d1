/**
 * Security headers and request limits (issue 10 §3 and §2): CSP without inline scripts,
 * no framing of the main site, referrer policy, nosniff, HSTS only behind HTTPS, no CORS,
 * and body / multipart limits answering 413 in the error shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, MULTIPART_LIMITS } from '../src/app';
import { events, organizers } from '../src/db/schema/index';
import { replaceFrameOrigins } from '../src/modules/events/minisite-frames.ops';
import { minisiteFrameAncestors, parseFrameOrigin } from '../src/plugins/minisite-frames';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

let t: TestApp;
let https: TestApp;
let dist: string;

beforeAll(async () => {
  // A stand-in for the built SPA so the HTML routes answer as in production.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-sec-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-PT"><head><title>Events</title></head><body><div id="root"></div></body></html>',
  );
  // Building a second app blocks the event loop for a while (PGlite migrations): keep the
  // first one's load shedding out of this test, which is about headers and limits.
  const config = { WEB_DIST_DIR: dist, MAX_EVENT_LOOP_DELAY_MS: 600_000 };
  t = await createTestApp({ seed: false, config });
  https = await createTestApp({ seed: false, config: { ...config, PUBLIC_URL: 'https://bilheteira.pt' } });
});

afterAll(async () => {
  await Promise.all([t?.close(), https?.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Parses a CSP header into directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

describe('security headers', () => {
  // unseeded: an event page is the not-found page (404), which carries the same headers
  const pages = ['/', '/events', '/events/festival-demo', '/dashboard/home'];
  const status = (url: string) => (url.startsWith('/events/') ? 404 : 200);

  it('serves the main site HTML with a CSP that allows no inline or eval script and no framing', async () => {
    for (const url of pages) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status(url));
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      const policy = csp(res.headers['content-security-policy']);
      const scripts = policy['script-src'] ?? policy['default-src'] ?? [];
      expect(scripts, url).not.toContain("'unsafe-inline'");
      expect(scripts, url).not.toContain("'unsafe-eval'");
      expect(scripts, url).not.toContain('*');
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toMatch(/^(DENY|SAMEORIGIN)$/i);
    }
  });

  it('keeps inline scripts forbidden on the embeddable mini-sites too', async () => {
    const res = await t.app.inject('/site/festival-demo');
    expect(res.statusCode).toBe(200);
    const scripts = csp(res.headers['content-security-policy'])['script-src'] ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('sets referrer policy, nosniff and cross-origin isolation headers on pages and API answers', async () => {
    for (const url of ['/', '/api/health', '/api/events', '/api/nope']) {
      const res = await t.app.inject(url);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('sends HSTS only when the public URL is https', async () => {
    const plain = await t.app.inject('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await https.app.inject('/api/health');
    const hsts = String(secure.headers['strict-transport-security']);
    expect(hsts).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(15552000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('answers no CORS headers to another origin (CORS is off)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/customers/customer',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await t.app.inject({ url: '/api/events', headers: { origin: 'https://evil.example' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('mini-site framing (issue 23, item 12)', () => {
  /** An organiser with its own frame origins and one event, written straight to the database. */
  async function organiserWithEvent(slug: string, frameOrigins: string[]) {
    const [org] = await t.app.db
      .insert(organizers)
      .values({ slug: `org-${slug}`, name: slug, email: `${slug}@example.pt`, frameOrigins })
      .returning();
    const startsAt = new Date('2030-06-01T20:00:00Z');
    await t.app.db.insert(events).values({
      organizerId: org!.id,
      slug,
      name: slug,
      address: 'Lisboa',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * 3600_000),
      contactEmail: `${slug}@example.pt`,
    });
  }
  const ancestors = async (url: string) =>
    csp((await t.app.inject(url)).headers['content-security-policy'])['frame-ancestors'];

  it("lets only the site itself frame a mini-site by default, never any site ('*')", async () => {
    for (const url of ['/site/no-such-event', '/site/no-such-event/account/login', '/sitemail/no-such-event'])
      expect(await ancestors(url), url).toEqual(["'self'"]);
  });

  it("adds the origins an organiser listed to its own events' mini-sites only", async () => {
    await organiserWithEvent('frames-a', ['https://festival-a.pt', 'https://tickets.festival-a.pt:8443']);
    await organiserWithEvent('frames-b', ['https://festival-b.pt']);
    for (const url of ['/site/frames-a', '/site/frames-a/account/reset-password/x', '/sitemail/frames-a']) {
      const sources = await ancestors(url);
      expect(sources, url).toEqual(["'self'", 'https://festival-a.pt', 'https://tickets.festival-a.pt:8443']);
      expect(sources, url).not.toContain('https://festival-b.pt');
    }
    expect(await ancestors('/site/frames-b')).toEqual(["'self'", 'https://festival-b.pt']);
    // the rest of the site stays unframeable whatever organisers list
    expect(await ancestors('/events/frames-a')).toEqual(["'none'"]);
  });

  it("lets an operator replace an organiser's list (npm run ops -- organizers frame-origins), validated", async () => {
    await organiserWithEvent('frames-c', []);
    expect(await ancestors('/site/frames-c')).toEqual(["'self'"]);
    expect(await replaceFrameOrigins(t.app.db, 'org-frames-c', ['https://c.pt', 'http://c.pt'])).toEqual({
      ok: false,
      invalid: ['http://c.pt'],
    });
    expect(await ancestors('/site/frames-c')).toEqual(["'self'"]);
    expect(await replaceFrameOrigins(t.app.db, 'org-nobody', ['https://c.pt'])).toEqual({
      ok: false,
      unknownOrganizer: true,
    });
    expect(await replaceFrameOrigins(t.app.db, 'org-frames-c', ['https://C.pt/', 'https://c.pt'])).toEqual({
      ok: true,
      origins: ['https://c.pt'],
    });
    expect(await ancestors('/site/frames-c')).toEqual(["'self'", 'https://c.pt']);
  });

  it('accepts only https origins as frame origins, in canonical form', () => {
    expect(parseFrameOrigin('https://Festival.PT/')).toBe('https://festival.pt');
    expect(parseFrameOrigin('https://a.festival.pt:443')).toBe('https://a.festival.pt');
    expect(parseFrameOrigin('https://a.festival.pt:8443')).toBe('https://a.festival.pt:8443');
    for (const bad of [
      'http://festival.pt',
      'https://*.festival.pt',
      '*',
      "'self'",
      'https://festival.pt/page',
      'https://user@festival.pt',
      'https://festival.pt; script-src *',
      'https://localhost',
      'https://festival.pt:99999',
      'festival.pt',
    ])
      expect(parseFrameOrigin(bad), bad).toBeUndefined();
    // a bad value in the database never reaches the header
    expect(minisiteFrameAncestors("'self'", ['https://ok.pt', 'https://x.pt; script-src *'])).toBe(
      "'self' https://ok.pt",
    );
  });
});

describe('request limits', () => {
  const url = '/api/customers/login-mobile';

  it('refuses a JSON body over the limit with 413 in the error shape, localised', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-locale': 'en' },
      payload: JSON.stringify({ mobile: '1'.repeat(BODY_LIMIT_BYTES + 10), mobile_country_code: '351' }),
    });
    expect(res.statusCode).toBe(413);
    const body = expectErrorShape(res);
    expect(body.code).toBe('payload_too_large');
    expect(body.message).toBe('The request is too large.');
  });

  it('refuses an urlencoded form over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `mobile_country_code=351&mobile=${'9'.repeat(BODY_LIMIT_BYTES + 10)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(expectErrorShape(res).code).toBe('payload_too_large');
  });

  it('accepts a body just under the limit as an ordinary (validated) request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: 'x'.repeat(BODY_LIMIT_BYTES - 100) }),
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).code).toBe('validation_failed');
  });

  function multipart(parts: { name: string; filename?: string; content: string | Buffer }[]) {
    const boundary = '----limits' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
      const type = p.filename ? 'Content-Type: application/octet-stream\r\n' : '';
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      method: 'POST' as const,
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(chunks),
    };
  }

  it('accepts an ordinary multipart form', async () => {
    const res = await t.app.inject(
      multipart([
        { name: 'mobile_country_code', content: '351' },
        { name: 'mobile', content: '912345678' },
      ]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses a multipart file over the size limit with 413', async () => {
    const res = await t.app.inject(
      multipart([
        { name: 'mobile_country_code', content: '351' },
        { name: 'photo', filename: 'big.bin', content: Buffer.alloc(MULTIPART_LIMITS.fileSize + 1024, 1) },
      ]),
    );
    expect(res.statusCode).toBe(413);
    expect(expectErrorShape(res).code).toBe('payload_too_large');
  });

  it('refuses too many multipart files, fields or parts with 413', async () => {
    const files = Array.from({ length: MULTIPART_LIMITS.files + 1 }, (_, i) => ({
      name: `f${i}`,
      filename: `f${i}.txt`,
      content: 'x',
    }));
    const manyFiles = await t.app.inject(multipart(files));
    expect(manyFiles.statusCode).toBe(413);
    expectErrorShape(manyFiles);

    const fields = Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, i) => ({
      name: `k${i}`,
      content: 'v',
    }));
    const manyFields = await t.app.inject(multipart(fields));
    expect(manyFields.statusCode).toBe(413);
    expectErrorShape(manyFields);
  });

  it('never lets a multipart field value over the field size limit through', async () => {
    // busboy truncates the value at the limit; the truncated value then fails validation
    const res = await t.app.inject(
      multipart([
        { name: 'mobile_country_code', content: '351' },
        { name: 'mobile', content: '9'.repeat(MULTIPART_LIMITS.fieldSize + 10) },
      ]),
    );
    expect([400, 413]).toContain(res.statusCode);
    expectErrorShape(res);
  });
});
