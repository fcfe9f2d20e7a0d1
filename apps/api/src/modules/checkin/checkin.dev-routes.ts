import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkinBody, checkinResponse } from '@bilheteira/shared/schemas/tickets';
import { clientIp } from '../../lib/client-ip';
import { authenticateDevice } from './checkin.service';
import { checkInTicket } from './check-in-ticket.service';

/**
 * Development clock for the door (mounted only with DEV_TOOLS, never in production): the
 * same check-in as POST /api/checkin, judged at a chosen instant, so multi-day passes of
 * an event weeks ahead can be tried (demo, e2e). Same device key, nonce and rules.
 */
const checkinDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/checkin',
    {
      schema: {
        tags: ['dev'],
        summary: 'Door check-in at a chosen instant (development only)',
        body: checkinBody.extend({ at: z.iso.datetime({ offset: true }) }),
        response: { 200: checkinResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const device = await authenticateDevice(
        app.caches.door,
        app.db,
        req.headers['x-device-key'] as string | undefined,
        clientIp(req),
        now,
      );
      return {
        data: await checkInTicket(app.caches.door, app.db, device, req.body, new Date(req.body.at), now),
      };
    },
  );
};

export default checkinDevRoutes;
