import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { compareFunctions, loadFunctionSources } from '../src/db/functions/functions';
import { createTestApp, type TestApp } from './helpers';

/**
 * The database functions of apps/api/src/db/functions/: the migrations produce exactly their
 * sources, and each, called directly with crafted batches, does what its callers rely on.
 * The concurrency cases need several connections: PostgreSQL only (TEST_DATABASE_URL).
 */

let t: TestApp;
let eventId: number;
const onPostgres = !!process.env.TEST_DATABASE_URL;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(query))[0]!;
}
/** A statement with positional parameters (arrays stay one parameter), on either driver. */
async function rawRows<T>(text: string, values: unknown[]): Promise<T[]> {
  const client = (
    t.database.db as unknown as { $client: { query(q: string, v: unknown[]): Promise<{ rows: T[] }> } }
  ).$client;
  return (await client.query(text, values)).rows;
}
const idOf = async (query: ReturnType<typeof sql>) => (await one<{ id: number }>(query)).id;

beforeAll(async () => {
  t = await createTestApp();
  eventId = await idOf(sql`SELECT id FROM events WHERE slug = 'festival-demo'`);
});
afterAll(async () => {
  await t?.close();
});

const newCustomer = () =>
  idOf(sql`INSERT INTO customers (first_name, status) VALUES ('Função', 'active') RETURNING id`);
const newTicketType = (quantity: number) =>
  idOf(sql`INSERT INTO ticket_types (event_id, name, price_cents, quantity)
    VALUES (${eventId}, 'fn test', 1000, ${quantity}) RETURNING id`);
const reservedOf = async (typeId: number) =>
  (await one<{ reserved: number }>(sql`SELECT reserved FROM ticket_types WHERE id = ${typeId}`)).reserved;

/** A client of its own on the test file's database (PostgreSQL only). */
async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: t.databaseUrl });
  await c.connect();
  return c;
}

/** Waits until `n` other backends of this database wait on a lock. */
async function lockWaiters(n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { waiting } = await one<{
      waiting: number;
    }>(sql`SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (waiting >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${n} backends waiting on a lock`);
}

describe('sources', () => {
  it('a freshly migrated database holds exactly the function sources, and no other function', async () => {
    const sources = loadFunctionSources();
    expect(sources.length).toBeGreaterThan(0);
    const { same, changes } = await compareFunctions(t.database.db, sources);
    // a change here: a source was edited without `flock /tmp/migration.lock npm run db:functions`
    expect(
      changes.map((c) =>
        c.kind === 'removed' ? `${c.current.name}: no source` : `${c.source.name}: ${c.kind}`,
      ),
    ).toEqual([]);
    expect(same).toEqual(sources.map((s) => s.name));
  });
});

