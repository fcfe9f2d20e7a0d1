import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { operatorKeyGuard } from '../../plugins/operator-key';
import {
  OPERATOR_PAYMENT_STATUSES,
  operatorListPayments,
  retryFailedRefund,
} from './payment-refunds.service';

/** Operators (X-Operator-Key): payments owed back to customers and their refund state. */
export const paymentOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireOperatorKey = operatorKeyGuard(app);

  app.get(
    '/operator/payments',
    {
      preHandler: requireOperatorKey,
      schema: {
        tags: ['operator'],
        summary: 'Payments owed back to customers and their refund state (operator key)',
        description:
          'status refund_pending (default, with refund_failed): money the refund job is giving back ' +
          'through the provider, with attempts and the last error; refunded: given back.',
        querystring: z.object({ status: z.enum(OPERATOR_PAYMENT_STATUSES).optional() }),
      },
    },
    async (req) => ({
      data: await operatorListPayments(
        app.db,
        req.query.status === undefined || req.query.status === 'refund_pending'
          ? ['refund_pending', 'refund_failed']
          : [req.query.status],
      ),
    }),
  );

  app.post(
    '/operator/payments/:id/retry-refund',
    {
      preHandler: requireOperatorKey,
      schema: {
        tags: ['operator'],
        summary: 'Gives a refund_failed payment back to the refund job (operator key)',
        description:
          'Once the cause is fixed (provider account, keys): refund_failed → refund_pending, tries from 0.',
        params: z.object({ id: idParam }),
      },
    },
    async (req) => ({ data: await retryFailedRefund(app.db, req.params.id, 'operator', new Date()) }),
  );
};

export default paymentOperatorRoutes;
