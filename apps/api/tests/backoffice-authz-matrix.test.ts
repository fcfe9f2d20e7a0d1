/**
 * Back-office authorisation matrix (DESIGN §2b, issue 26 "Bad input and abuse"): every route
 * under /api/backoffice × every role (the nine presets, a platform operator, no session) ×
 * own / other organiser. Routes are read from Fastify's own route table (printRoutes), so a
 * route landed later is called without editing this file; an organiser route must also be
 * given its permission below, or the test fails and says which route to classify.
 *
 * Asserted: no session → 401; another organiser's path or ids → 404; a role without the
 * route's permission → 403 or 404, never 2xx; a role with it is never refused (401/403);
 * door staff cannot change prices; nothing answers 5xx. Public routes (sign-in, invitations)
 * are listed as exceptions. Users and sessions are made once (backoffice-sessions.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleHas, type Permission, type Role } from '@bilheteira/shared/backoffice-roles';
import {
  accessCodes,
  capacityGroupMembers,
  capacityGroups,
  events,
  orders,
  organizerRequests,
  organizers,
  promoCodes,
  staffInvitations,
  ticketTypes,
} from '../src/db/schema/index';
import { DEMO_PENDING_REQUEST_EMAIL, DEMO_STAFF } from '../src/seed/staff.seed';
import { asStaff, newOrganizer, signInWithTotp, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

interface Route {
  method: string;
  /** e.g. /api/backoffice/organizers/:organizerId/events/:eventId */
  path: string;
}

/** Every route of the app, from Fastify's route table (`printRoutes` tree, joined back into paths). */
export function routeTable(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth] = m[2]!;
    // two routes naming one parameter differently print as ":a|:b"; either name will do
    const path = stack.join('').replace(/(:\w+)(\|:\w+)+/g, '$1');
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') out.push({ method, path });
  }
  return out;
}

/** Public by design: they start a session or an account. */
const PUBLIC = [
  'POST /api/backoffice/auth/login',
  'GET /api/backoffice/invitations/:token',
  'POST /api/backoffice/invitations/:token/accept',
];
/** Need a session but no organiser: the user's own account. */
const SELF = /^(GET|POST|DELETE) \/api\/backoffice\/(auth\/|invitations\/:token\/join$)/;
/** Platform operators only. */
const OPERATOR = /^\S+ \/api\/backoffice\/operator\//;

