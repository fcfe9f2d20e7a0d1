/**
 * The organiser's team refunds lines of an order (issue 27 item 2), beside the provider that
 * gives the money back (payments), under /api/backoffice/organizers/:organizerId/orders/:orderId:
 *
 * - POST …/refunds (Idempotency-Key header required) `{ all: true }` or `{ lines: [{ line_id,
 *   qty }, { line_id, amount_cents }] }`, optional `reason`: refunds to the original payment method.
 * - POST …/refunds/:refundId/retry: a refund the provider refused, tried again.
 *
 * Both need `orders.refund` (owners, admins, finance): they move money and cancel tickets.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatEur } from '@bilheteira/shared/money';
import type { Locale } from '@bilheteira/shared/locales';
import { adminOrderParams } from '@bilheteira/shared/schemas/backoffice-orders';
import {
  adminOrderRefundBody,
  adminOrderRefundParams,
  adminOrderRefundResponse,
} from '@bilheteira/shared/schemas/backoffice-order-refunds';
import { translate } from '../../i18n/messages';
import { validationFailed } from '../../lib/errors';
import { idempotencyKey, staffAuditActor } from '../../plugins/http-helpers';
import { createPaymentsContext } from './payments.context';
import {
  refundOrderLines,
  retryOrderRefund,
  sendStalePendingRefunds,
} from './order-line-refund.admin.service';
import './order-line-refund.messages';

const BASE = '/backoffice/organizers/:organizerId/orders/:orderId/refunds';

const orderLineRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createPaymentsContext(app);
  const refunder = app.requireStaff({ permission: 'orders.refund' });
  const answer = (locale: Locale, r: Awaited<ReturnType<typeof refundOrderLines>>) => ({
    data: { refund: r.refund, order_status: r.orderStatus },
    message: translate(locale, `backoffice_refunds.${r.refund.status}`, {
      amount: formatEur(r.refund.amount_cents),
    }),
  });

  app.post(
    BASE,
    {
      preValidation: refunder,
      schema: {
        tags: ['backoffice'],
        summary:
          'Refunds some or all lines of a paid order to the original payment method: tickets cancelled, places given back, top-ups up to what the wallet holds unspent',
        params: adminOrderParams,
        headers: z.object({
          'idempotency-key': z
            .string()
            .optional()
            .describe('Required: the same key answers the first refund'),
        }),
        body: adminOrderRefundBody,
        response: { 200: adminOrderRefundResponse },
      },
    },
    async (req) => {
      const key = idempotencyKey(req);
      if (!key) throw validationFailed({ 'idempotency-key': ['validation.required'] });
      const result = await refundOrderLines(
        { db: app.db, provider: ctx.provider, publicUrl: ctx.publicUrl },
        {
          organizerId: req.params.organizerId,
          orderId: req.params.orderId,
          all: req.body.all,
          lines: req.body.lines,
          reason: req.body.reason,
          idempotencyKey: key,
          actor: staffAuditActor(req),
        },
        new Date(),
      );
      return answer(req.locale, result);
    },
  );

  app.post(
    `${BASE}/:refundId/retry`,
    {
      preValidation: refunder,
      schema: {
        tags: ['backoffice'],
        summary: 'Tries a refund the payment provider refused again (same provider call and key)',
        params: adminOrderRefundParams,
        response: { 200: adminOrderRefundResponse },
      },
    },
    async (req) => {
      const result = await retryOrderRefund(
        { db: app.db, provider: ctx.provider, publicUrl: ctx.publicUrl },
        { ...req.params, actor: staffAuditActor(req) },
        new Date(),
      );
      return answer(req.locale, result);
    },
  );

  app.jobs.push({
    name: 'order-line-refunds-stale',
    everyMs: 30_000,
    run: () =>
      sendStalePendingRefunds({ db: app.db, provider: ctx.provider, publicUrl: ctx.publicUrl }, new Date()),
  });
};

export default orderLineRefundRoutes;
