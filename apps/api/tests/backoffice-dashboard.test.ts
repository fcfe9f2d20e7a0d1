/**
 * The live event dashboard (issue 27 item 1): its figures to the cent after a paid order
 * (tickets and an online top-up), a door check-in, a cash top-up and a bar sale; who may read
 * it and which figures; the server-sent event stream on a real listening server (a snapshot at
 * once, another after a change, a cap per user, and a server close that an open stream does
 * not hold up).
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_STREAMS_PER_USER,
  dashboardSnapshot,
  type DashboardSnapshot,
} from '@bilheteira/shared/schemas/backoffice-dashboard';
import { checkinDevices, customerTickets, organizers, ticketTypes } from '../src/db/schema/index';
import { sha256 } from '../src/lib/crypto';
import { buildApp } from '../src/app';
import type { DbOrTx } from '../src/db/client';
import {
  capacityCounters,
  checkinCounts,
  dashboardVersion,
  devicesAndStations,
  paidTicketSales,
  ticketTypeCounters,
} from '../src/modules/event-dashboard/event-dashboard.repository';
import {
  eventLedgerTotals,
  eventRefundTotals,
  eventWalletTotals,
} from '../src/modules/wallet/wallet.repository';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, DEMO, injectAs, login, type TestApp } from './helpers';
import { DOOR_KEY, eventIdOf, festivalStartsToday } from './tickets.fixtures';

let t: TestApp;
let orgA: number;
let festival: number;
let owner: StaffSession;
const url = () => `/api/backoffice/organizers/${orgA}/events/${festival}/dashboard`;

async function dashboard(who: StaffSession, path = url()) {
  const res = await asStaff(t, who, { method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSnapshot.parse(res.json().data);
}

const iso = () => new Date().toISOString();
const station = (key: string, tx: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: { 'x-station-key': key },
    payload: { transactions: [{ id: randomUUID(), occurred_at: iso(), ...tx }] },
  });

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  festival = await eventIdOf(t, 'festival-demo');
  await festivalStartsToday(t);
  owner = await staffAs(t, { role: 'owner', organizerId: orgA });
});
afterAll(() => t.close());

describe('GET …/events/:eventId/dashboard', () => {
  it('counts a paid order, a check-in, top-ups and a bar sale, to the cent', async () => {
    const before = await dashboard(owner);
    expect(before.money).toBe(true);
    const dayPass = before.tickets.types.find((x) => x.name === 'Bilhete diário — dia 1')!;

    // Ana buys two day tickets and tops her wallet up online in the same order, paid by card
    const ana = await login(t.app, DEMO.ana);
    const created = await injectAs(t.app, ana, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: festival,
        include_cart: false,
        items: [{ ticket_id: dayPass.id, qty: 2 }],
        topup_cents: 2000,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().data.id as number;
    const paid = await injectAs(t.app, ana, {
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Ana Silva' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json().data.order as { status: string; subtotal_cents: number; topup_cents: number };
    expect(order.status).toBe('paid');
    expect(order.topup_cents).toBe(2000);
    // the subtotal holds the top-up line too: the tickets are the rest
    const ticketsCents = order.subtotal_cents - order.topup_cents;
    const [price] = await t.database.db
      .select({ cents: ticketTypes.priceCents })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, dayPass.id));
    expect(ticketsCents).toBe(2 * price!.cents);

    // one of the tickets through the door
    const [ticket] = await t.database.db
      .select({ token: customerTickets.token })
      .from(customerTickets)
      .where(eq(customerTickets.orderId, orderId));
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: { 'x-device-key': DOOR_KEY },
      payload: { token: ticket!.token, nonce: randomUUID() },
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const [gate] = await t.database.db
      .select()
      .from(checkinDevices)
      .where(eq(checkinDevices.keyHash, sha256(DOOR_KEY)));

    // 10 € loaded in cash on a spare bracelet, then a 4,50 € bar sale on Ana's bracelet
    const topup = await station(DEMO_STATION_KEYS.topup, {
      bracelet: DEMO_BRACELETS.spare[5]!.code,
      type: 'topup',
      amount_cents: 1000,
    });
    expect(topup.json().data.results[0].status, topup.body).toBe('accepted');
    const sale = await station(DEMO_STATION_KEYS.bar, {
      bracelet: DEMO_BRACELETS.ana.code,
      type: 'consumption',
      amount_cents: 450,
    });
    expect(sale.json().data.results[0].status, sale.body).toBe('accepted');

    const after = await dashboard(owner);
    const type = (s: DashboardSnapshot) => s.tickets.types.find((x) => x.id === dayPass.id)!;
    expect(type(after).sold - type(before).sold).toBe(2);
    expect(type(after).revenue_cents! - type(before).revenue_cents!).toBe(ticketsCents);
    expect(after.tickets.sold - before.tickets.sold).toBe(2);
    expect(after.tickets.revenue_cents! - before.tickets.revenue_cents!).toBe(ticketsCents);
    const today = after.checkins.today;
    const salesOf = (s: DashboardSnapshot) => s.sales_by_day.find((d) => d.day === today);
    expect(salesOf(after)!.tickets - (salesOf(before)?.tickets ?? 0)).toBe(2);
    expect(salesOf(after)!.revenue_cents! - (salesOf(before)?.revenue_cents ?? 0)).toBe(ticketsCents);

    expect(after.checkins.inside_now - before.checkins.inside_now).toBe(1);
    expect(after.checkins.total - before.checkins.total).toBe(1);
    const gateOf = (s: DashboardSnapshot) => s.checkins.gates.find((g) => g.id === gate!.id)!;
    expect(gateOf(after).name).toBe(gate!.name);
    expect(gateOf(after).checkins - gateOf(before).checkins).toBe(1);
    const quarter = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
    const bucket = (s: DashboardSnapshot) =>
      s.checkins.buckets.find((b) => b.at === quarter && b.gate_id === gate!.id)?.checkins ?? 0;
    // the scan and this reading may fall on either side of a quarter's end
    expect(bucket(after) - bucket(before)).toBeLessThanOrEqual(1);
    expect(
      after.checkins.buckets.filter((b) => b.gate_id === gate!.id).reduce((n, b) => n + b.checkins, 0),
    ).toBe(gateOf(after).checkins);

    const w0 = before.wallet!;
    const w1 = after.wallet!;
    expect(w1.topup_online_cents - w0.topup_online_cents).toBe(2000);
    expect(w1.topup_onsite_cents - w0.topup_onsite_cents).toBe(1000);
    expect(w1.spend_cents - w0.spend_cents).toBe(450);
    expect(w1.float_cents - w0.float_cents).toBe(2000 + 1000 - 450);
    expect(w1.wallets - w0.wallets).toBe(1);
    const stationOf = (s: DashboardSnapshot, name: string) =>
      s.wallet!.stations.find((x) => x.name === name)!;
    expect(
      stationOf(after, 'Bar Palco Principal').spend_cents -
        stationOf(before, 'Bar Palco Principal').spend_cents,
    ).toBe(450);
    expect(
      stationOf(after, 'Ponto de Carregamento').topup_cents -
        stationOf(before, 'Ponto de Carregamento').topup_cents,
    ).toBe(1000);
    // the float is the sum of what was loaded less what was spent and paid back, for the whole event
    const stations = w1.stations;
    expect(stations.reduce((n, s) => n + s.spend_cents, 0)).toBe(w1.spend_cents);
  });

  it('shows counts to events.view and money only to finance.view', async () => {
    const viewer = await staffAs(t, { role: 'viewer', organizerId: orgA });
    const counts = await dashboard(viewer);
    expect(counts.money).toBe(false);
    expect(counts.wallet).toBeNull();
    expect(counts.tickets.revenue_cents).toBeNull();
    expect(counts.tickets.types.every((x) => x.revenue_cents === null)).toBe(true);
    expect(counts.sales_by_day.every((d) => d.revenue_cents === null)).toBe(true);
    expect(counts.tickets.sold).toBeGreaterThan(0);
    const finance = await dashboard(await staffAs(t, { role: 'finance', organizerId: orgA }));
    expect(finance.money).toBe(true);
    expect(finance.wallet!.float_cents).toBeGreaterThan(0);
    expect(finance.tickets.sold).toBe(counts.tickets.sold);
  });

  it('refuses without a session (401), without events.view (403) and for another organiser (404)', async () => {
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${url()}/stream` })).statusCode).toBe(401);
    const door = await staffAs(t, { role: 'door_staff', organizerId: orgA });
    expect((await asStaff(t, door, { method: 'GET', url: url() })).statusCode).toBe(403);
    const orgB = await newOrganizer(t);
    const ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
    expect((await asStaff(t, ownerB, { method: 'GET', url: url() })).statusCode).toBe(404);
    // their own organiser's path with festival's id: not their event
    const foreign = `/api/backoffice/organizers/${orgB}/events/${festival}/dashboard`;
    expect((await asStaff(t, ownerB, { method: 'GET', url: foreign })).statusCode).toBe(404);
    expect((await asStaff(t, ownerB, { method: 'GET', url: `${foreign}/stream` })).statusCode).toBe(404);
  });
});

/** Tables that grow with sales, entries and the bar: never read whole. */
const BIG_TABLES = [
  'orders',
  'order_lines',
  'customer_tickets',
  'checkins',
  'checkin_scans',
  'wallets',
  'wallet_transactions',
  'refund_requests',
];

