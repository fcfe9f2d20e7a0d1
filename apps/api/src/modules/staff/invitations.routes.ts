import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import { acceptInvitationBody, invitationPreview } from '@bilheteira/shared/schemas/backoffice';
import { translate } from '../../i18n/messages';
import { acceptInvitation, joinWithAccount, previewInvitation } from './team.service';
import './staff.messages';

const TAGS = ['backoffice'];
const tokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'staff.invitation_invalid' }),
});
const done = envelope(z.object({ message: z.string() }));

/** Opening and accepting a team invitation (the link in the email). */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backoffice/invitations/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'What an invitation offers (organiser, email, role) before it is accepted',
        params: tokenParams,
        response: { 200: envelope(invitationPreview) },
      },
    },
    async (req) => {
      const p = await previewInvitation(app.db, req.params.token, new Date());
      return {
        data: {
          organizer_name: p.organizerName,
          email: p.email,
          role: p.role,
          account_exists: p.accountExists,
        },
      };
    },
  );

  app.post(
    '/backoffice/invitations/:token/accept',
    {
      schema: {
        tags: TAGS,
        summary: 'Accepts an invitation as a new back-office user (name and password); then sign in',
        params: tokenParams,
        body: acceptInvitationBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await acceptInvitation(app.db, req.params.token, req.body, new Date());
      return { data: { message: translate(req.locale, 'staff.invitation_accepted') } };
    },
  );

  app.post(
    '/backoffice/invitations/:token/join',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: TAGS,
        summary: 'Accepts an invitation with the signed-in account (same email)',
        params: tokenParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await joinWithAccount(app.db, req.params.token, req.staff!.user, new Date());
      return { data: { message: translate(req.locale, 'staff.invitation_accepted') } };
    },
  );
};

export default invitationRoutes;
