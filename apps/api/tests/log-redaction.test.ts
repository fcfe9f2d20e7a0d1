/**
 * Bearer tokens never reach the log (issue 23, item 8): the request logger writes every URL
 * with the tokens some carry (login hand-over, impersonation, activation, erasure and
 * unsubscribe links, reset-password paths) replaced by [redacted].
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let logged: FastifyInstance;
let log = '';
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-logs-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createTestApp({ seed: false, config: { WEB_DIST_DIR: dist } });
  // the same app with its request log on, written to memory
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  logged = await buildApp({ ...t.config, LOG_LEVEL: 'info' }, t.database, { logStream: stream });
  await logged.ready();
});

afterAll(async () => {
  await logged?.close();
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const secret = (n: number) => `Tk${n}_q8ZxW3vR7mL2pN5sB9cY4dF6gH1jK0aE-uIoPz`;

describe('request log', () => {
  it('writes no token of any URL that carries one', async () => {
    const urls = [
      `/dashboard/home?accessToken=${secret(1)}`,
      `/dashboard/impersonate?token=${secret(2)}`,
      `/site/festival-demo/account/reset-password/${secret(3)}`,
      `/dashboard/reset-password/${secret(4)}`,
      `/activate?token=${secret(5)}`,
      `/dashboard/account/forget?token=${secret(6)}`,
      `/unsub?token=17.${secret(7)}`,
      `/api/customers/customer?accessToken=${secret(8)}`,
    ];
    for (const url of urls) await logged.inject(url);
    const lines = log
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { req?: { url?: string } });
    const loggedUrls = lines.flatMap((l) => (l.req?.url ? [l.req.url] : []));
    // each request was logged, with its URL redacted
    expect(loggedUrls).toEqual(
      expect.arrayContaining([
        '/dashboard/home?accessToken=[redacted]',
        '/dashboard/impersonate?token=[redacted]',
        '/site/festival-demo/account/reset-password/[redacted]',
        '/dashboard/reset-password/[redacted]',
        '/api/customers/customer?accessToken=[redacted]',
      ]),
    );
    for (let n = 1; n <= urls.length; n++) expect(log).not.toContain(secret(n).slice(0, 20));
  });
});
