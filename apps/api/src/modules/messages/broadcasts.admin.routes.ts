/**
 * An organiser's messages to an event's holders, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/messages (need `events.publish`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastBody,
  broadcastPreviewResponse,
  broadcastResponse,
  broadcastsResponse,
} from '@bilheteira/shared/schemas/backoffice-messages';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import { listBroadcasts, previewBroadcast, sendBroadcast } from './broadcasts.admin.service';
import './broadcasts.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/messages';

const broadcastsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const sender = app.requireStaff({ permission: 'events.publish' });
  const links = { publicUrl: app.config.PUBLIC_URL, linkSigningSecret: app.config.LINK_SIGNING_SECRET };
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });

  app.get(
    BASE,
    {
      preValidation: sender,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's messages to holders, newest first, with their emails sent, failed and waiting",
        params: eventParams,
        response: { 200: broadcastsResponse },
      },
    },
    async (req) => ({ data: await listBroadcasts(app.db, ref(req.params)) }),
  );

  app.post(
    `${BASE}/preview`,
    {
      preValidation: sender,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Who a message would reach (by language; marketing: without those who did not consent) and its emails',
        params: eventParams,
        body: broadcastBody,
        response: { 200: broadcastPreviewResponse },
      },
    },
    async (req) => ({ data: await previewBroadcast(app.db, ref(req.params), req.body, links) }),
  );

  app.post(
    BASE,
    {
      preValidation: sender,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Sends a message to the holders (operational: all; marketing: those who consented, with unsubscribe)',
        params: eventParams,
        body: broadcastBody,
        response: { 201: broadcastResponse },
      },
    },
    async (req, reply) => {
      const data = await sendBroadcast(
        app.db,
        ref(req.params),
        req.body,
        links,
        staffAuditActor(req),
        new Date(),
      );
      return reply
        .code(201)
        .send({ data, message: translate(req.locale, 'broadcast.sent', { count: data.recipients }) });
    },
  );
};
export default broadcastsAdminRoutes;
