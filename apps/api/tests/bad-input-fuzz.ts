/**
 * Bad input, property-based (issue 10): every operation of the OpenAPI document gets
 * malformed, oversized, wrongly-typed and injection-laden path params, queries, bodies and
 * headers. The answer is never a 5xx; a 4xx has the error shape; a route that answered no
 * 2xx left every table unchanged (md5 of all rows, bookkeeping tables aside).
 *
 * Routes come from /api/docs/json, so a new route is fuzzed without editing this file. The
 * routes are shared between the test files `bad-input-fuzz-<n>.test.ts`, each a shard.
 * FUZZ_RUNS (cases per route, default 150) and FUZZ_BUDGET_MS (time for a shard's file,
 * default 30 s, shared by its routes) scale it up on demand; FUZZ_SEED replays a run.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client';
import { createSession } from '../src/modules/identity/session.service';
import { createTestApp } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 30_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** FUZZ_ONLY=<text>: fuzz only the routes whose "METHOD /path" contains it */
const ONLY = process.env.FUZZ_ONLY;

// ---------------------------------------------------------------------------------------
// Routes from the OpenAPI document

interface RouteInfo {
  method: string;
  /** OpenAPI path, e.g. /api/events/{slug} */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** property names of the JSON / form / multipart body */
  bodyProps: string[];
  hasBody: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

async function discoverRoutes(app: FastifyInstance): Promise<RouteInfo[]> {
  const res = await app.inject('/api/docs/json');
  if (res.statusCode !== 200)
    throw new Error(`/api/docs/json answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
  const doc = res.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const routes: RouteInfo[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const bodyProps = new Set<string>();
      for (const media of Object.values(content))
        for (const name of Object.keys(media.schema?.properties ?? {})) bodyProps.add(name);
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: [...bodyProps],
        hasBody: Object.keys(content).length > 0 || method !== 'get',
      });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

// ---------------------------------------------------------------------------------------
// Database checksum

/**
 * Tables a refused request may legitimately write: attempt counters and the audit trail of
 * refused actions. Every other table must be unchanged by bad input.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limits', 'audit_log']);

let checksumSql: ReturnType<typeof sql.raw> | undefined;

/** An md5 of every table's rows (bookkeeping aside), read in one statement. */
async function databaseChecksum(db: Db): Promise<Record<string, string>> {
  if (!checksumSql) {
    const tables = await queryRows<{ table_name: string }>(
      db,
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const names = tables
      .map((r) => r.table_name)
      .filter((name) => !BOOKKEEPING_TABLES.has(name) && /^[a-z_][a-z0-9_]*$/.test(name));
    checksumSql = sql.raw(
      names
        .map(
          (name) =>
            `SELECT '${name}' AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`,
        )
        .join(' UNION ALL '),
    );
  }
  const rows = await queryRows<{ name: string; sum: string | null }>(db, checksumSql);
  return Object.fromEntries(rows.map((r) => [r.name, r.sum ?? '']));
}

const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((n) => a[n] !== b[n]);

// ---------------------------------------------------------------------------------------
// Arbitraries

/** Known-bad strings: SQL and NoSQL injection, traversal, XSS, template and prototype tricks. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "1'; DROP TABLE customers;--",
  '1 UNION SELECT password_hash FROM customers',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  '9'.repeat(400),
  '💥'.repeat(60),
  '\u202e\u0000\ufeff',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(5000),
];

const nasty = fc.constantFrom(...NASTY_STRINGS);
const printableAscii = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });

/** A value of any JSON type, biased to the nasty ones. */
const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(nasty, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(printableAscii, nasty, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Values as text for paths, queries, forms and headers. */
const weirdText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: printableAscii },
);

/** A header value a real HTTP server would let through (visible ASCII). */
const headerText: fc.Arbitrary<string> = fc.oneof(
  nasty.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  printableAscii.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constant('x'.repeat(8000)),
);

type BodyKind =
  'none' | 'json' | 'json-any' | 'json-broken' | 'oversized' | 'form' | 'multipart' | 'wrong-type';

interface FuzzCase {
  params: Record<string, string>;
  rawParam: boolean;
  query: [string, string][];
  rawQuery: string | null;
  bodyKind: BodyKind;
  body: Record<string, unknown>;
  anyJson: unknown;
  headers: Record<string, string>;
  /** send a live customer token so the route's own logic runs, not only auth */
  withToken: boolean;
}

function caseArbitrary(route: RouteInfo): fc.Arbitrary<FuzzCase> {
  const keys = fc.oneof(
    {
      weight: 3,
      arbitrary: route.queryParams.length ? fc.constantFrom(...route.queryParams) : printableAscii,
    },
    { weight: 1, arbitrary: printableAscii },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a[]') },
  );
  const bodyKeys = fc.oneof(
    { weight: 3, arbitrary: route.bodyProps.length ? fc.constantFrom(...route.bodyProps) : printableAscii },
    { weight: 1, arbitrary: printableAscii },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'balance_cents', 'customer_id', 'status'),
    },
  );
  const paramEntries = route.pathParams.map((p) => [p, weirdText] as const);
  return fc.record({
    params: paramEntries.length
      ? fc.record(Object.fromEntries(paramEntries) as Record<string, fc.Arbitrary<string>>)
      : fc.constant({}),
    rawParam: fc.boolean(),
    query: fc.array(fc.tuple(keys, weirdText), { maxLength: 5 }),
    rawQuery: fc.option(fc.constantFrom('%', '%zz', 'a=%E0%A4%A', '&&==&', 'a[b][c][d]=1', '?='), {
      freq: 8,
    }),
    bodyKind: route.hasBody
      ? fc.constantFrom<BodyKind>(
          'json',
          'json',
          'json',
          'json-any',
          'json-broken',
          'oversized',
          'form',
          'multipart',
          'wrong-type',
          'none',
        )
      : fc.constant<BodyKind>('none'),
    body: fc.dictionary(bodyKeys, weirdValue, { maxKeys: Math.max(3, route.bodyProps.length + 2) }),
    anyJson: fc.jsonValue({ maxDepth: 4 }),
    headers: fc.record(
      {
        'x-locale': fc.oneof(headerText, fc.constantFrom('pt-pt', 'en', 'es', 'EN', 'zz')),
        'visitor-id': fc.oneof(headerText, fc.constant('1234567890123456')),
        'event-id': fc.oneof(headerText, fc.constantFrom('0', '-1', '1', '2147483648', '1.5')),
        authorization: fc.oneof(
          headerText,
          headerText.map((s) => `Bearer ${s}`),
          fc.constantFrom('Bearer', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'A'.repeat(300)}`),
        ),
      },
      { requiredKeys: [] },
    ),
    withToken: fc.boolean(),
  });
}