describe('insert_pending_orders', () => {
  let seq = 0;
  /** One element of the function's JSON array, as orders.repository.ts builds it. */
  function order(
    buyer: { customer_id: number },
    typeId: number,
    qty: number,
    extra: Record<string, unknown> = {},
  ) {
    const now = new Date();
    seq += 1;
    return {
      reference: `FN-${Date.now()}-${seq}`,
      ...buyer,
      audit_actor: `customer:${buyer.customer_id}`,
      event_id: eventId,
      subtotal_cents: 1000 * qty,
      service_cents: 0,
      total_cents: 1000 * qty,
      billing: {},
      receipt_email: null,
      idempotency_key: null,
      expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
      created_at: now.toISOString(),
      lines: [
        {
          pos: 0,
          kind: 'ticket',
          ticket_type_id: typeId,
          session_id: null,
          qty,
          unit_cents: 1000,
          description: 'fn test',
          stock_days: [],
        },
      ],
      audit_data: {},
      counters: [{ kind: 'type', id: typeId, n: qty }],
      clear_cart_id: null,
      rate_per_minute: null,
      ...extra,
    };
  }
  interface Row {
    order_id: number | null;
    line_ids: number[] | null;
    error_code: string | null;
    error_constraint: string | null;
    customer_id: number | null;
  }
  const call = (orders: unknown[]) =>
    rows<Row>(sql`SELECT * FROM insert_pending_orders(${JSON.stringify(orders)}::jsonb)`);
  const ordersWithReference = async (reference: string) =>
    (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE reference = ${reference}`)).n;

  it('writes the orders that fit and refuses the others, each alone, in one batch', async () => {
    const typeId = await newTicketType(3);
    const [a, b, c] = [await newCustomer(), await newCustomer(), await newCustomer()];
    const fits = order({ customer_id: a }, typeId, 2);
    const oversells = order({ customer_id: b }, typeId, 2);
    const fitsToo = order({ customer_id: c }, typeId, 1);
    const takenReference = { ...order({ customer_id: b }, typeId, 1), reference: fits.reference };
    const res = await call([fits, oversells, fitsToo, takenReference]);

    expect(res).toHaveLength(4);
    expect(res[0]).toMatchObject({ error_code: null, customer_id: a });
    expect(res[0]!.order_id).toBeTypeOf('number');
    expect(res[0]!.line_ids).toHaveLength(1);
    expect(res[1]).toMatchObject({
      order_id: null,
      error_code: '23514',
      error_constraint: 'ticket_types_within_quantity',
    });
    expect(res[2]).toMatchObject({ error_code: null, customer_id: c });
    expect(res[3]).toMatchObject({
      order_id: null,
      error_code: '23505',
      error_constraint: 'orders_reference_unique',
    });

    // the refused orders wrote nothing: no order, line or audit row, no stock
    expect(await reservedOf(typeId)).toBe(3);
    expect(await ordersWithReference(oversells.reference)).toBe(0);
    const written = await rows<{ id: number; customer_id: number; status: string }>(
      sql`SELECT o.id, o.customer_id, o.status FROM orders o
        JOIN order_lines l ON l.order_id = o.id WHERE l.ticket_type_id = ${typeId} ORDER BY o.id`,
    );
    expect(written).toEqual([
      { id: res[0]!.order_id, customer_id: a, status: 'pending' },
      { id: res[2]!.order_id, customer_id: c, status: 'pending' },
    ]);
    const audits = await rows<{ actor: string; entity_id: string }>(
      sql`SELECT actor, entity_id FROM audit_log WHERE action = 'order.create'
        AND entity_id IN (${String(res[0]!.order_id)}, ${String(res[2]!.order_id)}) ORDER BY id`,
    );
    expect(audits).toEqual([
      { actor: `customer:${a}`, entity_id: String(res[0]!.order_id) },
      { actor: `customer:${c}`, entity_id: String(res[2]!.order_id) },
    ]);
  });

  it("replaces the customer's pending order, netting its stock, and applies the rate limit", async () => {
    const typeId = await newTicketType(2);
    const a = await newCustomer();
    const first = await call([order({ customer_id: a }, typeId, 2)]);
    expect(first[0]!.error_code).toBeNull();
    // the same two tickets again: fits only because the replaced order gives its two back
    const again = order({ customer_id: a }, typeId, 2);
    const limited = order({ customer_id: a }, typeId, 1, { rate_per_minute: 2 });
    const res = await call([again, limited]);
    expect(res[0]).toMatchObject({ error_code: null });
    expect(res[1]).toMatchObject({ order_id: null, error_code: 'BH429' });
    expect(await reservedOf(typeId)).toBe(2);
    const statuses = await rows<{ id: number; status: string }>(
      sql`SELECT id, status FROM orders WHERE customer_id = ${a} ORDER BY id`,
    );
    expect(statuses).toEqual([
      { id: first[0]!.order_id, status: 'cancelled' },
      { id: res[0]!.order_id, status: 'pending' },
    ]);
  });

  it('claims capacity groups: refuses the order that would pass one, records and nets what each line took', async () => {
    const [typeA, typeB] = [await newTicketType(10), await newTicketType(10)];
    const group = await idOf(
      sql`INSERT INTO capacity_groups (event_id, name, capacity) VALUES (${eventId}, 'fn group', 3) RETURNING id`,
    );
    const grouped = (customer: number, typeId: number, qty: number) => {
      const o = order({ customer_id: customer }, typeId, qty);
      return {
        ...o,
        lines: [{ ...o.lines[0]!, stock_groups: [group] }],
        counters: [...o.counters, { kind: 'group', id: group, n: qty }],
      };
    };
    const [a, b] = [await newCustomer(), await newCustomer()];
    const res = await call([grouped(a, typeA, 2), grouped(b, typeB, 2)]);
    expect(res[0]).toMatchObject({ error_code: null });
    expect(res[1]).toMatchObject({
      order_id: null,
      error_code: '23514',
      error_constraint: 'capacity_groups_within_capacity',
    });
    const groupRow = () =>
      one<{ reserved: number }>(sql`SELECT reserved FROM capacity_groups WHERE id = ${group}`);
    expect(await groupRow()).toEqual({ reserved: 2 });
    expect(await reservedOf(typeB)).toBe(0);
    const [line] = await rows<{ stock_groups: number[] }>(
      sql`SELECT stock_groups FROM order_lines WHERE id = ${res[0]!.line_ids![0]!}`,
    );
    expect(line!.stock_groups).toEqual([group]);
    // the whole group again for the same buyer: fits because the replaced order gives its 2 back
    const again = await call([grouped(a, typeB, 3)]);
    expect(again[0]).toMatchObject({ error_code: null });
    expect(await groupRow()).toEqual({ reserved: 3 });
    expect([await reservedOf(typeA), await reservedOf(typeB)]).toEqual([0, 3]);
  });

  it.skipIf(!onPostgres)(
    "claims one order's counters in the global lock order, whatever order they are given in",
    async () => {
      const [typeA, typeB] = [await newTicketType(10), await newTicketType(10)];
      const [a, b] = [await newCustomer(), await newCustomer()];
      const both = (customer: number, counters: { kind: string; id: number; n: number }[]) => {
        const o = order({ customer_id: customer }, typeA, 1);
        return {
          ...o,
          lines: [o.lines[0]!, { ...o.lines[0]!, pos: 1, ticket_type_id: typeB }],
          counters,
        };
      };
      const [holder, first, second] = [await connect(), await connect(), await connect()];
      try {
        // the holder keeps type A locked until both batches wait; `first` (A then B) queues on
        // A; `second` lists B then A: were it to take B first, `first` would get A and wait
        // for B while `second` waits for A, a deadlock (40P01 for one of them)
        await holder.query('BEGIN');
        // (NO KEY UPDATE, as the counter's own UPDATE: the order lines' foreign key check is not stopped)
        await holder.query('SELECT 1 FROM ticket_types WHERE id = $1 FOR NO KEY UPDATE', [typeA]);
        const text = 'SELECT * FROM insert_pending_orders($1::jsonb)';
        const p1 = first.query(text, [
          JSON.stringify([
            both(a, [
              { kind: 'type', id: typeA, n: 1 },
              { kind: 'type', id: typeB, n: 1 },
            ]),
          ]),
        ]);
        await lockWaiters(1);
        const p2 = second.query(text, [
          JSON.stringify([
            both(b, [
              { kind: 'type', id: typeB, n: 1 },
              { kind: 'type', id: typeA, n: 1 },
            ]),
          ]),
        ]);
        await lockWaiters(2);
        await holder.query('COMMIT');
        const [r1, r2] = await Promise.all([p1, p2]);
        expect(r1.rows[0]).toMatchObject({ error_code: null });
        expect(r2.rows[0]).toMatchObject({ error_code: null });
        expect([await reservedOf(typeA), await reservedOf(typeB)]).toEqual([2, 2]);
      } finally {
        await Promise.all([holder.end(), first.end(), second.end()]);
      }
    },
  );
});

describe('station_pay_batch', () => {
  let stationId: number;
  const key = 'fn-station-key-hash';
  let seq = 0;

  beforeAll(async () => {
    stationId = await idOf(sql`INSERT INTO stations (event_id, name, key_hash, role)
      VALUES (${eventId}, 'fn bar', ${key}, 'bar') RETURNING id`);
  });

  /** A wallet with `balance` (of which `online` paid online) on a new bracelet. */
  async function braceletWithWallet(balance: number, online: number, status = 'active') {
    seq += 1;
    const walletId = await idOf(sql`INSERT INTO wallets (event_id, balance_cents, online_cents)
      VALUES (${eventId}, ${balance}, ${online}) RETURNING id`);
    const uid = `FN-UID-${Date.now()}-${seq}`;
    const code = `FN-CODE-${Date.now()}-${seq}`;
    const [row] =
      await rows<Clock>(sql`INSERT INTO bracelets (event_id, uid, code, wallet_id, status, linked_at, blocked_at)
      VALUES (${eventId}, ${uid}, ${code}, ${walletId}, ${status}, now() - interval '1 hour',
        ${status === 'blocked' ? new Date(Date.now() - 60_000).toISOString() : null})
      RETURNING status, blocked_at, linked_at`);
    clocks.set(uid, row!);
    clocks.set(code, row!);
    return { walletId, uid, code };
  }
  /** The bracelet as the caller judged it (stations.service.ts, with the shared time rule). */
  interface Clock {
    status: string;
    blocked_at: string | Date | null;
    linked_at: string | Date | null;
  }
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  const clocks = new Map<string, Clock>();
  interface Pay {
    bracelet: string;
    amount: number;
    id: string;
    key?: string;
    at?: Date;
    /** default: the bracelet as it is */
    clock?: Clock;
  }
  const PAY_SQL = `SELECT * FROM station_pay_batch($1::int[], $2::text[], $3::int[], $4::text[],
    $5::int[], $6::timestamptz[], $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[],
    $12::timestamptz[], $13::text[])`;
  const clockOf = (p: Pay) => p.clock ?? clocks.get(p.bracelet)!;
  const params = (items: Pay[]) => [
    items.map(() => stationId),
    items.map((p) => p.key ?? key),
    items.map(() => eventId),
    items.map((p) => p.bracelet),
    items.map((p) => p.amount),
    items.map((p) => (p.at ?? new Date()).toISOString()),
    items.map(() => 'fn test'),
    items.map((p) => `station:${stationId}:${p.id}`),
    items.map((p) => p.id),
    items.map((p) => clockOf(p).status),
    items.map((p) => iso(clockOf(p).blocked_at)),
    items.map((p) => iso(clockOf(p).linked_at)),
    items.map(() => '[]'),
  ];
  interface Row {
    station_ok: boolean;
    balance_cents: number | null;
    transaction_id: number | null;
  }
  const call = (items: Pay[]) => rawRows<Row>(PAY_SQL, params(items));
  const wallet = (id: number) =>
    one<{ balance_cents: number; online_cents: number }>(
      sql`SELECT balance_cents, online_cents FROM wallets WHERE id = ${id}`,
    );

  it('applies the payments that fit and leaves the others to the general path, in one batch', async () => {
    const rich = await braceletWithWallet(1000, 800);
    const poor = await braceletWithWallet(100, 0);
    const blocked = await braceletWithWallet(1000, 0, 'blocked');
    const res = await call([
      { bracelet: rich.uid, amount: 300, id: 'fn-pay-1' },
      { bracelet: poor.code, amount: 500, id: 'fn-pay-2' },
      // the caller judged it before its block
      {
        bracelet: blocked.uid,
        amount: 100,
        id: 'fn-pay-3',
        clock: { ...clocks.get(blocked.uid)!, status: 'active', blocked_at: null },
      },
      { bracelet: rich.code, amount: 200, id: 'fn-pay-4' },
      { bracelet: rich.uid, amount: 300, id: 'fn-pay-1' },
      { bracelet: rich.uid, amount: 100, id: 'fn-pay-5', key: 'not-the-key' },
      // the caller judged it before its link
      {
        bracelet: rich.uid,
        amount: 100,
        id: 'fn-pay-6',
        at: new Date(Date.now() - 2 * 3600_000),
        clock: { ...clocks.get(rich.uid)!, linked_at: null },
      },
    ]);
    expect(res.map((r) => [r.station_ok, r.balance_cents, r.transaction_id === null])).toEqual([
      [true, 700, false],
      [true, null, true], // balance too low
      [true, null, true], // blocked since the caller read it
      [true, 500, false],
      [true, null, true], // client id already used: the caller answers `duplicate`
      [false, null, true], // wrong station key
      [true, null, true], // linked since the caller read it
    ]);
    // the offline part is spent first: 300 = 200 offline + 100 online, then 200 online
    expect(await wallet(rich.walletId)).toEqual({ balance_cents: 500, online_cents: 500 });
    expect(await wallet(poor.walletId)).toEqual({ balance_cents: 100, online_cents: 0 });
    expect(await wallet(blocked.walletId)).toEqual({ balance_cents: 1000, online_cents: 0 });
    const ledger = await rows<{ id: number; amount_cents: number; online_delta_cents: number }>(
      sql`SELECT id, amount_cents, online_delta_cents FROM wallet_transactions
        WHERE station_id = ${stationId} ORDER BY id`,
    );
    expect(ledger).toEqual([
      { id: res[0]!.transaction_id, amount_cents: -300, online_delta_cents: -100 },
      { id: res[3]!.transaction_id, amount_cents: -200, online_delta_cents: -200 },
    ]);
    const submissions = await rows<{ client_id: string }>(
      sql`SELECT client_id FROM station_submissions WHERE station_id = ${stationId} ORDER BY id`,
    );
    expect(submissions).toEqual([{ client_id: 'fn-pay-1' }, { client_id: 'fn-pay-4' }]);
  });

  it.skipIf(!onPostgres)(
    'two batches taking the same wallets in opposite order: a deadlock fails one call whole, which wrote nothing',
    async () => {
      // the callers sort a batch by bracelet (wallet/bracelet-payment.repository.ts inLockOrder) so this does
      // not happen; when it does, the call that PostgreSQL aborts wrote nothing and its items
      // run one by one (batchOrEach)
      const x = await braceletWithWallet(1000, 0);
      const y = await braceletWithWallet(1000, 0);
      const [holder, first, second] = [await connect(), await connect(), await connect()];
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM bracelets WHERE uid = $1 FOR UPDATE', [x.uid]);
        const p1 = first
          .query(
            PAY_SQL,
            params([
              { bracelet: x.uid, amount: 100, id: 'fn-dl-1' },
              { bracelet: y.uid, amount: 100, id: 'fn-dl-2' },
            ]),
          )
          .then(
            () => 'ok',
            (err: { code?: string }) => err.code,
          );
        await lockWaiters(1);
        const p2 = second
          .query(
            PAY_SQL,
            params([
              { bracelet: y.uid, amount: 10, id: 'fn-dl-3' },
              { bracelet: x.uid, amount: 10, id: 'fn-dl-4' },
            ]),
          )
          .then(
            () => 'ok',
            (err: { code?: string }) => err.code,
          );
        await lockWaiters(2);
        await holder.query('COMMIT');
        const outcomes = await Promise.all([p1, p2]);
        expect([...outcomes].sort()).toEqual(['40P01', 'ok']);
        const amount = outcomes[0] === 'ok' ? 100 : 10;
        expect(await wallet(x.walletId)).toEqual({ balance_cents: 1000 - amount, online_cents: 0 });
        expect(await wallet(y.walletId)).toEqual({ balance_cents: 1000 - amount, online_cents: 0 });
        const { n } = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM station_submissions
          WHERE station_id = ${stationId} AND client_id LIKE 'fn-dl-%'`);
        expect(n).toBe(2);
      } finally {
        await Promise.all([holder.end(), first.end(), second.end()]);
      }
    },
  );
});