describe("the dashboard's reads", () => {
  it('reach every big table through an index (EXPLAIN with sequential scans priced out)', async () => {
    const plans: { query: string; plan: unknown }[] = [];
    // the first column of each index: a condition on a later one walks the whole index
    const indexes = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    const leading = new Map(
      indexes.rows.map((r) => [r.indexname, /USING \w+ \("?(\w+)"?/.exec(r.indexdef)?.[1] ?? '']),
    );
    await t.database.db.transaction(async (tx) => {
      // a test database is small enough that a sequential scan is cheapest everywhere; priced
      // out, one is still chosen only where no index can serve the read
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = {
        execute: async (query: SQL) => {
          const res = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
            rows: Record<string, unknown>[];
          };
          plans.push({ query: JSON.stringify(query.queryChunks).slice(0, 120), plan: res.rows[0] });
          return { rows: [{}] };
        },
      } as unknown as DbOrTx;
      await Promise.all([
        ticketTypeCounters(explaining, festival),
        paidTicketSales(explaining, festival, 'Europe/Lisbon'),
        capacityCounters(explaining, festival),
        checkinCounts(explaining, festival, 900),
        devicesAndStations(explaining, festival),
        dashboardVersion(explaining, festival),
        eventWalletTotals(explaining, festival),
        eventLedgerTotals(explaining, festival),
        eventRefundTotals(explaining, festival),
      ]);
    });
    expect(plans).toHaveLength(9);
    /**
     * Scans of a big table that read it whole: a sequential scan, or an index walked without a
     * condition on its first column, except the one step of a max(id) under a Limit.
     */
    const wholeReads = (node: unknown, parent = ''): string[] => {
      if (!node || typeof node !== 'object') return [];
      const n = node as Record<string, unknown>;
      const type = String(n['Node Type'] ?? '');
      const table = BIG_TABLES.find(
        (b) => n['Relation Name'] === b || String(n['Index Name'] ?? '').startsWith(`${b}_`),
      );
      const first = leading.get(String(n['Index Name'] ?? ''));
      const indexed = !!first && new RegExp(`\\b${first} [=<>]`).test(String(n['Index Cond'] ?? ''));
      const whole =
        table &&
        (type === 'Seq Scan' ||
          (/^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(type) && !indexed && parent !== 'Limit'));
      const children = Object.values(n).flatMap((v) =>
        Array.isArray(v) ? v.flatMap((c) => wholeReads(c, type)) : wholeReads(v, type),
      );
      return whole ? [`${type} ${table}`, ...children] : children;
    };
    for (const { query, plan } of plans) expect(wholeReads(plan), query).toEqual([]);
  });
});