const JSON_BROKEN = ['{', '{"a":', '[1,2', '{"a":1}}', 'nul', '"\\ud800"', '{"__proto__":{"x":1}}', '\u0000'];

function toInject(
  route: RouteInfo,
  c: FuzzCase,
  token: string | null,
): InjectOptions & { url: string; method: string } {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.params))
    params[name] = c.rawParam ? value.replace(/[/?#\s]/g, '') || 'x' : encodeURIComponent(value) || 'x';
  let url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? 'x');
  const qs = c.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  if (c.rawQuery !== null) url += `?${c.rawQuery}`;
  else if (qs) url += `?${qs}`;

  const headers: Record<string, string> = { ...c.headers };
  if (c.withToken && token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  switch (c.bodyKind) {
    case 'none':
      break;
    case 'json':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(c.body);
      break;
    case 'json-any':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(c.anyJson) ?? 'null';
      break;
    case 'json-broken':
      headers['content-type'] = 'application/json';
      payload = JSON_BROKEN[Object.keys(c.body).length % JSON_BROKEN.length];
      break;
    case 'oversized':
      headers['content-type'] = 'application/json';
      payload = JSON.stringify({ ...c.body, filler: 'x'.repeat(300 * 1024) });
      break;
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = Object.entries(c.body)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
        )
        .join('&');
      break;
    case 'multipart': {
      const boundary = '----fuzz' + Object.keys(c.body).length;
      const parts = Object.entries(c.body).map(
        ([k, v]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${
            typeof v === 'string' ? v : JSON.stringify(v)
          }\r\n`,
      );
      // every other case drops the closing boundary: a truncated upload
      const close = Object.keys(c.body).length % 2 ? '' : `--${boundary}--\r\n`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      payload = parts.join('') + close;
      break;
    }
    case 'wrong-type':
      headers['content-type'] = Object.keys(c.body).length % 2 ? 'text/plain' : 'application/xml';
      payload = '<x>' + JSON.stringify(c.body) + '</x>';
      break;
  }
  return { method: route.method as 'GET', url, headers, payload };
}

// ---------------------------------------------------------------------------------------
// The run

/**
 * Registers the fuzz of one shard of the routes (every `shards`-th route from `shard`) on an
 * app and database of its own: the shards are separate test files, so Vitest runs them side
 * by side.
 */
export async function fuzzRoutes(shard: number, shards: number): Promise<void> {
  // Load shedding (503 when the event loop lags) is tested elsewhere; a loaded CI machine must
  // not turn a fuzz case into a 503.
  const t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const allRoutes = await discoverRoutes(t.app);
  const routes = (ONLY ? allRoutes.filter((r) => `${r.method} ${r.path}`.includes(ONLY)) : allRoutes).filter(
    (_, i) => i % shards === shard,
  );
  const perRouteMs = Math.max(400, Math.floor(BUDGET_MS / Math.max(1, routes.length)));
  const [ana] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM customers WHERE mobile = '+351912345678'`,
  );
  const tally = { routes: 0, cases: 0, fiveXx: 0, byStatus: {} as Record<string, number> };

  afterAll(async () => {
    const statuses = Object.entries(tally.byStatus)
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.log(
      `bad-input fuzz (shard ${shard + 1} of ${shards}): ${tally.routes} routes, ${tally.cases} cases, ${tally.fiveXx} 5xx; answers ${statuses}`,
    );
    await t.close();
  });

  describe('bad input never answers 5xx and changes nothing', () => {
    it('discovers the routes from the OpenAPI document', () => {
      expect(allRoutes.length).toBeGreaterThan(5);
      expect(allRoutes.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/events/{slug}');
    });

    for (const route of routes) {
      it(`${route.method} ${route.path}`, async () => {
        // Live tokens are minted before the checksum so they are part of "before".
        const tokens = await Promise.all(
          Array.from({ length: 8 }, () => createSession(t.database.db, ana!.id, new Date())),
        );
        const before = await databaseChecksum(t.database.db);
        let successes = 0;
        let n = 0;
        const failures: string[] = [];
        // the time limit interrupts the run without waiting for its last request: it is awaited
        // below, before the checksum, or it would change the next route's "before" and "after"
        let inflight: Promise<unknown> = Promise.resolve();
        await fc.assert(
          fc.asyncProperty(caseArbitrary(route), async (c) => {
            const req = toInject(route, c, tokens[n++ % tokens.length]!);
            const pending = t.app.inject(req);
            inflight = pending;
            const res = await pending;
            tally.cases++;
            tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
            const where = `${req.method} ${req.url.slice(0, 300)} (${c.bodyKind}) → ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) {
              tally.fiveXx++;
              failures.push(where);
            }
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode < 400) {
              successes++;
              return;
            }
            let body: { message?: unknown; code?: unknown; errors?: unknown } = {};
            try {
              body = res.json();
            } catch {
              // not JSON: fails below
            }
            expect(typeof body.message, where).toBe('string');
            expect(typeof body.code, where).toBe('string');
            expect(typeof body.errors === 'object' && body.errors !== null, where).toBe(true);
            expect(res.body, where).not.toMatch(/\bat .+\.(ts|js):\d+/);
          }),
          { numRuns: RUNS, seed: SEED, plugins: [fc.interruptAfterTimeLimit(perRouteMs)] },
        );
        await inflight.catch(() => undefined);
        tally.routes++;
        expect(failures).toEqual([]);
        // GET never changes data; other methods only when nothing was accepted.
        if (successes === 0 || route.method === 'GET') {
          const after = await databaseChecksum(t.database.db);
          expect(
            changedTables(before, after),
            `${route.method} ${route.path} changed data on bad input`,
          ).toEqual([]);
        }
      });
    }
  });
}
