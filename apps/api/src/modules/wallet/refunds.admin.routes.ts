/**
 * Wallet refunds in the back office (issue 27 item 6), under
 * /api/backoffice/organizers/:organizerId/refunds: the queue, decisions on many requests at
 * once and the organiser's SEPA file. All need `orders.refund`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRefundListQuery,
  adminRefundListResponse,
  refundDecisionBody,
  refundDecisionResponse,
} from '@bilheteira/shared/schemas/backoffice-refunds';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, organizerParams } from '../events/events.admin.http';
import { decideRefunds, exportOrganizerRefunds, listOrganizerRefunds } from './refunds.admin.service';
import './refunds.admin.messages';

const BASE = '/backoffice/organizers/:organizerId/refunds';

const refundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // preValidation: a caller without the permission is refused before their input is read
  const finance = app.requireStaff({ permission: 'orders.refund' });

  app.get(
    BASE,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "Wallet refund requests on the organiser's events (25 a page, newest first), by status, event and holder name, email or mobile",
        params: organizerParams,
        querystring: adminRefundListQuery,
        response: { 200: adminRefundListResponse },
      },
    },
    async (req) => listOrganizerRefunds(app.db, req.params.organizerId, req.query),
  );

  app.post(
    `${BASE}/decisions`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Approves, rejects (with the reason the customer reads; the money goes back to the wallet) or marks paid up to 200 requests; any id not of this organiser refuses the whole call (404)',
        params: organizerParams,
        body: refundDecisionBody,
        response: { 200: refundDecisionResponse },
      },
    },
    async (req) => {
      const data = await decideRefunds(
        app.db,
        req.params.organizerId,
        req.body,
        staffAuditActor(req),
        req.locale,
        new Date(),
      );
      const message = translate(req.locale, 'backoffice_refunds.decided', {
        done: data.done.length,
        total: req.body.ids.length,
      });
      return { data, message };
    },
  );

  app.post(
    `${BASE}/sepa-export`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "SEPA pain.001 file (a download) of the organiser's approved refunds not exported yet, paid from the organiser's IBAN",
        params: organizerParams,
      },
    },
    async (req, reply) => {
      const out = await exportOrganizerRefunds(
        app.db,
        req.params.organizerId,
        staffAuditActor(req),
        new Date(),
      );
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.messageId}.xml"`)
        .header('x-refund-count', String(out.count))
        .header('x-refund-total-cents', String(out.totalCents))
        .send(out.xml);
    },
  );
};
export default refundsAdminRoutes;
