import { randomInt, randomUUID } from 'node:crypto';
import type { LoadSpec } from './http-load';
import {
  BENCH_BUYERS,
  BENCH_CUSTOMERS,
  benchBuyerToken,
  BENCH_DOORS,
  BENCH_EVENT_SLUG,
  BENCH_PASSWORD,
  BENCH_STATION_KEY,
  BENCH_WALLETS,
  benchBraceletUid,
  benchDoorKey,
  benchMobile,
} from './setup';

/** Which baseline of the same run a scenario is compared with. */
export type BaselineName = 'bare' | 'row1' | 'row100' | 'bareRow1' | 'bareRow100';

export interface ScenarioContext {
  appUrl: string;
  /** paths of the app's OpenAPI document, e.g. "POST /api/carts/add-item" */
  routes: Set<string>;
  driver: 'postgres' | 'pglite';
  /** a fresh bearer token of bench customer i (logged in through the API) */
  token(i: number): Promise<string>;
  /** signed, unused tickets of the bench event (consumed by the check-in scenario) */
  tickets: string[];
  json<T>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T }>;
}

export interface Prepared {
  spec: LoadSpec;
  note?: string;
  connections?: number;
}

export interface Scenario {
  name: string;
  title: string;
  baseline: BaselineName;
  /** the route the scenario needs ("METHOD /path" as in the OpenAPI document) */
  route: string;
  /** answers the load, or a string saying why the scenario is skipped */
  prepare(ctx: ScenarioContext): Promise<Prepared | string>;
}

