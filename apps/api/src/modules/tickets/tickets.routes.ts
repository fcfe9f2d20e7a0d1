import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ticketsQuery,
  ticketsResponse,
  ticketValidatedResponse,
  tokenPathParam,
  transferTicketBody,
  transferTicketResponse,
} from '@bilheteira/shared/schemas/tickets';
import { translate } from '../../i18n/messages';
import { forbidImpersonation } from '../../plugins/auth';
import { getTicketValidation, listCustomerTickets, transferTicket } from './tickets.service';

const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/tickets',
    {
      onRequest: app.requireCustomer,
      schema: {
        tags: ['tickets'],
        summary: "The customer's tickets with status and check-ins (one event via event_id or Event-Id)",
        security: [{ bearer: [] }],
        querystring: ticketsQuery,
        response: { 200: ticketsResponse },
      },
    },
    async (req) => {
      const eventId = req.query.event_id ?? req.eventIdHeader ?? undefined;
      return { data: await listCustomerTickets(app.db, req.auth!.customer.id, eventId, new Date()) };
    },
  );

  app.get(
    '/customers/ticket-validated/*',
    {
      onRequest: app.requireCustomer,
      schema: {
        tags: ['tickets'],
        summary: "Status object (name) and check-in list of one of the customer's tickets",
        security: [{ bearer: [] }],
        params: tokenPathParam,
        response: { 200: ticketValidatedResponse },
      },
    },
    async (req) => ({
      data: await getTicketValidation(app.db, req.auth!.customer.id, req.params['*'], new Date()),
    }),
  );

  app.post(
    '/customers/transfer-ticket',
    {
      onRequest: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['tickets'],
        summary: 'Transfers a valid, unused ticket to another mobile number (new token, old one revoked)',
        security: [{ bearer: [] }],
        body: transferTicketBody,
        response: { 200: transferTicketResponse },
      },
    },
    async (req) => {
      const { customer } = req.auth!;
      const { pending } = await transferTicket(
        app.db,
        {
          customer: {
            id: customer.id,
            mobile: customer.mobile,
            firstName: customer.firstName,
            lastName: customer.lastName,
          },
          ticketId: req.body.customer_ticket_id,
          e164: req.body.e164,
          recipientPhone: { dialCode: req.body.mobile_country_code, national: req.body.national },
          locale: req.locale,
          publicUrl: app.config.PUBLIC_URL,
          impersonatedBy: req.auth!.impersonatedBy,
        },
        new Date(),
      );
      const message = translate(
        req.locale,
        pending ? 'ticket.transfer_success_pending' : 'ticket.transfer_success',
        {
          mobile: req.body.e164,
        },
      );
      return { data: { message, pending }, message };
    },
  );
};

export default ticketsRoutes;
