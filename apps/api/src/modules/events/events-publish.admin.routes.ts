/**
 * Preview, publish and unpublish of the organiser's events in the back office (preview needs
 * `events.view`; publish and unpublish `events.publish`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEventResponse, publishEventBody } from '@bilheteira/shared/schemas/backoffice-events';
import { eventDetailResponse } from '@bilheteira/shared/schemas/events';
import { translate } from '../../i18n/messages';
import { staffAuditActor as staffActorOf } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams, forgetPublicAnswersOnChange } from './events.admin.http';
import { previewEvent, publishEvent, unpublishEvent } from './events.admin.service';
import './events.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events';

const eventsPublishAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'events.view' });
  const publisher = app.requireStaff({ permission: 'events.publish' });
  forgetPublicAnswersOnChange(app);

  app.get(
    `${BASE}/:eventId/preview`,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'The public event page of the event (drafts too), in the X-locale language',
        params: eventParams,
        response: { 200: eventDetailResponse },
      },
    },
    async (req) => ({
      data: await previewEvent(app.db, req.params.organizerId, req.params.eventId, req.locale, new Date()),
    }),
  );

  app.post(
    `${BASE}/:eventId/publish`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Publishes a draft: public (listed) or private (never listed, reachable only at /events/{public_path}, a random link)',
        params: eventParams,
        body: publishEventBody,
        response: { 200: adminEventResponse },
      },
    },
    async (req) => ({
      data: await publishEvent(
        app.db,
        req.params.organizerId,
        req.params.eventId,
        { visibility: req.body.visibility },
        staffActorOf(req),
        new Date(),
      ),
      message: translate(req.locale, 'backoffice_events.published'),
    }),
  );

  app.post(
    `${BASE}/:eventId/unpublish`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Takes a published event off the site (a draft again; tickets sold stay valid)',
        params: eventParams,
        response: { 200: adminEventResponse },
      },
    },
    async (req) => ({
      data: await unpublishEvent(
        app.db,
        req.params.organizerId,
        req.params.eventId,
        staffActorOf(req),
        new Date(),
      ),
      message: translate(req.locale, 'backoffice_events.unpublished'),
    }),
  );
};

export default eventsPublishAdminRoutes;