/** A client address per request: the app trusts X-Forwarded-For from 127.0.0.1 in the bench. */
export const randomClientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const visitorId = () => `${randomInt(1_000_000, 10_000_000)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

interface EventDetail {
  id: number;
  slug: string;
  is_session: boolean;
  ticket_types: { id: number; available: number; on_sale: boolean; min_per_order: number }[];
  sessions: { id: number; date: string; hour: string; availability: Record<string, number> }[];
}

export const scenarios: Scenario[] = [
  {
    name: 'event-detail',
    title: 'GET /api/events/festival-demo',
    baseline: 'bare',
    route: 'GET /api/events/{slug}',
    async prepare() {
      return { spec: { method: 'GET', path: () => '/api/events/festival-demo' } };
    },
  },
  {
    name: 'event-search',
    title: 'GET /api/events?search=fest',
    baseline: 'bare',
    route: 'GET /api/events',
    async prepare() {
      return { spec: { method: 'GET', path: () => '/api/events?search=fest' } };
    },
  },
  {
    name: 'login',
    title: 'POST /api/customers/login-password',
    baseline: 'bare',
    route: 'POST /api/customers/login-password',
    async prepare() {
      let i = 0;
      return {
        note: 'argon2id m=19 MiB t=2 p=1 per login (by design); 40 bench accounts, client IPs spread via X-Forwarded-For so the per-IP limit does not turn it into a 429 test',
        spec: {
          method: 'POST',
          path: () => '/api/customers/login-password',
          headers: () => ({ 'x-forwarded-for': randomClientIp() }),
          body: () => {
            const mobile = benchMobile(i++ % BENCH_CUSTOMERS);
            return { mobile_country_code: '351', mobile, login: mobile, password: BENCH_PASSWORD };
          },
        },
      };
    },
  },
  {
    name: 'add-to-cart',
    title: 'POST /api/carts/add-item',
    baseline: 'bare',
    route: 'POST /api/carts/add-item',
    async prepare(ctx) {
      const ev = await ctx.json<{ data: EventDetail }>('GET', '/api/events/concerto-demo');
      const type = ev.body.data?.ticket_types.find((t) => t.on_sale && t.available > 0);
      if (!type) return 'concerto-demo has no ticket type on sale';
      return {
        note: 'a new visitor (Visitor-Id) per request: each creates a cart and a line',
        spec: {
          method: 'POST',
          path: () => '/api/carts/add-item',
          headers: () => ({ 'visitor-id': visitorId() }),
          body: () => ({
            ticket_id: type.id,
            event_id: ev.body.data.id,
            amount: Math.max(1, type.min_per_order),
          }),
        },
      };
    },
  },
];

/**
 * A checkout scenario. `connections` (on-sale variants) overrides BENCH_CONNECTIONS: an
 * on-sale has thousands of buyers at once, and natural batching (lib/batcher.ts) is built for
 * them; the raw ceilings stay at their 16 connections, which is their best (the 100-row
 * statement measured the same with 8, 16, 32 and 64 connections, the one-row statement
 * less with more).
 */
function checkout(name: string, title: string, spread: boolean, connections?: number): Scenario {
  return {
    name,
    title,
    baseline: spread ? 'row100' : 'row1',
    route: 'POST /api/orders',
    async prepare(ctx) {
      const ev = await ctx.json<{ data: EventDetail }>('GET', `/api/events/${BENCH_EVENT_SLUG}`);
      const types = ev.body.data?.ticket_types ?? [];
      if (types.length < 100) return `bench event answered ${ev.status} with ${types.length} ticket types`;
      let n = 0;
      return {
        connections,
        note: `pending order reserving 1 ticket of ${spread ? 'a random one of 100 types' : 'one hot type'}; a buyer per order (${BENCH_BUYERS} in turn), Idempotency-Key per request${connections ? `; ${connections} HTTP connections` : ''}`,
        spec: {
          method: 'POST',
          path: () => '/api/orders',
          headers: () => ({
            authorization: `Bearer ${benchBuyerToken(n++ % BENCH_BUYERS)}`,
            'idempotency-key': randomUUID(),
            // spread so the per-address order limit is not what is measured
            'x-forwarded-for': randomClientIp(),
          }),
          body: () => ({
            event_id: ev.body.data.id,
            // the bench event is private: ordered with its link
            event_slug: BENCH_EVENT_SLUG,
            include_cart: false,
            items: [{ ticket_id: types[spread ? randomInt(types.length) : 0]!.id, qty: 1 }],
          }),
        },
      };
    },
  };
}

function stationPayments(name: string, title: string, spread: boolean): Scenario {
  return {
    name,
    title,
    baseline: 'row100',
    route: 'POST /api/stations/transactions',
    async prepare() {
      return {
        note: `one 1.00 EUR consumption per request on ${spread ? `a random one of ${BENCH_WALLETS.toLocaleString('en')} bracelets` : 'one hot bracelet'} (demo-style station key)`,
        spec: {
          method: 'POST',
          path: () => '/api/stations/transactions',
          headers: () => ({ 'x-station-key': BENCH_STATION_KEY }),
          body: () => ({
            transactions: [
              {
                id: randomUUID(),
                bracelet_uid: benchBraceletUid(spread ? 1 + randomInt(BENCH_WALLETS) : 1),
                type: 'consumption',
                amount_cents: 100,
                occurred_at: new Date().toISOString(),
              },
            ],
          }),
          classify: (status, body) => {
            if (status !== 200) return String(status);
            try {
              const d = (JSON.parse(body) as { data: { accepted: number; results: { reason?: string }[] } })
                .data;
              return d.accepted === 1 ? 'ok' : (d.results[0]?.reason ?? 'rejected');
            } catch {
              return 'bad_json';
            }
          },
        },
      };
    },
  };
}

scenarios.push(
  checkout('checkout-hot', 'POST /api/orders — one hot ticket type', false),
  checkout('checkout-spread', 'POST /api/orders — spread over 100 types', true),
  checkout('checkout-hot-onsale', 'POST /api/orders — one hot type, 64 clients', false, 64),
  checkout('checkout-spread-onsale', 'POST /api/orders — 100 types, 64 clients', true, 64),
  {
    name: 'checkin',
    title: 'POST /api/checkin — door scans',
    baseline: 'row100',
    route: 'POST /api/checkin',
    async prepare(ctx) {
      let n = 0;
      return {
        note: `each scan admits a fresh signed ticket (${ctx.tickets.length.toLocaleString('en')} prepared; once used up scans answer already_used), over ${BENCH_DOORS} door devices`,
        spec: {
          method: 'POST',
          path: () => '/api/checkin',
          headers: () => ({ 'x-device-key': benchDoorKey(1 + (n % BENCH_DOORS)) }),
          body: () => ({ token: ctx.tickets[n++ % ctx.tickets.length], nonce: randomUUID() }),
          classify: (status, body) => {
            if (status !== 200) return String(status);
            try {
              const d = (JSON.parse(body) as { data: { ok: boolean; result: string } }).data;
              return d.ok ? 'ok' : d.result;
            } catch {
              return 'bad_json';
            }
          },
        },
      };
    },
  },
  stationPayments('station-hot', 'POST /api/stations/transactions — one hot wallet', false),
  stationPayments('station-spread', 'POST /api/stations/transactions — 10,000 wallets', true),
);

export const uuid = () => randomUUID();
