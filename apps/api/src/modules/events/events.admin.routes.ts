/**
 * The organiser's events in the back office, under /api/backoffice/organizers/:organizerId/events.
 * Every route passes `app.requireStaff` (session cookie, CSRF on changes, second factor, the
 * permission in `:organizerId`: another organiser's id answers 404). Reading needs
 * `events.view`, changing `events.edit`, publishing `events.publish` (events-publish.admin.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEventListQuery,
  adminEventListResponse,
  adminEventResponse,
  createEventBody,
  updateEventBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { translate } from '../../i18n/messages';
import { staffAuditActor as staffActorOf } from '../../plugins/http-helpers';
import {
  BACKOFFICE_TAGS,
  eventParams,
  forgetPublicAnswersOnChange,
  organizerParams,
} from './events.admin.http';
import {
  createEvent,
  duplicateEvent,
  getAdminEvent,
  listAdminEvents,
  updateEvent,
} from './events.admin.service';
import './events.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events';

const eventsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'events.view' });
  const editor = app.requireStaff({ permission: 'events.edit' });
  forgetPublicAnswersOnChange(app);

  app.get(
    BASE,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The organiser's events: search, filter by status, sort and pages",
        params: organizerParams,
        querystring: adminEventListQuery,
        response: { 200: adminEventListResponse },
      },
    },
    async (req) => listAdminEvents(app.db, req.params.organizerId, req.query),
  );

  app.post(
    BASE,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Creates an event as a draft (slug made from the name when not given)',
        params: organizerParams,
        body: createEventBody,
        response: { 201: adminEventResponse },
      },
    },
    async (req, reply) => {
      const data = await createEvent(app.db, req.params.organizerId, req.body, staffActorOf(req), new Date());
      return reply.code(201).send({ data, message: translate(req.locale, 'backoffice_events.created') });
    },
  );

  app.get(
    `${BASE}/:eventId`,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'An event with every editable field, its ticket types, sessions and days',
        params: eventParams,
        response: { 200: adminEventResponse },
      },
    },
    async (req) => ({ data: await getAdminEvent(app.db, req.params.organizerId, req.params.eventId) }),
  );

  app.patch(
    `${BASE}/:eventId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Changes the fields sent (a published event keeps its slug)',
        params: eventParams,
        body: updateEventBody,
        response: { 200: adminEventResponse },
      },
    },
    async (req) => ({
      data: await updateEvent(
        app.db,
        req.params.organizerId,
        req.params.eventId,
        req.body,
        staffActorOf(req),
        new Date(),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );

  app.post(
    `${BASE}/:eventId/duplicate`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Copies the event, its ticket types, sessions and days as a new draft',
        params: eventParams,
        response: { 201: adminEventResponse },
      },
    },
    async (req, reply) => {
      const data = await duplicateEvent(
        app.db,
        req.params.organizerId,
        req.params.eventId,
        staffActorOf(req),
        req.locale,
        new Date(),
      );
      return reply.code(201).send({ data, message: translate(req.locale, 'backoffice_events.duplicated') });
    },
  );
};

export default eventsAdminRoutes;