/** The permission each organiser route needs (first match). A new route must be added here. */
const PERMISSION_OF: [RegExp, Permission][] = [
  [/^GET .*\/:organizerId\/payouts(\/events\/:eventId|\/export)?$/, 'finance.view'],
  [/^\S+ .*\/:organizerId\/refunds\/payments(\/:paymentId\/retry)?$/, 'orders.refund'],
  [/^\S+ \/api\/backoffice\/organizers\/:organizerId\/(api-keys|webhooks)(\/|$)/, 'organizer.settings'],
  [/^\S+ .*\/events\/:eventId\/(stations|bracelets)(\/|$)/, 'bar.manage'],
  [/^\S+ .*\/events\/:eventId\/products(\/:productId)?$/, 'bar.manage'],
  [/^GET .*\/events\/:eventId\/wallet\/reconciliation(\.csv)?$/, 'finance.view'],
  [/^\S+ .*\/events\/:eventId\/door\//, 'door.manage'],
  [/^GET \/api\/backoffice\/organizers\/:organizerId\/activity(\/actors)?$/, 'audit.view'],
  [/^\S+ .*\/events\/:eventId\/messages(\/preview)?$/, 'events.publish'],
  [/^POST .*\/events\/:eventId\/(publish|unpublish|postpone|cancel)$/, 'events.publish'],
  [/^GET .*\/events\/:eventId\/dashboard(\/stream)?$/, 'events.view'],
  [/^POST .*\/sessions\/:sessionId\/(postpone|cancel)$/, 'events.publish'],
  [/^GET .*\/events(\/:eventId(\/(preview|changes|image|capacity-groups))?)?$/, 'events.view'],
  [/^GET .*\/orders(\/:orderId)?$/, 'orders.view'],
  [/^GET .*\/events\/:eventId\/attendees(\/export)?$/, 'orders.view'],
  [/^POST .*\/orders\/:orderId\/resend$/, 'orders.refund'],
  [
    /^POST .*\/orders\/:orderId\/(refunds(\/:refundId\/retry)?|tickets\/:ticketId\/reassign)$/,
    'orders.refund',
  ],
  [/^\S+ .*\/:organizerId\/refunds(\/(decisions|sepa-export))?$/, 'orders.refund'],
  [/^\S+ .*\/(promo-codes|access-codes)(\/:codeId)?$/, 'events.edit'],
  [/^\S+ .*\/price-steps$/, 'events.edit'],
  [/^(POST|PATCH|PUT|DELETE) .*\/events(\/|$)/, 'events.edit'],
  [
    /^\S+ \/api\/backoffice\/organizers\/:organizerId\/(team|invitations(\/:invitationId)?|members\/:userId)$/,
    'team.manage',
  ],
];
const permissionOf = (r: Route) => PERMISSION_OF.find(([re]) => re.test(`${r.method} ${r.path}`))?.[1];

/** Bodies valid enough to pass validation where a route checks the caller after its body (preHandler). */
function sampleBody(r: Route, n: number): object | undefined {
  if (r.method === 'GET' || r.method === 'DELETE') return undefined;
  if (r.path.endsWith('/invitations')) return { email: `matrix-${n}@example.pt`, role: 'viewer' };
  if (r.path.endsWith('/members/:userId')) return { role: 'viewer' };
  if (r.path.endsWith('/approve')) return { nif: '123456789', iban: 'PT50000201231234567890154' };
  if (r.path.endsWith('/reject')) return { reason: 'Matrix test' };
  if (r.path.endsWith('/refunds/decisions')) return { ids: [2_147_483_646], decision: 'approve' };
  if (/\/(second-factor|totp\/enable)$/.test(r.path)) return { code: '000000' };
  return {};
}

let t: TestApp;
let routes: Route[];
let orgA: number;
let orgB: number;
const users = {} as Record<Role | 'operator', StaffSession>;
let owner: StaffSession;
const ids = {
  event: 0,
  session: 0,
  type: 0,
  promo: 0,
  access: 0,
  group: 0,
  member: 0,
  request: 0,
  eventB: 0,
  invitation: 0,
  order: 0,
  orderB: 0,
};
let n = 0;

function fill(path: string, organizerId: number, eventId: number, orderId = ids.order): string {
  const access = path.includes('/access-codes/');
  return path
    .replace(':organizerId', String(organizerId))
    .replace(':eventId', String(eventId))
    .replace(':orderId', String(orderId))
    .replace(':sessionId', String(ids.session))
    .replace(':paymentId', '1')
    .replace(':stationId', '1')
    .replace(/:(productId|braceletId)/, '1')
    .replace(':deviceId', '1')
    .replace(':listId', '1')
    .replace(/:(keyId|endpointId|deliveryId)/g, '1')
    .replace(/:(refundId|ticketId)/, '1')
    .replace(/:(typeId|ticketTypeId)/, String(ids.type))
    .replace(':codeId', String(access ? ids.access : ids.promo))
    .replace(':groupId', String(ids.group))
    .replace(':userId', String(ids.member))
    .replace(':invitationId', String(ids.invitation))
    .replace(':token', 'x'.repeat(32))
    .replace(/:id\b/, String(ids.request));
}

let listening: Promise<number> | undefined;
/**
 * A server-sent event stream (`…/stream`) never ends by itself, so inject would wait for ever:
 * it is called on a real connection (the app listening on a free port, one connection per
 * call so none is left open when the app closes), its status read, and hung up at once.
 */
async function callStream(url: string, who: StaffSession | null) {
  listening ??= t.app
    .listen({ port: 0, host: '127.0.0.1' })
    .then(() => (t.app.server.address() as AddressInfo).port);
  const port = await listening;
  return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
    const headers = who ? { cookie: `bh_staff=${who.cookie}` } : {};
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false, headers }, (res) => {
        const statusCode = res.statusCode ?? 0;
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          return resolve({ statusCode, body: '' });
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ statusCode, body }));
      })
      .on('error', reject);
  });
}

async function call(r: Route, url: string, who: StaffSession | null) {
  if (r.method === 'GET' && r.path.endsWith('/stream')) return callStream(url, who);
  const payload = sampleBody(r, ++n);
  const opts = { method: r.method as 'GET', url, ...(payload ? { payload } : {}) };
  return who ? asStaff(t, who, opts) : t.app.inject(opts);
}

