import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import { staffSessionView } from '@bilheteira/shared/schemas/backoffice';
import { translate } from '../../i18n/messages';
import { notFound } from '../../lib/errors';
import { endStaffSession, sessionsOf } from './staff-auth.service';
import { STAFF_COOKIE } from './staff-session.service';
import './staff.messages';

const TAGS = ['backoffice'];

/** Signing out, and a back-office user's sessions (listed, revocable). */
const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/backoffice/auth/logout',
    {
      preHandler: app.requireStaff({ partial: true }),
      schema: {
        tags: TAGS,
        summary: 'Ends this session',
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req, reply) => {
      const { user, session } = req.staff!;
      await endStaffSession(app.db, user, session.id, new Date());
      reply.clearCookie(STAFF_COOKIE, { path: '/api/backoffice' });
      return { data: { message: translate(req.locale, 'staff.logged_out') } };
    },
  );

  app.get(
    '/backoffice/auth/sessions',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: TAGS,
        summary: "The user's live sessions",
        response: { 200: envelope(z.array(staffSessionView)) },
      },
    },
    async (req) => {
      const { user, session } = req.staff!;
      return { data: await sessionsOf(app.db, user, session.id, new Date()) };
    },
  );

  app.delete(
    '/backoffice/auth/sessions/:id',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: TAGS,
        summary: "Revokes one of the user's sessions (another device)",
        params: z.object({ id: idParam }),
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      const { user } = req.staff!;
      if (!(await endStaffSession(app.db, user, req.params.id, new Date()))) throw notFound();
      return { data: { message: translate(req.locale, 'staff.logged_out') } };
    },
  );
};

export default staffSessionRoutes;
