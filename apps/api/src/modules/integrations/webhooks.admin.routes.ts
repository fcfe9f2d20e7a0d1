/**
 * An organiser's webhook endpoints and their deliveries in the back office, under
 * /api/backoffice/organizers/:organizerId/webhooks (all need `organizer.settings`), and the
 * webhook jobs every instance runs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  createWebhookBody,
  updateWebhookBody,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryResponse,
  webhookEndpointResponse,
  webhookEndpointsResponse,
  webhookEndpointWithSecretResponse,
} from '@bilheteira/shared/schemas/backoffice-integrations';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, organizerParams } from '../events/events.admin.http';
import { dispatchWebhookEvents } from './webhook-dispatch.service';
import { deliverDueWebhooks, httpSender } from './webhook-delivery.service';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  updateEndpoint,
} from './webhook-endpoints.service';
import './integrations.messages';

const BASE = '/backoffice/organizers/:organizerId';
const endpointParams = z.object({ organizerId: idParam, endpointId: idParam });
const deliveryParams = z.object({ organizerId: idParam, endpointId: idParam, deliveryId: idParam });

/** How often the dispatcher and the delivery workers run (an event reaches its endpoint in ~2 s). */
const WEBHOOK_JOB_MS = 2_000;

const webhooksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.requireStaff({ permission: 'organizer.settings' });
  const production = app.config.NODE_ENV === 'production';

  app.get(
    `${BASE}/webhooks`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The organiser's webhook endpoints, with deliveries pending and failed",
        params: organizerParams,
        response: { 200: webhookEndpointsResponse },
      },
    },
    async (req) => ({ data: await listEndpoints(app.db, req.params.organizerId) }),
  );

  app.post(
    `${BASE}/webhooks`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Adds a webhook endpoint; its signing secret is in this answer only',
        description:
          'In production the address must be https and public (no loopback or private network addresses).',
        params: organizerParams,
        body: createWebhookBody,
        response: { 201: webhookEndpointWithSecretResponse },
      },
    },
    async (req, reply) => {
      const data = await createEndpoint(app.db, req.params.organizerId, req.body, {
        actor: staffAuditActor(req),
        production,
        now: new Date(),
      });
      return reply.code(201).send({ data, message: translate(req.locale, 'integrations.endpoint_created') });
    },
  );

  app.patch(
    `${BASE}/webhooks/:endpointId`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Changes an endpoint: address, events, enabled',
        params: endpointParams,
        body: updateWebhookBody,
        response: { 200: webhookEndpointResponse },
      },
    },
    async (req) => ({
      data: await updateEndpoint(app.db, req.params.organizerId, req.params.endpointId, req.body, {
        actor: staffAuditActor(req),
        production,
      }),
      message: translate(req.locale, 'integrations.endpoint_saved'),
    }),
  );

  app.delete(
    `${BASE}/webhooks/:endpointId`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Deletes an endpoint and its delivery log',
        params: endpointParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await deleteEndpoint(app.db, req.params.organizerId, req.params.endpointId, staffAuditActor(req));
      return { message: translate(req.locale, 'integrations.endpoint_deleted') };
    },
  );

  app.get(
    `${BASE}/webhooks/:endpointId/deliveries`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "An endpoint's latest 50 deliveries, newest first",
        params: endpointParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: webhookDeliveriesResponse },
      },
    },
    async (req) => ({
      data: await listDeliveries(app.db, req.params.organizerId, req.params.endpointId, req.query.status),
    }),
  );

  app.post(
    `${BASE}/webhooks/:endpointId/deliveries/:deliveryId/replay`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Sends a delivery again now (a new series of attempts); 409 while it is being sent',
        params: deliveryParams,
        response: { 200: webhookDeliveryResponse },
      },
    },
    async (req) => ({
      data: await replayDelivery(
        app.db,
        req.params.organizerId,
        req.params.endpointId,
        req.params.deliveryId,
        staffAuditActor(req),
        new Date(),
      ),
      message: translate(req.locale, 'integrations.delivery_replayed'),
    }),
  );

  // SKIP LOCKED on the cursors and the deliveries: safe on every instance at once
  app.jobs.push({
    name: 'webhooks-dispatch',
    everyMs: WEBHOOK_JOB_MS,
    run: () => dispatchWebhookEvents(app.db, new Date()),
  });
  const send = httpSender({ production });
  app.jobs.push({
    name: 'webhooks-deliver',
    everyMs: WEBHOOK_JOB_MS,
    run: () => deliverDueWebhooks(app.db, new Date(), send),
  });
};
export default webhooksAdminRoutes;
