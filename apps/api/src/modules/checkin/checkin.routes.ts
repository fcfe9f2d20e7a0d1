import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkinBody,
  checkinResponse,
  offlinePackResponse,
  offlineUploadBody,
  offlineUploadResponse,
  publicTicketCheckResponse,
  tokenPathParam,
} from '@bilheteira/shared/schemas/tickets';
import type { FastifyRequest } from 'fastify';
import { clientIp } from '../../lib/client-ip';
import { hitLimit } from '../../lib/rate-limit';
import { tokenBuckets } from '../../lib/token-bucket';
import { deviceRequestLimit } from './checkin-limits';
import { authenticateDevice, buildOfflinePack, publicTicketCheck } from './checkin.service';
import { checkInTicket, uploadOfflineCheckins, withMessage } from './check-in-ticket.service';

const deviceKey = (req: FastifyRequest): string | undefined => {
  const v = req.headers['x-device-key'];
  return Array.isArray(v) ? v[0] : v;
};

const deviceSecurity = [{ deviceKey: [] }];

const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  // per device, in memory (no round trip on the scan path; per instance, see checkin-limits)
  const rate = app.config.CHECKIN_DEVICE_RATE_PER_SECOND;
  const perDevice = rate > 0 ? tokenBuckets(deviceRequestLimit(rate)) : null;
  const device = async (req: FastifyRequest, now: Date) => {
    const d = await authenticateDevice(app.caches.door, app.db, deviceKey(req), clientIp(req), now);
    perDevice?.take(String(d.id), performance.now());
    return d;
  };

  app.post(
    '/checkin',
    {
      schema: {
        tags: ['checkin'],
        summary:
          'Door check-in of a scanned token by a device of the event (header X-Device-Key), idempotent per nonce',
        security: deviceSecurity,
        body: checkinBody,
        response: { 200: checkinResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const answer = await checkInTicket(app.caches.door, app.db, await device(req, now), req.body, now, now);
      return { data: withMessage(answer, req.locale) };
    },
  );

  app.post(
    '/checkin/offline',
    {
      schema: {
        tags: ['checkin'],
        summary: 'Uploads check-ins a device made offline, with their original time and nonce',
        security: deviceSecurity,
        body: offlineUploadBody,
        response: { 200: offlineUploadResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const answers = await uploadOfflineCheckins(
        app.caches.door,
        app.db,
        await device(req, now),
        req.body.scans,
        now,
      );
      return { data: answers.map((a) => withMessage(a, req.locale)) };
    },
  );

  app.get(
    '/checkin/offline-pack',
    {
      schema: {
        tags: ['checkin'],
        summary: "The event's Ed25519 public key, admission days and revocation list for offline scanning",
        security: deviceSecurity,
        response: { 200: offlinePackResponse },
      },
    },
    async (req, reply) => {
      const now = new Date();
      const d = await device(req, now);
      reply.header('cache-control', 'no-store');
      return { data: await buildOfflinePack(app.db, d, now) };
    },
  );

  app.get(
    '/checkin/status/*',
    {
      schema: {
        tags: ['checkin'],
        summary: 'Public validity of a scanned ticket token for staff (no personal data)',
        params: tokenPathParam,
        response: { 200: publicTicketCheckResponse },
      },
    },
    async (req, reply) => {
      const now = new Date();
      await hitLimit(app.db, { key: `checkin:status:${clientIp(req)}`, max: 120, windowSeconds: 60 }, now);
      reply.header('cache-control', 'no-store');
      return { data: await publicTicketCheck(app.caches.eventPublicKeys, app.db, req.params['*'], now) };
    },
  );
};

export default checkinRoutes;
