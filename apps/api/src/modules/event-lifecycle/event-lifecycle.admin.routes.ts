/**
 * Postpone and cancel an event or one of its sessions, and their history (issue 26 item 3):
 * `events.publish` changes, `events.view` reads; another organiser's event answers 404.
 * Holders are told in their language; a cancellation refunds paid orders through the
 * provider (the refund job) exactly once, however many times it is called.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  cancelEventBody,
  eventChangeListResponse,
  eventChangeResponse,
  postponeEventBody,
  postponeSessionBody,
} from '@bilheteira/shared/schemas/event-lifecycle';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams, forgetPublicAnswersOnChange } from '../events/events.admin.http';
import { cancelEventOrSession, listChanges, postponeEvent, postponeSession } from './event-lifecycle.service';
import './event-lifecycle.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId';
const sessionParams = z.object({ organizerId: idParam, eventId: idParam, sessionId: idParam });

const eventLifecycleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'events.view' });
  const publisher = app.requireStaff({ permission: 'events.publish' });
  forgetPublicAnswersOnChange(app);
  const ctxOf = (req: Parameters<typeof staffAuditActor>[0]) => ({
    actor: staffAuditActor(req),
    publicUrl: app.config.PUBLIC_URL,
  });
  const cancelledMessage = (locale: Parameters<typeof translate>[0], already: boolean) =>
    translate(locale, already ? 'event_lifecycle.already_cancelled' : 'event_lifecycle.cancelled');

  app.get(
    `${BASE}/changes`,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's postponements and cancellations (event and sessions), newest first",
        params: eventParams,
        response: { 200: eventChangeListResponse },
      },
    },
    async (req) => ({ data: await listChanges(app.db, req.params.organizerId, req.params.eventId) }),
  );

  app.post(
    `${BASE}/postpone`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'New dates for the event (a session event: every session moves by the same shift); holders are told and may ask for a refund until refund_until',
        params: eventParams,
        body: postponeEventBody,
        response: { 200: eventChangeResponse },
      },
    },
    async (req) => ({
      data: await postponeEvent(
        app.db,
        { organizerId: req.params.organizerId, eventId: req.params.eventId },
        req.body,
        ctxOf(req),
        new Date(),
      ),
      message: translate(req.locale, 'event_lifecycle.postponed'),
    }),
  );

  app.post(
    `${BASE}/cancel`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Cancels the event: sale closed, pending orders cancelled, paid orders refunded to the original payment method, online wallet top-ups refundable, holders told. Idempotent (already: true)',
        params: eventParams,
        body: cancelEventBody,
        response: { 200: eventChangeResponse },
      },
    },
    async (req) => {
      const data = await cancelEventOrSession(
        app.db,
        { organizerId: req.params.organizerId, eventId: req.params.eventId, sessionId: null },
        req.body.reason,
        ctxOf(req),
        new Date(),
      );
      return { data, message: cancelledMessage(req.locale, data.already) };
    },
  );

  app.post(
    `${BASE}/sessions/:sessionId/postpone`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "Moves a session to a new date and hour (event's time zone); its holders are told and may ask for a refund",
        params: sessionParams,
        body: postponeSessionBody,
        response: { 200: eventChangeResponse },
      },
    },
    async (req) => ({
      data: await postponeSession(app.db, { ...req.params }, req.body, ctxOf(req), new Date()),
      message: translate(req.locale, 'event_lifecycle.session_postponed'),
    }),
  );

  app.post(
    `${BASE}/sessions/:sessionId/cancel`,
    {
      preValidation: publisher,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Cancels one session: its paid orders refunded, its pending orders cancelled, its holders told; other sessions untouched. Idempotent',
        params: sessionParams,
        body: cancelEventBody,
        response: { 200: eventChangeResponse },
      },
    },
    async (req) => {
      const data = await cancelEventOrSession(
        app.db,
        { ...req.params },
        req.body.reason,
        ctxOf(req),
        new Date(),
      );
      return { data, message: cancelledMessage(req.locale, data.already) };
    },
  );
};

export default eventLifecycleAdminRoutes;
