/**
 * An event's ticket types, sessions and day capacities in the back office, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/… (all need `events.edit`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import {
  adminEventDayView,
  adminSessionResponse,
  adminTicketTypeResponse,
  createTicketTypeBody,
  eventDaysBody,
  sessionBody,
  updateSessionBody,
  updateTicketTypeBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { translate } from '../../i18n/messages';
import { staffAuditActor as staffActorOf } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams, forgetPublicAnswersOnChange } from './events.admin.http';
import {
  createSession,
  createTicketType,
  deleteSession,
  deleteTicketType,
  setEventDays,
  updateSession,
  updateTicketType,
} from './ticket-types.admin.service';
import './events.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId';
const typeParams = z.object({ organizerId: idParam, eventId: idParam, typeId: idParam });
const sessionParams = z.object({ organizerId: idParam, eventId: idParam, sessionId: idParam });
const done = envelope(z.object({ message: z.string() }));

const ticketTypesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const editor = app.requireStaff({ permission: 'events.edit' });
  forgetPublicAnswersOnChange(app);
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });
  const saved = (locale: Parameters<typeof translate>[0]) => translate(locale, 'backoffice_events.saved');

  app.post(
    `${BASE}/ticket-types`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Adds a ticket type (price in cents, VAT rate, stock, per-order limits, sales window)',
        params: eventParams,
        body: createTicketTypeBody,
        response: { 201: adminTicketTypeResponse },
      },
    },
    async (req, reply) => {
      const data = await createTicketType(app.db, ref(req.params), req.body, staffActorOf(req));
      return reply.code(201).send({ data, message: saved(req.locale) });
    },
  );

  app.patch(
    `${BASE}/ticket-types/:typeId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Changes a ticket type: a type with sold tickets keeps its price (409), stock never below sold + reserved (422)',
        params: typeParams,
        body: updateTicketTypeBody,
        response: { 200: adminTicketTypeResponse },
      },
    },
    async (req) => ({
      data: await updateTicketType(app.db, ref(req.params), req.params.typeId, req.body, staffActorOf(req)),
      message: saved(req.locale),
    }),
  );

  app.delete(
    `${BASE}/ticket-types/:typeId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Deletes a ticket type nobody ordered (409 otherwise: hide it instead)',
        params: typeParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await deleteTicketType(app.db, ref(req.params), req.params.typeId, staffActorOf(req));
      return { data: { message: translate(req.locale, 'backoffice_events.deleted') } };
    },
  );

  app.post(
    `${BASE}/sessions`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "Adds a session (date and hour in the event's time zone, optional capacity)",
        params: eventParams,
        body: sessionBody,
        response: { 201: adminSessionResponse },
      },
    },
    async (req, reply) => {
      const data = await createSession(app.db, ref(req.params), req.body, staffActorOf(req));
      return reply.code(201).send({ data, message: saved(req.locale) });
    },
  );

  app.patch(
    `${BASE}/sessions/:sessionId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Changes a session: capacity never below sold + reserved; a session with orders keeps its date',
        params: sessionParams,
        body: updateSessionBody,
        response: { 200: adminSessionResponse },
      },
    },
    async (req) => ({
      data: await updateSession(app.db, ref(req.params), req.params.sessionId, req.body, staffActorOf(req)),
      message: saved(req.locale),
    }),
  );

  app.delete(
    `${BASE}/sessions/:sessionId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Deletes a session nobody ordered',
        params: sessionParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await deleteSession(app.db, ref(req.params), req.params.sessionId, staffActorOf(req));
      return { data: { message: translate(req.locale, 'backoffice_events.deleted') } };
    },
  );

  app.put(
    `${BASE}/days`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Sets the daily capacities of a multi-day event (the whole list)',
        params: eventParams,
        body: eventDaysBody,
        response: { 200: envelope(z.array(adminEventDayView)) },
      },
    },
    async (req) => ({
      data: await setEventDays(app.db, ref(req.params), req.body.days, staffActorOf(req)),
      message: saved(req.locale),
    }),
  );
};

export default ticketTypesAdminRoutes;
