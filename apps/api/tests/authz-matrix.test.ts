/**
 * Authorisation matrix (issue 10 §1): every customer-owned operation of the OpenAPI document
 * called with no token, a garbage token, an expired token, a revoked token — never a 2xx —
 * and with another customer's token on the first customer's resources — never a 2xx for
 * them, and never one byte of the first customer's data in any answer.
 *
 * Operations are found in /api/docs/json: those under the customer-owned prefixes below or
 * declaring bearer security, so endpoints landed later are covered without editing this file.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createSession, endSession } from '../src/modules/identity/session.service';
import { createTestApp, DEMO, login, type TestApp } from './helpers';

/** Customer-owned areas of the API. */
const OWNED_PREFIXES = [
  '/api/customers/',
  '/api/orders',
  '/api/payments',
  '/api/wallet',
  '/api/refunds',
  '/api/tickets',
];
/** Operations under those prefixes that are public by design (they start a session). */
const PUBLIC = [
  /^POST \/api\/customers\/(login-mobile|login-password|request-password|register|activate|reset-password|resend-code)/,
  /^POST \/api\/customers\/forget-data\/confirm/,
  /^(GET|POST) \/api\/customers\/password-reset/,
  /^POST \/api\/payments\/webhooks?/,
  /^POST \/api\/payments\/stripe/,
  /^GET \/api\/payments\/config$/,
];

interface Operation {
  method: string;
  path: string;
  secured: boolean;
  bodyProps: string[];
}

async function customerOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject('/api/docs/json')).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          security?: Record<string, unknown>[];
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      >
    >;
  }>();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const secured = (op.security ?? []).some((s) => 'bearer' in s);
      const owned = OWNED_PREFIXES.some((p) => path.startsWith(p));
      if (!secured && !owned) continue;
      if (PUBLIC.some((re) => re.test(`${method} ${path}`))) continue;
      const bodyProps = Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        Object.keys(c.schema?.properties ?? {}),
      );
      ops.push({ method, path, secured, bodyProps: [...new Set(bodyProps)] });
    }
  }
  return ops.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

