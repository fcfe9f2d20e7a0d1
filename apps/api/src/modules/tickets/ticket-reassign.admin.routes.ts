/**
 * POST /api/backoffice/organizers/:organizerId/orders/:orderId/tickets/:ticketId/reassign: the
 * organiser's team gives a ticket to another mobile with a reason (ticket-reassign.admin.service.ts).
 * It needs `orders.refund` (owners, admins, finance), the permission that changes orders: a
 * ticket changing hands is a change to the order, which viewers and door staff only read.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderTicketParams,
  adminTicketReassignBody,
  adminTicketReassignResponse,
} from '@bilheteira/shared/schemas/backoffice-order-refunds';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { reassignTicketForOrganizer } from './ticket-reassign.admin.service';
import './ticket-reassign.messages';

const ticketReassignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/backoffice/organizers/:organizerId/orders/:orderId/tickets/:ticketId/reassign',
    {
      preValidation: app.requireStaff({ permission: 'orders.refund' }),
      schema: {
        tags: ['backoffice'],
        summary:
          "Gives a ticket of the order to another mobile with the team's reason (new token, the old one revoked, SMS to the new holder)",
        params: adminOrderTicketParams,
        body: adminTicketReassignBody,
        response: { 200: adminTicketReassignResponse },
      },
    },
    async (req) => {
      const { ticketId, pending } = await reassignTicketForOrganizer(
        app.db,
        {
          ...req.params,
          e164: req.body.e164,
          recipientPhone: { dialCode: req.body.mobile_country_code, national: req.body.national },
          reason: req.body.reason,
          actor: staffAuditActor(req),
          locale: req.locale,
          publicUrl: app.config.PUBLIC_URL,
        },
        new Date(),
      );
      const message = translate(
        req.locale,
        pending ? 'backoffice_reassign.done_pending' : 'backoffice_reassign.done',
        {
          mobile: req.body.e164,
        },
      );
      return { data: { ticket_id: ticketId, pending, to_mobile: req.body.e164 }, message };
    },
  );
};

export default ticketReassignRoutes;
