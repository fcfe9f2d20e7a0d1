import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, formInt, idParam, paginationMeta } from '@bilheteira/shared/schemas/common';
import {
  approveRequestBody,
  organizerRequestView,
  rejectRequestBody,
} from '@bilheteira/shared/schemas/backoffice';
import { translate } from '../../i18n/messages';
import {
  approveOrganizerRequest,
  organizerRequestQueue,
  rejectOrganizerRequest,
} from './organizer-onboarding.service';

const TAGS = ['backoffice'];
const listQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  page: formInt(z.number().int().min(1).max(10_000)).default(1),
});

/** The platform operator's queue of organiser requests (back office). */
const organizerRequestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = app.requireStaff({ operator: true });

  app.get(
    '/backoffice/operator/organizer-requests',
    {
      preHandler: operator,
      schema: {
        tags: TAGS,
        summary: 'Organiser requests by status, newest first (50 per page)',
        querystring: listQuery,
        response: { 200: z.object({ data: z.array(organizerRequestView), meta: paginationMeta }) },
      },
    },
    async (req) => organizerRequestQueue(app.db, req.query.status, req.query.page),
  );

  app.post(
    '/backoffice/operator/organizer-requests/:id/approve',
    {
      preHandler: operator,
      schema: {
        tags: TAGS,
        summary: 'Approves a request: creates the organiser and invites the requester as its owner',
        params: z.object({ id: idParam }),
        body: approveRequestBody,
        response: { 200: envelope(z.object({ organizer_id: z.number(), message: z.string() })) },
      },
    },
    async (req) => {
      const organizerId = await approveOrganizerRequest(
        app.db,
        {
          requestId: req.params.id,
          nif: req.body.nif,
          iban: req.body.iban,
          operatorId: req.staff!.user.id,
          backofficeUrl: app.config.BACKOFFICE_URL,
        },
        new Date(),
      );
      return {
        data: { organizer_id: organizerId, message: translate(req.locale, 'staff.request_approved') },
      };
    },
  );

  app.post(
    '/backoffice/operator/organizer-requests/:id/reject',
    {
      preHandler: operator,
      schema: {
        tags: TAGS,
        summary: 'Rejects a request with a reason, emailed to the requester',
        params: z.object({ id: idParam }),
        body: rejectRequestBody,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      await rejectOrganizerRequest(
        app.db,
        { requestId: req.params.id, reason: req.body.reason, operatorId: req.staff!.user.id },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'staff.request_rejected') } };
    },
  );
};

export default organizerRequestAdminRoutes;
