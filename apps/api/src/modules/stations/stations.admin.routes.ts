/**
 * The cashless bar of an event in the back office: stations (tills) and bracelets, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/… (all need `bar.manage`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  braceletImportBody,
  braceletImportResponse,
  braceletsQuery,
  braceletsResponse,
  createStationBody,
  stationResponse,
  stationsResponse,
  stationTotalsQuery,
  stationTotalsResponse,
  stationWithKeyResponse,
  updateStationBody,
} from '@bilheteira/shared/schemas/backoffice-bar';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import {
  createStation,
  importBracelets,
  listBracelets,
  listStations,
  stationsTotals,
  rotateStationKey,
  updateStation,
} from './stations.admin.service';
import './stations.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId';
const stationParams = z.object({ organizerId: idParam, eventId: idParam, stationId: idParam });

const barAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const manager = app.requireStaff({ permission: 'bar.manage' });
  const ref = (p: { organizerId: number; eventId: number }) => ({
    organizerId: p.organizerId,
    eventId: p.eventId,
  });

  app.get(
    `${BASE}/stations`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's stations (bars, shops, top-up points)",
        params: eventParams,
        response: { 200: stationsResponse },
      },
    },
    async (req) => ({ data: await listStations(app.db, ref(req.params)) }),
  );

  app.get(
    `${BASE}/stations/totals`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "Each station's sales, top-ups and cash paid back in a window (end of shift, end of day)",
        params: eventParams,
        querystring: stationTotalsQuery,
        response: { 200: stationTotalsResponse },
      },
    },
    async (req) => ({ data: await stationsTotals(app.db, ref(req.params), req.query, new Date()) }),
  );

  app.post(
    `${BASE}/stations`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Adds a station; its key is in this answer only (stored hashed)',
        params: eventParams,
        body: createStationBody,
        response: { 201: stationWithKeyResponse },
      },
    },
    async (req, reply) => {
      const data = await createStation(app.db, ref(req.params), req.body, staffAuditActor(req));
      return reply.code(201).send({ data, message: translate(req.locale, 'backoffice_bar.station_created') });
    },
  );

  app.patch(
    `${BASE}/stations/:stationId`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Renames a station, changes its role, disables or enables it',
        params: stationParams,
        body: updateStationBody,
        response: { 200: stationResponse },
      },
    },
    async (req) => ({
      data: await updateStation(
        app.db,
        app.caches.stations,
        ref(req.params),
        req.params.stationId,
        req.body,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_events.saved'),
    }),
  );

  app.post(
    `${BASE}/stations/:stationId/rotate-key`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Gives the station a new key (in this answer only); the old key is refused',
        params: stationParams,
        response: { 200: stationWithKeyResponse },
      },
    },
    async (req) => ({
      data: await rotateStationKey(
        app.db,
        app.caches.stations,
        ref(req.params),
        req.params.stationId,
        staffAuditActor(req),
      ),
      message: translate(req.locale, 'backoffice_bar.key_rotated'),
    }),
  );

  app.get(
    `${BASE}/bracelets`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's bracelets (50 a page, newest first), searched by UID or printed code",
        params: eventParams,
        querystring: braceletsQuery,
        response: { 200: braceletsResponse },
      },
    },
    async (req) => listBracelets(app.db, ref(req.params), req.query),
  );

  app.post(
    `${BASE}/bracelets/import`,
    {
      preValidation: manager,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Imports a bracelet batch file (CSV: uid,code,secret); all lines or none',
        params: eventParams,
        body: braceletImportBody,
        response: { 201: braceletImportResponse },
      },
    },
    async (req, reply) => {
      const data = await importBracelets(app.db, ref(req.params), req.body.csv, staffAuditActor(req));
      return reply
        .code(201)
        .send({ data, message: translate(req.locale, 'backoffice_bar.imported', { count: data.imported }) });
    },
  );
};
export default barAdminRoutes;
