/**
 * The activity log: /api/backoffice/organizers/:organizerId/activity (`audit.view`: owners and
 * admins; platform operators read any organiser's) and /api/backoffice/operator/activity
 * (platform operators: every entry, support impersonation included).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  activityActorsResponse,
  activityQuery,
  activityOrganizersResponse,
  activityResponse,
  operatorActivityQuery,
} from '@bilheteira/shared/schemas/backoffice-audit';
import { BACKOFFICE_TAGS } from '../events/events.admin.http';
import {
  activityActors,
  activityOrganizers,
  organizerActivity,
  platformActivity,
} from './audit.admin.service';

const organizerParams = z.object({ organizerId: idParam });

const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = app.requireStaff({ permission: 'audit.view' });
  const operator = app.requireStaff({ operator: true });

  app.get(
    '/backoffice/organizers/:organizerId/activity',
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "The organiser's activity log, newest first (50 a page; `before` = the last id seen): who, what, when, which session",
        params: organizerParams,
        querystring: activityQuery,
        response: { 200: activityResponse },
      },
    },
    async (req) => organizerActivity(app.db, req.params.organizerId, req.query),
  );

  app.get(
    '/backoffice/organizers/:organizerId/activity/actors',
    {
      preValidation: viewer,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The organiser's team, as the activity log's actor filter",
        params: organizerParams,
        response: { 200: activityActorsResponse },
      },
    },
    async (req) => ({ data: await activityActors(app.db, req.params.organizerId) }),
  );

  app.get(
    '/backoffice/operator/activity',
    {
      preValidation: operator,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "Every organiser's activity log and the platform's (support impersonation included), newest first; filter by organiser",
        querystring: operatorActivityQuery,
        response: { 200: activityResponse },
      },
    },
    async (req) => platformActivity(app.db, req.query),
  );

  app.get(
    '/backoffice/operator/activity/organizers',
    {
      preValidation: operator,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "Every organiser's id and name, as the platform activity log's organiser filter",
        response: { 200: activityOrganizersResponse },
      },
    },
    async () => ({ data: await activityOrganizers(app.db) }),
  );
};
export default auditAdminRoutes;