/** Reads server-sent events from a fetch answer: each `event: snapshot` as parsed JSON. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const comments: string[] = [];
  return {
    comments,
    /** the next snapshot, or throws after `ms` */
    async next(ms = 8_000): Promise<DashboardSnapshot> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          comments.push(...lines.filter((l) => l.startsWith(':')));
          if (lines.includes('event: snapshot'))
            return dashboardSnapshot.parse(JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)));
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no snapshot in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no snapshot in time')), left)),
        ]);
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    /** resolves when the server ends the stream */
    async ended(ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      for (;;) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('stream still open')), deadline - Date.now()),
          ),
        ]);
        if (chunk.done) return;
      }
    },
  };
}

describe('GET …/dashboard/stream (server-sent events)', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const open = (who: StaffSession, signal?: AbortSignal) =>
    fetch(`${base}${url()}/stream`, { headers: { cookie: `bh_staff=${who.cookie}` }, signal });

  it('sends the figures at once, then again after a change, without a request', async () => {
    const abort = new AbortController();
    const res = await open(owner, abort.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const stream = sseReader(res);
    const first = await stream.next();
    expect(first.event.id).toBe(festival);
    const sale = await station(DEMO_STATION_KEYS.bar, {
      bracelet: DEMO_BRACELETS.ana.code,
      type: 'consumption',
      amount_cents: 120,
    });
    expect(sale.json().data.results[0].status, sale.body).toBe('accepted');
    const second = await stream.next();
    expect(second.wallet!.spend_cents - first.wallet!.spend_cents).toBe(120);
    expect(second.wallet!.float_cents - first.wallet!.float_cents).toBe(-120);
    abort.abort();
  });

  it('gives a reader without finance.view the figures without money', async () => {
    const abort = new AbortController();
    const viewer = await staffAs(t, { role: 'viewer', organizerId: orgA });
    const stream = sseReader(await open(viewer, abort.signal));
    const first = await stream.next();
    expect(first.money).toBe(false);
    expect(first.wallet).toBeNull();
    abort.abort();
  });

  it(`holds ${DASHBOARD_STREAMS_PER_USER} streams per user at most (429), and frees them when closed`, async () => {
    const user = await staffAs(t, { role: 'viewer', organizerId: orgA });
    const aborts = Array.from({ length: DASHBOARD_STREAMS_PER_USER }, () => new AbortController());
    for (const a of aborts) expect((await open(user, a.signal)).status).toBe(200);
    const refused = await open(user);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('dashboard_too_many_streams');
    for (const a of aborts) a.abort();
    // the server sees the connections close and frees the room
    for (let i = 0; i < 50; i++) {
      const again = await open(user);
      if (again.status === 200) {
        await again.body!.cancel();
        return;
      }
      await again.body?.cancel();
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the closed streams were never freed');
  });

  it('ends open streams when the server closes, so the close does not wait for them', async () => {
    // a second instance of the app on the same database, closed while a stream is open
    const other = await buildApp(t.config, t.database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.server.address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}${url()}/stream`, {
      headers: { cookie: `bh_staff=${owner.cookie}` },
    });
    const stream = sseReader(res);
    await stream.next();
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await stream.ended();
  });
});
