import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { cancelPaymentResponse } from '@bilheteira/shared/schemas/payments';
import { translate } from '../../i18n/messages';
import { auditActor } from '../../plugins/http-helpers';
import { toPaymentView } from '../orders/order-view.service';
import { cancelOpenAttempt } from './payment-cancel.service';
import { createPaymentsContext } from './payments.context';
import './payments.messages';

/** POST /api/orders/:id/payment/cancel: the customer stops waiting for an MB WAY request. */
const paymentCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createPaymentsContext(app);
  app.post(
    '/orders/:id/payment/cancel',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: "End the order's open payment attempt (MB WAY: use another method)",
        description:
          'Ends the attempt still waiting for the customer, here and at the provider, so the ' +
          'order can be paid by another method. Idempotent: with nothing open it changes ' +
          'nothing and answers cancelled=false with the newest attempt and the order; a paid ' +
          'order stays paid (order.status "paid"). 404 for an order that is not the ' +
          "customer's, 409 payment_in_progress while the provider is still creating the attempt.",
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        response: { 200: cancelPaymentResponse },
      },
    },
    async (req) => {
      const { cancelled, payment, order } = await cancelOpenAttempt(
        ctx,
        { customerId: req.auth!.customer.id, orderId: req.params.id, actor: auditActor(req) },
        new Date(),
      );
      return {
        data: { cancelled, payment: payment ? toPaymentView(payment) : null, order },
        ...(cancelled ? { message: translate(req.locale, 'payment.cancelled') } : {}),
      };
    },
  );
};

export default paymentCancelRoutes;