beforeAll(async () => {
  // load shedding (503 when the event loop lags) is tested on its own: a loaded CI machine must
  // not turn an authorisation answer into a 503
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  routes = routeTable(t.app).filter((r) => r.path.startsWith('/api/backoffice'));
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  orgB = await newOrganizer(t);
  // the demo owner signs in for real (password + TOTP); the other users get sessions made directly
  owner = await signInWithTotp(t, DEMO_STAFF.owner);
  for (const role of ROLES)
    users[role] = role === 'owner' ? owner : await staffAs(t, { role, organizerId: orgA });
  users.operator = await staffAs(t, { operator: true });
  ids.member = (await staffAs(t, { role: 'viewer', organizerId: orgA })).userId;
  const teatro = (await t.app.inject({ url: '/api/events/teatro-demo' })).json().data;
  ids.event = teatro.id;
  ids.session = teatro.sessions.at(-1).id;
  ids.type = teatro.ticket_types[0].id;
  ids.promo = (
    await db
      .insert(promoCodes)
      .values({ organizerId: orgA, eventId: ids.event, code: 'MATRIX10', kind: 'percent', value: 1000 })
      .returning()
  )[0]!.id;
  ids.access = (
    await db
      .insert(accessCodes)
      .values({ eventId: ids.event, code: 'MATRIXKEY', ticketTypeIds: [ids.type] })
      .returning()
  )[0]!.id;
  ids.group = (
    await db.insert(capacityGroups).values({ eventId: ids.event, name: 'Matrix', capacity: 50 }).returning()
  )[0]!.id;
  await db.insert(capacityGroupMembers).values({ groupId: ids.group, ticketTypeId: ids.type });
  ids.invitation = (
    await db
      .insert(staffInvitations)
      .values({
        organizerId: orgA,
        email: 'matrix-invitation@example.pt',
        role: 'viewer',
        tokenHash: 'matrix-invitation-token-hash',
        invitedBy: null,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning()
  )[0]!.id;
  ids.request = (
    await db.select().from(organizerRequests).where(eq(organizerRequests.email, DEMO_PENDING_REQUEST_EMAIL))
  )[0]!.id;
  const ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  const created = await asStaff(t, ownerB, {
    method: 'POST',
    url: `/api/backoffice/organizers/${orgB}/events`,
    payload: {
      name: 'Evento B',
      address: 'Rua B, Porto',
      contact_email: 'b@example.pt',
      starts_at: '2099-06-01T20:00:00Z',
      ends_at: '2099-06-01T23:00:00Z',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  ids.eventB = created.json().data.id;
  // a paid order of each organiser (the demo's own, and one written directly for B's draft)
  const [paidA] = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(events.organizerId, orgA), eq(orders.status, 'paid')))
    .limit(1);
  ids.order = paidA!.id;
  ids.orderB = (
    await db
      .insert(orders)
      .values({
        reference: 'BMATRIXB01',
        customerId: paidA!.customerId,
        eventId: ids.eventB,
        status: 'paid',
        subtotalCents: 1000,
        serviceCents: 0,
        totalCents: 1000,
        expiresAt: new Date(),
        paidAt: new Date(),
      })
      .returning()
  )[0]!.id;
});
afterAll(() => t.close());

describe('back-office authorisation matrix', () => {
  it('reads the route table, and every back-office route is classified', async () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toContain('POST /api/backoffice/organizers/:organizerId/events/:eventId/cancel');
    for (const p of PUBLIC) expect(keys, `public exception ${p} is not a route any more`).toContain(p);
    // the API document lists nothing the route table misses (the parser reads the whole table)
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, object> }>();
    for (const [path, ops] of Object.entries(doc.paths))
      if (path.startsWith('/api/backoffice'))
        for (const m of Object.keys(ops)) {
          const route = routes.find(
            (r) =>
              r.method === m.toUpperCase() && r.path.replace(/:\w+/g, ':') === path.replace(/\{\w+\}/g, ':'),
          );
          expect(route, `${m} ${path}`).toBeDefined();
        }
    const unclassified = routes.filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (PUBLIC.includes(key) || SELF.test(key) || OPERATOR.test(key)) return false;
      // every other back-office route belongs to an organiser and names its permission
      return !r.path.includes(':organizerId') || !permissionOf(r);
    });
    expect(unclassified, 'add these routes to PERMISSION_OF (or the exceptions)').toEqual([]);
  });

  it('door staff cannot change prices', async () => {
    const before = (await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, ids.type)))[0]!;
    const base = `/api/backoffice/organizers/${orgA}/events/${ids.event}/ticket-types/${ids.type}`;
    for (const who of ['door_staff', 'door_supervisor', 'bar_staff', 'viewer'] as const) {
      const patch = await asStaff(t, users[who], { method: 'PATCH', url: base, payload: { price_cents: 1 } });
      expect(patch.statusCode, who).toBe(403);
      const steps = await asStaff(t, users[who], {
        method: 'PUT',
        url: `${base}/price-steps`,
        payload: { steps: [{ label: 'Door', price_cents: 1 }] },
      });
      expect(steps.statusCode, who).toBe(403);
    }
    const after = (await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.id, ids.type)))[0]!;
    expect(after.priceCents).toBe(before.priceCents);
  });

  it('organiser routes: 401 without a session, 404 for another organiser, 403/404 without the permission', async () => {
    const problems: string[] = [];
    const expectThat = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    const organiserRoutes = routes.filter((r) => r.path.includes(':organizerId') && permissionOf(r));
    // routes that remove or close things last, so the rest run on live rows
    const destructive = (r: Route) => r.method === 'DELETE' || /\/(cancel|unpublish)$/.test(r.path);
    organiserRoutes.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
    for (const r of organiserRoutes) {
      const permission = permissionOf(r)!;
      const key = `${r.method} ${r.path}`;
      const own = fill(r.path, orgA, ids.event);
      const foreignIds = fill(r.path, orgA, ids.eventB, ids.orderB);
      const otherOrg = fill(r.path, orgB, ids.eventB);

      const anon = await call(r, own, null);
      expectThat(anon.statusCode === 401, `${key} without a session: ${anon.statusCode}`);

      const everyone = [...ROLES, 'operator'] as const;
      const mayCall = (who: (typeof everyone)[number]) =>
        who === 'operator' ? permission.endsWith('.view') : roleHas(who, permission);
      const ownCall = async (who: (typeof everyone)[number]) => {
        const mine = await call(r, own, users[who]);
        expectThat(mine.statusCode < 500, `${key} ${who}: ${mine.statusCode} ${mine.body.slice(0, 200)}`);
        if (mayCall(who))
          expectThat(![401, 403].includes(mine.statusCode), `${key} ${who} refused: ${mine.statusCode}`);
        else
          expectThat(
            [403, 404].includes(mine.statusCode),
            `${key} ${who} without ${permission}: ${mine.statusCode}`,
          );
      };
      // calls that change nothing run at once: another organiser's path or ids, and the roles
      // refused on the organiser's own ids
      await Promise.all(
        everyone.map(async (who) => {
          if (!mayCall(who)) await ownCall(who);
          const other = await call(r, otherOrg, users[who]);
          expectThat(
            who === 'operator'
              ? other.statusCode < 500 && (mayCall(who) || other.statusCode === 404)
              : other.statusCode === 404,
            `${key} ${who} other organiser: ${other.statusCode}`,
          );
          if (!/:(eventId|orderId)/.test(r.path)) return;
          const foreign = await call(r, foreignIds, users[who]);
          // a body is validated before the event is looked up: 400 for a body invalid whatever the id
          const refusals = mayCall(who) ? (sampleBody(r, 0) ? [400, 404] : [404]) : [403, 404];
          expectThat(
            refusals.includes(foreign.statusCode),
            `${key} ${who} another organiser's event id: ${foreign.statusCode}`,
          );
        }),
      );
      // the allowed roles on the organiser's own ids, one after another (they change rows)
      for (const who of everyone.filter(mayCall)) await ownCall(who);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('operator routes: 401 without a session, 404 for organiser roles, open to the platform operator', async () => {
    for (const r of routes.filter((x) => OPERATOR.test(`${x.method} ${x.path}`))) {
      const url = fill(r.path, orgA, ids.event);
      expect((await call(r, url, null)).statusCode, `${r.method} ${r.path}`).toBe(401);
      for (const role of ROLES)
        expect((await call(r, url, users[role])).statusCode, `${r.path} ${role}`).toBe(404);
      const op = await call(r, url, users.operator);
      expect(
        [401, 403].includes(op.statusCode) || op.statusCode >= 500,
        `${r.path} operator: ${op.statusCode}`,
      ).toBe(false);
    }
  });

  it("the user's own routes need a session; public routes never answer 5xx", async () => {
    const self = routes.filter(
      (x) => SELF.test(`${x.method} ${x.path}`) && !PUBLIC.includes(`${x.method} ${x.path}`),
    );
    expect(self.length).toBeGreaterThan(3);
    for (const r of self) {
      const url = fill(r.path, orgA, ids.event).replace(/\/sessions\/\d+$/, '/sessions/999999');
      expect((await call(r, url, null)).statusCode, `${r.method} ${r.path}`).toBe(401);
      // a session of its own: logout and session ends must not sign the matrix users out
      const s = await staffAs(t, { role: 'viewer', organizerId: orgA });
      expect((await call(r, url, s)).statusCode, `${r.method} ${r.path}`).toBeLessThan(500);
    }
    for (const key of PUBLIC) {
      const [method, path] = key.split(' ') as [string, string];
      const res = await call({ method, path }, fill(path, orgA, ids.event), null);
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });
});
