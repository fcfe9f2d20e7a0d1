/**
 * POST /api/backoffice/organizers/:organizerId/orders/:orderId/resend: the paid order's email
 * with its tickets, queued again to the buyer. Beside the email it sends (the payments module);
 * the rest of the back office's orders is orders.admin.routes.ts. Resending acts on the order
 * and writes to the buyer, so it needs `orders.refund` (owners, admins, finance), the permission
 * that changes orders: viewers, door and bar staff only read or have no access.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderParams, adminOrderResendResponse } from '@bilheteira/shared/schemas/backoffice-orders';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { resendOrderTickets } from './order-resend.admin.service';
import './order-resend.messages';

const orderResendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/backoffice/organizers/:organizerId/orders/:orderId/resend',
    {
      preValidation: app.requireStaff({ permission: 'orders.refund' }),
      schema: {
        tags: ['backoffice'],
        summary: "Queues the paid order's email with its tickets to the buyer again (audited)",
        params: adminOrderParams,
        response: { 200: adminOrderResendResponse },
      },
    },
    async (req) => {
      const data = await resendOrderTickets(
        app.db,
        req.params.organizerId,
        req.params.orderId,
        staffAuditActor(req),
        app.config.PUBLIC_URL,
      );
      return { data, message: translate(req.locale, 'backoffice_orders.resent', { email: data.recipient }) };
    },
  );
};

export default orderResendRoutes;
