import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * The server sends the app's index.html for the site's routes (history mode) and for any
 * other URL outside /api too, so the app can show its not-found page, but then with status
 * 404: a mistyped address is a real not-found for browsers, crawlers and link checkers.
 */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-404-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-PT"><head><title>Events</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('unknown URLs', () => {
  it('answer 404 with the app (which shows the not-found page)', async () => {
    for (const url of ['/nao-existe', '/dashboard/nope', '/events/a/b', '/site', '/about.php?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/nao-existe' })).statusCode).toBe(404);
  });

  it('the site routes still answer 200', async () => {
    for (const url of [
      '/',
      '/events',
      '/events/?page=2',
      '/events/festival-demo',
      '/dashboard/home?accessToken=x',
      '/site/festival-demo/account',
      '/accessibility',
      '/404',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('an unknown API path keeps its JSON 404', async () => {
    const res = await t.app.inject('/api/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string }>().code).toBe('route_not_found');
  });
});
