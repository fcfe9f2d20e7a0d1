import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backofficeSpaPlugin } from './backoffice-spa';

let app: FastifyInstance;
const js = 'export const backoffice = true;'.repeat(100);

beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
  app = Fastify();
  await app.register(backofficeSpaPlugin, { distDir: dist });
  app.setNotFoundHandler((req, reply) =>
    app.isBackofficePath(req.url.split('?')[0]!) ? app.sendBackoffice(req, reply) : reply.code(404).send(),
  );
});
afterAll(() => app.close());

describe('the back office at /backoffice', () => {
  it('answers index.html for its pages (history mode), never cached, not indexed', async () => {
    for (const url of [
      '/backoffice',
      '/backoffice/',
      '/backoffice/login?next=%2F',
      '/backoffice/organizers/3/team',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets precompressed and immutable; a missing one is a 404, not the page', async () => {
    const res = await app.inject({
      url: '/backoffice/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/backoffice/assets/index-old999.js')).statusCode).toBe(404);
    expect((await app.inject('/backofficeX')).statusCode).toBe(404);
  });
});
