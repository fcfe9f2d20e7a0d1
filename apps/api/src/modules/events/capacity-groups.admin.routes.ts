/**
 * An event's capacity groups (pretix quotas) in the back office, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/capacity-groups: reading them needs
 * `events.view`, changing them `events.edit`; another organiser's event or group answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import { capacityGroupBody, capacityGroupPatch, capacityGroupView } from '@bilheteira/shared/schemas/pricing';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams, forgetPublicAnswersOnChange } from './events.admin.http';
import {
  capacityGroupsOf,
  createCapacityGroup,
  deleteCapacityGroup,
  updateCapacityGroup,
} from './capacity-groups.admin.service';
import './events.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/capacity-groups';
const groupParams = eventParams.extend({ groupId: idParam });
const done = envelope(z.object({ message: z.string() }));

const capacityGroupsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'events.view' });
  const editor = app.requireStaff({ permission: 'events.edit' });
  // the event page and checkout read the groups: they see a change at once
  forgetPublicAnswersOnChange(app);
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });
  const saved = (locale: Parameters<typeof translate>[0]) => translate(locale, 'backoffice_events.saved');

  app.get(
    BASE,
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's shared capacities (pretix quotas) with their places sold and held",
        params: eventParams,
        response: { 200: envelope(z.array(capacityGroupView)) },
      },
    },
    async (req) => ({ data: await capacityGroupsOf(app.db, ref(req.params)) }),
  );

  app.post(
    BASE,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Adds a shared capacity: every ticket of its member types takes one of its places (new orders)',
        params: eventParams,
        body: capacityGroupBody,
        response: { 201: envelope(capacityGroupView) },
      },
    },
    async (req, reply) => {
      const data = await createCapacityGroup(app.db, ref(req.params), req.body, staffAuditActor(req));
      return reply.code(201).send({ data, message: saved(req.locale) });
    },
  );

  app.patch(
    `${BASE}/:groupId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Changes a shared capacity: never below the places sold or held (422); new members count from new orders on',
        params: groupParams,
        body: capacityGroupPatch,
        response: { 200: envelope(capacityGroupView) },
      },
    },
    async (req) => ({
      data: await updateCapacityGroup(
        app.db,
        ref(req.params),
        req.params.groupId,
        req.body,
        staffAuditActor(req),
      ),
      message: saved(req.locale),
    }),
  );

  app.delete(
    `${BASE}/:groupId`,
    {
      preValidation: editor,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Deletes a shared capacity nothing was sold in (409 otherwise)',
        params: groupParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await deleteCapacityGroup(app.db, ref(req.params), req.params.groupId, staffAuditActor(req));
      return { data: { message: translate(req.locale, 'backoffice_events.deleted') } };
    },
  );
};

export default capacityGroupsAdminRoutes;
