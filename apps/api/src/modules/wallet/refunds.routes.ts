import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import { refundRequestBody, refundView } from '@bilheteira/shared/schemas/wallet';
import { REFUND_STATUSES } from '@bilheteira/shared/wallet';
import { translate } from '../../i18n/messages';
import { forbidImpersonation } from '../../plugins/auth';
import {
  approveRefund,
  exportApprovedRefunds,
  markRefundPaid,
  operatorListRefunds,
  rejectRefund,
  requestRefund,
} from './refunds.service';
import { operatorKeyGuard } from '../../plugins/operator-key';

const idParams = z.object({ id: idParam });

export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Debtor account of the SEPA file (config: SEPA_DEBTOR_*). */
  const debtor = {
    name: app.config.SEPA_DEBTOR_NAME,
    iban: app.config.SEPA_DEBTOR_IBAN,
    bic: app.config.SEPA_DEBTOR_BIC,
  };

  const requireOperator = operatorKeyGuard(app);

  app.post(
    '/customers/wallet/refund-requests',
    {
      // the customer's own IBAN and money: never a support session (issue 23 item 7)
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['wallet'],
        summary: 'Requests the refund of the online top-up balance to an IBAN (0.75 EUR fee)',
        body: refundRequestBody,
        response: { 200: envelope(refundView) },
      },
    },
    async (req) => {
      const c = req.auth!.customer;
      const { refund, amountText } = await requestRefund(
        app.db,
        { id: c.id, firstName: c.firstName, lastName: c.lastName, nameBilling: c.nameBilling },
        {
          eventId: req.body.event_id,
          iban: req.body.iban,
          expectedRefundCents: req.body.expected_refund_cents,
        },
        new Date(),
      );
      return { data: refund, message: translate(req.locale, 'refund.requested', { amount: amountText }) };
    },
  );

  app.get(
    '/operator/refunds',
    {
      preHandler: requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Refund requests (operator key)',
        querystring: z.object({ status: z.enum(REFUND_STATUSES).optional() }),
      },
    },
    async (req) => ({ data: await operatorListRefunds(app.db, req.query.status) }),
  );

  for (const [action, run] of [
    ['approve', approveRefund],
    ['reject', rejectRefund],
    ['paid', markRefundPaid],
  ] as const) {
    app.post(
      `/operator/refunds/:id/${action}`,
      {
        preHandler: requireOperator,
        schema: {
          tags: ['operator'],
          summary: `Refund request: ${action} (operator key)`,
          params: idParams,
          response: { 200: envelope(refundView) },
        },
      },
      async (req) => ({ data: await run(app.db, req.params.id, 'operator', new Date()) }),
    );
  }

  app.post(
    '/operator/refunds/sepa-export',
    {
      preHandler: requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'SEPA pain.001 file with every approved refund not exported yet (operator key)',
      },
    },
    async (_req, reply) => {
      const out = await exportApprovedRefunds(app.db, debtor, 'operator', new Date());
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.messageId}.xml"`)
        .header('x-refund-count', String(out.count))
        .header('x-refund-total-cents', String(out.totalCents))
        .send(out.xml);
    },
  );
};
export default refundsRoutes;
