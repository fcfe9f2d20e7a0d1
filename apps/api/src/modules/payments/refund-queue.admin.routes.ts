/**
 * Refunds to buyers' payment methods in the organiser's refund queue, under
 * /api/backoffice/organizers/:organizerId/refunds/payments (the wallet requests are
 * wallet/refunds.admin.routes.ts, the same page). Both need `orders.refund`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatEur } from '@bilheteira/shared/money';
import {
  adminPaymentRefundListQuery,
  adminPaymentRefundListResponse,
  paymentRefundParams,
  paymentRefundRetryResponse,
} from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, organizerParams } from '../events/events.admin.http';
import { createPaymentsContext } from './payments.context';
import { listOrganizerPaymentRefunds, retryOrganizerRefund } from './refund-queue.service';

const BASE = '/backoffice/organizers/:organizerId/refunds/payments';

const refundQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = app.requireStaff({ permission: 'orders.refund' });
  const ctx = createPaymentsContext(app);

  app.get(
    BASE,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          "Refunds to buyers' payment methods on the organiser's events (cancellations and other order refunds; 25 a page, the latest moved first), by kind, status and event",
        params: organizerParams,
        querystring: adminPaymentRefundListQuery,
        response: { 200: adminPaymentRefundListResponse },
      },
    },
    async (req) => listOrganizerPaymentRefunds(app.db, req.params.organizerId, req.query),
  );

  app.post(
    `${BASE}/:paymentId/retry`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary:
          'Tries a failed refund again through the payment provider, once (concurrent retries make one refund; one no longer failed answers retried: false)',
        params: paymentRefundParams,
        response: { 200: paymentRefundRetryResponse },
      },
    },
    async (req) => {
      const { organizerId, paymentId } = req.params;
      const data = await retryOrganizerRefund(ctx, organizerId, paymentId, staffAuditActor(req), new Date());
      const { refund } = data;
      const message = !data.retried
        ? translate(req.locale, 'backoffice_refunds.retry_not_failed')
        : refund.status === 'refunded'
          ? translate(req.locale, 'backoffice_refunds.retry_refunded', {
              amount: formatEur(refund.amount_cents),
            })
          : translate(req.locale, 'backoffice_refunds.retry_failed', { error: refund.error ?? '' });
      return { data, message };
    },
  );
};
export default refundQueueRoutes;