describe('checkin_scan_batch', () => {
  let deviceId: number;
  let typeId: number;
  const key = 'fn-device-key-hash';
  const day = '2026-07-10';
  let seq = 0;

  beforeAll(async () => {
    deviceId = await idOf(sql`INSERT INTO checkin_devices (event_id, name, key_hash)
      VALUES (${eventId}, 'fn gate', ${key}) RETURNING id`);
    typeId = await newTicketType(100);
  });

  async function ticket(state = 'active') {
    seq += 1;
    const token = `fn-token-${Date.now()}-${seq}`;
    const id = await idOf(sql`INSERT INTO customer_tickets (token, event_id, ticket_type_id, state)
      VALUES (${token}, ${eventId}, ${typeId}, ${state}) RETURNING id`);
    return { id, token };
  }
  interface Scan {
    token: string;
    nonce: string;
    type?: number;
    day?: string | null;
    reason?: string | null;
    key?: string;
  }
  interface Row {
    device_ok: boolean;
    result: string | null;
    checkin_id: number | null;
    mismatch: boolean;
  }
  function params(items: Scan[]) {
    const at = new Date().toISOString();
    return [
      items.map(() => deviceId),
      items.map((s) => s.key ?? key),
      items.map((s) => s.nonce),
      items.map(() => eventId),
      items.map((s) => s.type ?? typeId),
      items.map(() => null),
      items.map((s) => s.token),
      items.map((s) => (s.day === undefined ? day : s.day)),
      items.map(() => at),
      items.map(() => false),
      items.map((s) => `hash:${s.token}`),
      items.map((s) => s.reason ?? null),
    ];
  }
  const SCAN_SQL = `SELECT * FROM checkin_scan_batch($1::int[], $2::text[], $3::text[], $4::int[],
    $5::int[], $6::int[], $7::text[], $8::text[], $9::timestamptz[], $10::boolean[], $11::text[], $12::text[])`;
  const call = (items: Scan[]) => rawRows<Row>(SCAN_SQL, params(items));

  it('records each scan with its own result, valid and invalid mixed in one batch', async () => {
    const valid = await ticket();
    const other = await ticket();
    const mismatched = await ticket();
    const canceled = await ticket('canceled');
    const revoked = await ticket();
    await rows(
      sql`INSERT INTO revoked_tokens (token, ticket_id, reason) VALUES ('fn-revoked-token', ${revoked.id}, 'transfer')`,
    );
    const res = await call([
      { token: valid.token, nonce: 'fn-n1' },
      { token: valid.token, nonce: 'fn-n2' },
      { token: other.token, nonce: 'fn-n1' }, // the device already used this nonce
      { token: 'fn-unknown-token', nonce: 'fn-n3' },
      { token: 'fn-revoked-token', nonce: 'fn-n4' },
      { token: mismatched.token, nonce: 'fn-n5', type: typeId + 1000 },
      { token: canceled.token, nonce: 'fn-n6' },
      { token: other.token, nonce: 'fn-n7', day: null, reason: 'not_today' },
      { token: other.token, nonce: 'fn-n8', key: 'not-the-key' },
    ]);
    expect(res.map((r) => [r.device_ok, r.result, r.checkin_id !== null, r.mismatch])).toEqual([
      [true, 'ok', true, false],
      [true, 'already_used', false, false],
      [true, null, false, false],
      [true, 'unknown', false, false],
      [true, 'revoked', false, false],
      [true, null, false, true],
      [true, 'canceled', false, false],
      [true, 'not_today', false, false],
      [false, null, false, false],
    ]);
    const checkins = await rows<{ id: number; ticket_id: number; day: string; nonce: string }>(
      sql`SELECT id, ticket_id, day, nonce FROM checkins WHERE device_id = ${deviceId} ORDER BY id`,
    );
    expect(checkins).toEqual([{ id: res[0]!.checkin_id, ticket_id: valid.id, day, nonce: 'fn-n1' }]);
    const scans = await rows<{ nonce: string; ticket_id: number | null; result: string }>(
      sql`SELECT nonce, ticket_id, result FROM checkin_scans WHERE device_id = ${deviceId} ORDER BY id`,
    );
    expect(scans).toEqual([
      { nonce: 'fn-n1', ticket_id: valid.id, result: 'ok' },
      { nonce: 'fn-n2', ticket_id: valid.id, result: 'already_used' },
      { nonce: 'fn-n3', ticket_id: null, result: 'unknown' },
      { nonce: 'fn-n4', ticket_id: revoked.id, result: 'revoked' },
      { nonce: 'fn-n6', ticket_id: canceled.id, result: 'canceled' },
      { nonce: 'fn-n7', ticket_id: other.id, result: 'not_today' },
    ]);
  });

  it("records the caller's reason for a scan without a token, with no ticket, beside a normal scan", async () => {
    // the general path (check-in-ticket.service.ts) found no ticket to read: an unreadable,
    // forged or other event's token
    const valid = await ticket();
    const p = params([
      { token: valid.token, nonce: 'fn-nt1', day: null, reason: 'wrong_event' },
      { token: valid.token, nonce: 'fn-nt2' },
    ]);
    (p[6] as (string | null)[])[0] = null;
    const res = await rawRows<Row>(SCAN_SQL, p);
    expect(res.map((r) => [r.device_ok, r.result, r.checkin_id !== null, r.mismatch])).toEqual([
      [true, 'wrong_event', false, false],
      [true, 'ok', true, false],
    ]);
    const scans = await rows<{ nonce: string; ticket_id: number | null; result: string }>(
      sql`SELECT nonce, ticket_id, result FROM checkin_scans
        WHERE device_id = ${deviceId} AND nonce LIKE 'fn-nt%' ORDER BY id`,
    );
    expect(scans).toEqual([
      { nonce: 'fn-nt1', ticket_id: null, result: 'wrong_event' },
      { nonce: 'fn-nt2', ticket_id: valid.id, result: 'ok' },
    ]);
  });

  it.skipIf(!onPostgres)(
    'two batches admitting the same tickets in opposite order: a deadlock fails one call whole, which wrote nothing',
    async () => {
      // the callers sort a batch by token (checkin.repository.ts inLockOrder); when a deadlock
      // still happens, the aborted call wrote nothing and its scans run one per call
      const [x, y, w] = [await ticket(), await ticket(), await ticket()];
      const [holder, first, second] = [await connect(), await connect(), await connect()];
      try {
        // the holder's uncommitted admission of w stops the first batch after it admitted x;
        // the second admits y, then waits for x; the holder gives w up: the first admits w,
        // then waits for y
        await holder.query('BEGIN');
        await holder.query(
          `INSERT INTO checkins (ticket_id, day, device_id, nonce, scanned_at) VALUES ($1, $2, $3, 'fn-hold', now())`,
          [w.id, day, deviceId],
        );
        const settle = (p: Promise<unknown>) =>
          p.then(
            () => 'ok',
            (err: { code?: string }) => err.code,
          );
        const p1 = settle(
          first.query(
            SCAN_SQL,
            params([
              { token: x.token, nonce: 'fn-dl-1' },
              { token: w.token, nonce: 'fn-dl-1w' },
              { token: y.token, nonce: 'fn-dl-2' },
            ]),
          ),
        );
        await lockWaiters(1);
        const p2 = settle(
          second.query(
            SCAN_SQL,
            params([
              { token: y.token, nonce: 'fn-dl-3' },
              { token: x.token, nonce: 'fn-dl-4' },
            ]),
          ),
        );
        await lockWaiters(2);
        await holder.query('ROLLBACK');
        const outcomes = await Promise.all([p1, p2]);
        expect([...outcomes].sort()).toEqual(['40P01', 'ok']);
        const won = outcomes[0] === 'ok' ? ['fn-dl-1', 'fn-dl-1w', 'fn-dl-2'] : ['fn-dl-3', 'fn-dl-4'];
        const admitted = await rows<{ nonce: string }>(
          sql`SELECT nonce FROM checkins WHERE ticket_id IN (${x.id}, ${y.id}, ${w.id}) ORDER BY nonce`,
        );
        expect(admitted.map((r) => r.nonce)).toEqual(won);
        const scans = await rows<{ nonce: string }>(
          sql`SELECT nonce FROM checkin_scans WHERE nonce LIKE 'fn-dl-%' ORDER BY nonce`,
        );
        expect(scans.map((r) => r.nonce)).toEqual(won);
      } finally {
        await Promise.all([holder.end(), first.end(), second.end()]);
      }
    },
  );
});

describe('wallet_online_debit', () => {
  it('takes money loaded at the event first, then online money, never more than the consumption', async () => {
    const cases: [balance: number, online: number, amount: number, online_debit: number][] = [
      [1000, 800, 100, 0], // within the event money
      [1000, 800, 200, 0], // exactly the event money
      [1000, 800, 300, 100], // the event money, then online money
      [1000, 800, 1000, 800], // the whole wallet
      [500, 500, 300, 300], // online money only
      [500, 0, 300, 0], // event money only
      [0, 0, 0, 0],
    ];
    const res = await rawRows<{ n: number }>(
      `SELECT wallet_online_debit(b, o, a) AS n
      FROM unnest($1::int[], $2::int[], $3::int[]) WITH ORDINALITY AS x(b, o, a, i) ORDER BY i`,
      [cases.map((c) => c[0]), cases.map((c) => c[1]), cases.map((c) => c[2])],
    );
    expect(res.map((r) => r.n)).toEqual(cases.map((c) => c[3]));
  });
});