let t: TestApp;
let ops: Operation[];
const tokens: Record<string, string> = {};
/** Ana's resources, used to fill ids and as strings that must never reach Rui. */
const ana = {
  id: 0,
  ticketIds: [] as number[],
  ticketTokens: [] as string[],
  orderIds: [] as number[],
  refs: [] as string[],
};
let anaSecrets: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  ops = await customerOperations(t.app);
  const db = t.database.db;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE mobile = '+351912345678'`,
  );
  ana.id = row!.id;
  const tickets = await queryRows<{ id: number; token: string }>(
    db,
    sql`SELECT id, token FROM customer_tickets WHERE customer_id = ${ana.id} ORDER BY id`,
  );
  ana.ticketIds = tickets.map((r) => r.id);
  ana.ticketTokens = tickets.map((r) => r.token);
  const orders = await queryRows<{ id: number; reference: string }>(
    db,
    sql`SELECT id, reference FROM orders WHERE customer_id = ${ana.id} ORDER BY id`,
  );
  ana.orderIds = orders.map((r) => r.id);
  ana.refs = orders.map((r) => r.reference);
  anaSecrets = [
    '+351912345678',
    '912345678',
    'ana.silva@example.pt',
    'Silva',
    '1100-148',
    ...ana.ticketTokens,
    ...ana.refs,
  ];

  tokens.ana = await login(t.app, DEMO.ana);
  tokens.rui = await login(t.app, DEMO.rui);
  const long = 60 * 24 * 3600 * 1000;
  tokens.expired = await createSession(db, ana.id, new Date(Date.now() - long), { ttlMs: 1000 });
  tokens.revoked = await createSession(db, ana.id, new Date());
  await endSession(db, tokens.revoked, new Date());
  tokens.garbage = 'Zm9yZ2VkLXRva2VuLXRoYXQtbG9va3MtcmVhbC0xMjM0NTY3ODkw';
});

afterAll(() => t?.close());

/** Path parameters filled with Ana's resources (ids, tokens, references). */
function anaPaths(path: string): string[] {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (!names.length) return [path];
  const candidates = (name: string): string[] => {
    if (/token/i.test(name)) return ana.ticketTokens.slice(0, 2);
    if (/reference|ref/i.test(name)) return ana.refs.slice(0, 2);
    if (/ticket/i.test(name)) return ana.ticketIds.slice(0, 2).map(String);
    if (/order/i.test(name)) return ana.orderIds.slice(0, 2).map(String);
    return [...ana.orderIds.slice(0, 1), ...ana.ticketIds.slice(0, 1), 1].map(String);
  };
  let paths = [path];
  for (const name of names) {
    const values = candidates(name);
    paths = paths.flatMap((p) => values.map((v) => p.replace(`{${name}}`, encodeURIComponent(v))));
  }
  return paths.length ? paths : [path.replace(/\{[^}]+\}/g, '1')];
}

/** A body pointing at Ana's resources wherever a field names one. */
function anaBody(op: Operation): Record<string, unknown> | undefined {
  if (op.method === 'GET' || op.method === 'DELETE') return undefined;
  const body: Record<string, unknown> = {};
  for (const prop of op.bodyProps) {
    if (/ticket.*id|^customer_ticket_id$/.test(prop)) body[prop] = ana.ticketIds[0] ?? 1;
    else if (/order.*id/.test(prop)) body[prop] = ana.orderIds[0] ?? 1;
    else if (/token/.test(prop)) body[prop] = ana.ticketTokens[0] ?? 'x';
    else if (prop === 'mobile_country_code') body[prop] = '351';
    else if (prop === 'mobile') body[prop] = '+351913456789';
  }
  return body;
}

function leaks(body: string): string[] {
  return anaSecrets.filter((s) => s.length >= 6 && body.includes(s));
}

describe('authorisation matrix', () => {
  it('finds the customer-owned operations in the OpenAPI document', () => {
    const names = ops.map((o) => `${o.method} ${o.path}`);
    expect(names).toContain('GET /api/customers/customer');
    expect(names.length).toBeGreaterThan(3);
    expect(ana.ticketIds.length + ana.orderIds.length, 'the demo customer owns resources').toBeGreaterThan(0);
  });

  for (const who of ['none', 'garbage', 'expired', 'revoked'] as const) {
    it(`refuses every customer-owned operation with ${who === 'none' ? 'no' : who === 'expired' ? 'an expired' : `a ${who}`} token`, async () => {
      const problems: string[] = [];
      let tried = 0;
      for (const op of ops) {
        for (const url of anaPaths(op.path)) {
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: who === 'none' ? {} : { authorization: `Bearer ${tokens[who]}` },
            payload: anaBody(op),
          });
          tried++;
          // Validation runs before authentication, so a 400 may come first; never a 2xx/3xx/5xx.
          const ok =
            res.statusCode === 401 ||
            (res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429);
          if (!ok) problems.push(`${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          const leaked = leaks(res.body);
          if (leaked.length) problems.push(`${op.method} ${url} leaked ${leaked.join(', ')}`);
        }
      }
      expect(tried).toBeGreaterThan(0);
      if (who === 'none')
        console.log(`authz matrix: ${ops.length} operations, ${tried} calls per credential`);
      expect(problems).toEqual([]);
    });
  }

  it("never answers another customer's resources to Rui, nor leaks a byte of them", async () => {
    const problems: string[] = [];
    for (const op of ops) {
      if (/logout|forget-data|erase|delete/i.test(op.path)) continue; // would end Rui's own session
      const targetsAna =
        /\{[^}]+\}/.test(op.path) || Object.keys(anaBody(op) ?? {}).some((k) => /id|token/.test(k));
      for (const url of anaPaths(op.path)) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { authorization: `Bearer ${tokens.rui}` },
          payload: anaBody(op),
        });
        if (res.statusCode >= 500) problems.push(`${op.method} ${url} → ${res.statusCode}`);
        if (targetsAna && res.statusCode < 300 && op.method !== 'GET')
          problems.push(
            `${op.method} ${url} acted on Ana's resource: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        if (targetsAna && res.statusCode < 300 && /\{[^}]+\}/.test(op.path))
          problems.push(`${op.method} ${url} answered Ana's resource: ${res.statusCode}`);
        const leaked = leaks(res.body);
        if (leaked.length) problems.push(`${op.method} ${url} leaked ${leaked.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('still serves Ana her own data with her token (the matrix can fail)', async () => {
    const res = await t.app.inject({
      url: '/api/customers/customer',
      headers: { authorization: `Bearer ${tokens.ana}` },
    });
    expect(res.statusCode).toBe(200);
    expect(leaks(res.body)).toContain('+351912345678');
  });
});
