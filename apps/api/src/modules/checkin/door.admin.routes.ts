/**
 * The door of an event in the back office: devices and the scan log, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/door/… (all need `door.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  createDeviceBody,
  doorDeviceResponse,
  doorDevicesResponse,
  doorDeviceWithKeyResponse,
  renameDeviceBody,
  scanLogQuery,
  scanLogResponse,
} from '@bilheteira/shared/schemas/backoffice-door';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import {
  createDevice,
  listDevices,
  listScans,
  renameDevice,
  revokeDevice,
  rotateDeviceKey,
} from './door.admin.service';
import './door.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/door';
const deviceParams = z.object({ organizerId: idParam, eventId: idParam, deviceId: idParam });

const doorAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.requireStaff({ permission: 'door.manage' });
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });
  const apiUrl = app.config.PUBLIC_URL;

  app.get(
    `${BASE}/devices`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's door devices with how many people each let in",
        params: eventParams,
        response: { 200: doorDevicesResponse },
      },
    },
    async (req) => ({ data: await listDevices(app.db, ref(req.params)) }),
  );

  app.post(
    `${BASE}/devices`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Adds a door device; its key and enrolment code are in this answer only (stored hashed)',
        params: eventParams,
        body: createDeviceBody,
        response: { 201: doorDeviceWithKeyResponse },
      },
    },
    async (req, reply) => {
      const data = await createDevice(app.db, ref(req.params), req.body.name, staffAuditActor(req), apiUrl);
      return reply.code(201).send({ data, message: translate(req.locale, 'backoffice_door.device_created') });
    },
  );

  app.patch(
    `${BASE}/devices/:deviceId`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Renames a door device (its gate)',
        params: deviceParams,
        body: renameDeviceBody,
        response: { 200: doorDeviceResponse },
      },
    },
    async (req) => ({
      data: await renameDevice(
        app.db,
        ref(req.params),
        req.params.deviceId,
        req.body.name,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );

  app.post(
    `${BASE}/devices/:deviceId/rotate-key`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Gives the device a new key and enrolment code (in this answer only); the old key is refused',
        params: deviceParams,
        response: { 200: doorDeviceWithKeyResponse },
      },
    },
    async (req) => ({
      data: await rotateDeviceKey(
        app.db,
        app.caches.door,
        ref(req.params),
        req.params.deviceId,
        staffAuditActor(req),
        apiUrl,
      ),
      message: translate(req.locale, 'backoffice_door.key_rotated'),
    }),
  );

  app.post(
    `${BASE}/devices/:deviceId/revoke`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Revokes a door device for good (a lost phone); its scans stay in the log',
        params: deviceParams,
        response: { 200: doorDeviceResponse },
      },
    },
    async (req) => ({
      data: await revokeDevice(
        app.db,
        app.caches.door,
        ref(req.params),
        req.params.deviceId,
        staffAuditActor(req),
        new Date(),
      ),
      message: translate(req.locale, 'backoffice_door.revoked'),
    }),
  );

  app.get(
    `${BASE}/scans`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'The scan log (50 a page, newest first): when, which device, the answer, the ticket',
        params: eventParams,
        querystring: scanLogQuery,
        response: { 200: scanLogResponse },
      },
    },
    async (req) => listScans(app.db, ref(req.params), req.query),
  );
};
export default doorAdminRoutes;
