import { randomInt, randomUUID } from 'node:crypto';
import type { LoadSpec } from './http-load';
import { BENCH_CUSTOMERS, BENCH_PASSWORD, benchMobile } from './setup';

/** Which baseline of the same run a scenario is compared with. */
export type BaselineName = 'bare' | 'row1' | 'row100' | 'bareRow1';

export interface ScenarioContext {
  appUrl: string;
  /** paths of the app's OpenAPI document, e.g. "POST /api/carts/add-item" */
  routes: Set<string>;
  driver: 'postgres' | 'pglite';
  /** a fresh bearer token of bench customer i (logged in through the API) */
  token(i: number): Promise<string>;
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
const visitorId = () => String(randomInt(1e15, 9e15));

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
            session_id: null,
            session_date: null,
            session_hour: null,
            event_id: ev.body.data.id,
            amount: Math.max(1, type.min_per_order),
          }),
        },
      };
    },
  },
];

export const uuid = () => randomUUID();
