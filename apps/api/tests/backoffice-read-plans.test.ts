/**
 * Issue 27's first figure, its EXPLAIN half: every statement that the back office's dashboard
 * and list endpoints of an event run is captured from a real call (the database client's
 * `query`, so nothing is listed by hand and a new statement is checked as soon as it runs) and
 * explained with sequential scans priced out: no big table may then be read whole (a
 * sequential scan, or an index walked without a condition on its first column). The figures
 * themselves are the bench's (`npm run bench -- backoffice-volume`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../src/db/schema/index';
import { asStaff, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';
import { eventIdOf } from './tickets.fixtures';

/** Tables that grow with sales, entries, the bar and the webhooks: never read whole. */
const BIG_TABLES = [
  'orders',
  'order_lines',
  'payments',
  'customer_tickets',
  'checkins',
  'checkin_scans',
  'wallets',
  'bracelets',
  'wallet_transactions',
  'refund_requests',
  'webhook_deliveries',
  'webhook_events',
  'audit_log',
];

/** The back office's dashboard and list reads of one event (query strings included). */
const READS = (org: number, ev: number, endpoint: number) => {
  const o = `/api/backoffice/organizers/${org}`;
  const e = `${o}/events/${ev}`;
  return [
    `${e}/dashboard`,
    `${o}/orders?event_id=${ev}&status=paid`,
    `${o}/refunds?status=requested&event_id=${ev}`,
    `${e}/door/scans`,
    `${e}/door/scans?device_id=1&result=ok&page=2`,
    `${e}/door/devices`,
    `${e}/stations`,
    `${e}/stations/totals`,
    `${e}/bracelets`,
    `${e}/bracelets?q=0`,
    `${e}/attendees`,
    `${e}/attendees?checked_in=no&status=active&after=1`,
    `${e}/attendees?q=silva&ticket_type_id=1`,
    `${e}/attendees/export?format=csv&checked_in=yes`,
    `${o}/webhooks`,
    `${o}/webhooks/${endpoint}/deliveries`,
  ];
};

type RawQuery = (q: unknown, params?: unknown[], ...rest: unknown[]) => Promise<{ rows: unknown[] }>;
interface RawClient {
  query: RawQuery;
  connect?: () => Promise<{ query: RawQuery; release(): void }>;
  transaction?: <T>(fn: (tx: { query: RawQuery }) => Promise<T>) => Promise<T>;
}

let t: TestApp;
let owner: StaffSession;
let org = 0;
let festival = 0;
let endpoint = 0;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  festival = await eventIdOf(t, 'festival-demo');
  const rows = (await db.execute(sql`select organizer_id from events where id = ${festival}`)) as unknown as {
    rows: { organizer_id: number }[];
  };
  org = Number(rows.rows[0]!.organizer_id);
  owner = await staffAs(t, { role: 'owner', organizerId: org });
  const [w] = await db
    .insert(webhookEndpoints)
    .values({ organizerId: org, url: 'https://hooks.example.pt/x', events: ['order.paid'], secret: 's' })
    .returning({ id: webhookEndpoints.id });
  endpoint = w!.id;
  const [e] = await db
    .insert(webhookEvents)
    .values({
      id: '00000000-0000-4000-8000-000000000001',
      organizerId: org,
      type: 'order.paid',
      sourceId: 1,
      body: '{}',
      occurredAt: new Date(),
    })
    .returning({ id: webhookEvents.id });
  await db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint, eventId: e!.id, nextAttemptAt: new Date() });
});

afterAll(async () => {
  await t?.close();
});

/**
 * Scans of a big table that read it whole: a sequential scan, or an index walked without a
 * condition on its first column, except one step down an index under a Limit (max(id)) and a
 * partial index (it holds only the rows of its predicate, e.g. open refund requests or
 * deliveries still due).
 */
function wholeReads(
  node: unknown,
  leading: Map<string, string>,
  partials: Set<string>,
  parent = '',
): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  const type = String(n['Node Type'] ?? '');
  const table = BIG_TABLES.find(
    (b) => n['Relation Name'] === b || String(n['Index Name'] ?? '').startsWith(`${b}_`),
  );
  const first = leading.get(String(n['Index Name'] ?? ''));
  const partial = partials.has(String(n['Index Name'] ?? ''));
  const indexed =
    !!first && new RegExp(`\\b${first}\\b[^,]*?(=|<|>|IS|ANY)`).test(String(n['Index Cond'] ?? ''));
  const whole =
    table &&
    (type === 'Seq Scan' ||
      (/^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(type) &&
        !indexed &&
        !partial &&
        parent !== 'Limit'));
  const children = Object.values(n).flatMap((v) =>
    Array.isArray(v)
      ? v.flatMap((c) => wholeReads(c, leading, partials, type))
      : wholeReads(v, leading, partials, type),
  );
  return whole ? [`${type} ${String(n['Index Name'] ?? table)}`, ...children] : children;
}

describe("the back office's dashboard and list reads", () => {
  it('reach every big table through an index (each statement of a real call, EXPLAIN with sequential scans priced out)', async () => {
    const client = (t.database.db as unknown as { $client: RawClient }).$client;
    const original = client.query.bind(client) as RawQuery;
    const statements = new Map<string, { text: string; params: unknown[]; url: string }>();
    let current = '';
    client.query = ((q: unknown, params?: unknown[], ...rest: unknown[]) => {
      const text = typeof q === 'string' ? q : String((q as { text?: string }).text ?? '');
      if (/^\s*(select|with)\b/i.test(text) && !statements.has(text))
        statements.set(text, { text, params: params ?? [], url: current });
      return original(q, params, ...rest);
    }) as RawQuery;
    try {
      for (const url of READS(org, festival, endpoint)) {
        current = url;
        const res = await asStaff(t, owner, { method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    } finally {
      client.query = original;
    }

    // explained on one connection, in a transaction that prices sequential scans out
    const explainAll = async (query: RawQuery) => {
      const indexes = (await query(
        `select indexname, indexdef from pg_indexes where schemaname = 'public'`,
        [],
      )) as { rows: { indexname: string; indexdef: string }[] };
      const leading = new Map(
        indexes.rows.map((r) => [
          r.indexname,
          /USING \w+ \((?:lower\()?"?(\w+)"?/.exec(r.indexdef)?.[1] ?? '',
        ]),
      );
      const partials = new Set(
        indexes.rows.filter((r) => / WHERE /.test(r.indexdef)).map((r) => r.indexname),
      );
      await query(`set local enable_seqscan = off`, []);
      const found: string[] = [];
      for (const s of statements.values()) {
        const res = (await query(`explain (format json) ${s.text}`, s.params)) as {
          rows: Record<string, unknown>[];
        };
        for (const bad of wholeReads(res.rows[0], leading, partials))
          found.push(`${s.url}: ${bad} in ${s.text}`);
      }
      return found;
    };
    let found: string[];
    if (client.connect) {
      const c = await client.connect();
      try {
        await c.query('begin');
        found = await explainAll((q, p) => c.query(q, p));
        await c.query('rollback');
      } finally {
        c.release();
      }
    } else found = await client.transaction!((tx) => explainAll((q, p) => tx.query(q, p)));
    expect(statements.size).toBeGreaterThan(READS(0, 0, 0).length);
    expect(found).toEqual([]);
  });
});
