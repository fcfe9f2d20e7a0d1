/**
 * The live event dashboard, under /api/backoffice/organizers/:organizerId/events/:eventId/dashboard.
 * Reading needs `events.view`; the money figures need `finance.view` too (without it they
 * are null). `GET …/dashboard` answers the figures; `GET …/dashboard/stream` is a server-sent
 * event stream (the staff session cookie authenticates it, as every back-office GET) that
 * sends the figures at once and again whenever they change.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleHas } from '@bilheteira/shared/backoffice-roles';
import {
  DASHBOARD_HEARTBEAT_MS,
  DASHBOARD_POLL_MS,
  DASHBOARD_STREAMS_PER_USER,
  dashboardResponse,
  type DashboardSnapshot,
} from '@bilheteira/shared/schemas/backoffice-dashboard';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import { DashboardHub } from './dashboard-hub';
import { dashboardEvent, forReader, getEventDashboard, readDashboard } from './event-dashboard.service';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/dashboard';

/** A full reading at least this often while someone watches, whatever the fingerprint says. */
const REFRESH_MS = 30_000;
/** A stream lasts this long, then the browser reconnects (and the session is checked again). */
const MAX_STREAM_MS = 10 * 60_000;
/** How long the browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3_000;

/** Money figures: finance.view in the organiser, or a platform operator (who reads every organiser). */
const readerOf = (req: FastifyRequest) => {
  const staff = req.staff!;
  return {
    money: staff.role ? roleHas(staff.role, 'finance.view') : staff.user.platformRole === 'operator',
  };
};

const sseEvent = (snapshot: DashboardSnapshot) => `event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`;

const eventDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'events.view' });
  const hub = new DashboardHub(app.db, {
    pollMs: DASHBOARD_POLL_MS,
    heartbeatMs: DASHBOARD_HEARTBEAT_MS,
    refreshMs: REFRESH_MS,
    perUser: DASHBOARD_STREAMS_PER_USER,
    maxStreamMs: MAX_STREAM_MS,
    log: app.log,
  });
  // before the server stops taking connections: open streams end, so close never waits on them
  app.addHook('preClose', async () => hub.close());

  app.get(
    BASE,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "An event's live figures: tickets sold and revenue per type and day against stock, check-ins per gate and 15 minutes, wallet float, top-ups, spend per station, refunds",
        params: eventParams,
        response: { 200: dashboardResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { organizerId, eventId } = req.params;
      return { data: await getEventDashboard(app.db, organizerId, eventId, readerOf(req), new Date()) };
    },
  );

  app.get(
    `${BASE}/stream`,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'The same figures as a text/event-stream: an `event: snapshot` at once and after every change (data: the dashboard JSON), a comment line every 15 s',
        params: eventParams,
      },
    },
    async (req, reply) => {
      const { organizerId, eventId } = req.params;
      const event = await dashboardEvent(app.db, organizerId, eventId);
      const userId = req.staff!.user.id;
      hub.assertRoom(userId);
      const reader = readerOf(req);
      const first = forReader(await readDashboard(app.db, event, new Date()), reader);
      hub.assertRoom(userId);

      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // proxies (nginx) pass each event on at once instead of buffering the answer
        'x-accel-buffering': 'no',
        // the connection ends with the stream: a shutdown that ends the stream finds no idle
        // keep-alive socket left to wait for
        connection: 'close',
      });
      raw.write(`retry: ${RETRY_MS}\n\n${sseEvent(first)}`);
      const remove = hub.add(
        event,
        {
          userId,
          reader,
          send: (snapshot) => raw.write(sseEvent(snapshot)),
          heartbeat: () => raw.write(': heartbeat\n\n'),
          end: () => raw.end(),
        },
        first,
      );
      raw.once('close', remove);
      // the browser went away while the first figures were written
      if (raw.destroyed) remove();
    },
  );
};

export default eventDashboardRoutes;
