import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import {
  invitationBody,
  memberRoleBody,
  teamInvitationView,
  teamMemberView,
} from '@bilheteira/shared/schemas/backoffice';
import { translate } from '../../i18n/messages';
import { changeMember, inviteMember, revokeInvitation, teamOf } from './team.service';
import './staff.messages';

const TAGS = ['backoffice'];
const organizerParams = z.object({ organizerId: idParam });
const memberParams = z.object({ organizerId: idParam, userId: idParam });
const invitationParams = z.object({ organizerId: idParam, invitationId: idParam });
const done = envelope(z.object({ message: z.string() }));

/** An organiser's team: members, their roles, invitations. */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const teamManager = app.requireStaff({ permission: 'team.manage' });

  app.get(
    '/backoffice/organizers/:organizerId/team',
    {
      preHandler: teamManager,
      schema: {
        tags: TAGS,
        summary: "The organiser's members and open invitations",
        params: organizerParams,
        response: {
          200: envelope(
            z.object({ members: z.array(teamMemberView), invitations: z.array(teamInvitationView) }),
          ),
        },
      },
    },
    async (req) => ({ data: await teamOf(app.db, req.params.organizerId, new Date()) }),
  );

  app.post(
    '/backoffice/organizers/:organizerId/invitations',
    {
      preHandler: teamManager,
      schema: {
        tags: TAGS,
        summary: 'Invites someone to the team by email with a role preset',
        params: organizerParams,
        body: invitationBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await inviteMember(
        app.db,
        {
          organizerId: req.params.organizerId,
          email: req.body.email,
          role: req.body.role,
          actor: { userId: req.staff!.user.id, role: req.staff!.role! },
          backofficeUrl: app.config.BACKOFFICE_URL,
          locale: req.locale,
        },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'staff.invited') } };
    },
  );

  app.delete(
    '/backoffice/organizers/:organizerId/invitations/:invitationId',
    {
      preHandler: teamManager,
      schema: {
        tags: TAGS,
        summary: 'Withdraws an open invitation: its link stops working',
        params: invitationParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await revokeInvitation(
        app.db,
        {
          organizerId: req.params.organizerId,
          invitationId: req.params.invitationId,
          actor: { userId: req.staff!.user.id, role: req.staff!.role! },
        },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'staff.invitation_revoked') } };
    },
  );

  app.patch(
    '/backoffice/organizers/:organizerId/members/:userId',
    {
      preHandler: teamManager,
      schema: {
        tags: TAGS,
        summary: "Changes a member's role",
        params: memberParams,
        body: memberRoleBody,
        response: { 200: done },
      },
    },
    async (req) => {
      await changeMember(app.db, {
        organizerId: req.params.organizerId,
        userId: req.params.userId,
        role: req.body.role,
        actor: { userId: req.staff!.user.id, role: req.staff!.role! },
      });
      return { data: { message: translate(req.locale, 'staff.saved') } };
    },
  );

  app.delete(
    '/backoffice/organizers/:organizerId/members/:userId',
    {
      preHandler: teamManager,
      schema: {
        tags: TAGS,
        summary: 'Removes a member from the team',
        params: memberParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await changeMember(app.db, {
        organizerId: req.params.organizerId,
        userId: req.params.userId,
        role: null,
        actor: { userId: req.staff!.user.id, role: req.staff!.role! },
      });
      return { data: { message: translate(req.locale, 'staff.saved') } };
    },
  );
};

export default teamRoutes;
