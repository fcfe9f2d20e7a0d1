/**
 * Check-in lists of an event's door, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/door/… (all need `door.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  assignDeviceListBody,
  checkinListBody,
  checkinListResponse,
  checkinListsResponse,
  doorDeviceResponse,
} from '@bilheteira/shared/schemas/backoffice-door';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import {
  assignDeviceList,
  createCheckinList,
  deleteCheckinList,
  listCheckinLists,
  updateCheckinList,
} from './door-lists.admin.service';
import './door.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/door';
const listParams = z.object({ organizerId: idParam, eventId: idParam, listId: idParam });
const deviceParams = z.object({ organizerId: idParam, eventId: idParam, deviceId: idParam });

const doorListsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.requireStaff({ permission: 'door.manage' });
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });

  app.get(
    `${BASE}/lists`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's check-in lists with their active devices and the people those let in",
        params: eventParams,
        response: { 200: checkinListsResponse },
      },
    },
    async (req) => ({ data: await listCheckinLists(app.db, ref(req.params)) }),
  );

  app.post(
    `${BASE}/lists`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Adds a check-in list: the ticket types, sessions and days its devices admit at a gate (empty: all)',
        params: eventParams,
        body: checkinListBody,
        response: { 201: checkinListResponse },
      },
    },
    async (req, reply) => {
      const data = await createCheckinList(app.db, ref(req.params), req.body, staffAuditActor(req));
      return reply.code(201).send({ data, message: translate(req.locale, 'backoffice_door.list_created') });
    },
  );

  app.put(
    `${BASE}/lists/:listId`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "Replaces a check-in list's name, gate, types, sessions and days; its devices apply it at once",
        params: listParams,
        body: checkinListBody,
        response: { 200: checkinListResponse },
      },
    },
    async (req) => ({
      data: await updateCheckinList(
        app.db,
        app.caches.door,
        ref(req.params),
        req.params.listId,
        req.body,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );

  app.delete(
    `${BASE}/lists/:listId`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Deletes a check-in list no active device uses (409 checkin_list_in_use otherwise)',
        params: listParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await deleteCheckinList(app.db, ref(req.params), req.params.listId, staffAuditActor(req));
      return { message: translate(req.locale, 'backoffice_door.list_deleted') };
    },
  );

  app.put(
    `${BASE}/devices/:deviceId/list`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Puts a door device on a check-in list of its event, or on none (every valid ticket)',
        params: deviceParams,
        body: assignDeviceListBody,
        response: { 200: doorDeviceResponse },
      },
    },
    async (req) => ({
      data: await assignDeviceList(
        app.db,
        app.caches.door,
        ref(req.params),
        req.params.deviceId,
        req.body.list_id,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );
};
export default doorListsAdminRoutes;
