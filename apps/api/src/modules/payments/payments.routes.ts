import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  completePaymentBody,
  payOrderBody,
  payOrderResponse,
  paymentStatusResponse,
} from '@bilheteira/shared/schemas/payments';
import { translate } from '../../i18n/messages';
import { paymentErrors } from './payments.errors';
import { auditActor, idempotencyKey } from '../../plugins/http-helpers';
import { createPaymentsContext, type PaymentsContext } from './payments.context';
import { refundDuePayments } from './payment-refunds.service';
import { toPaymentView } from '../orders/order-view.service';
import { payOrder } from './pay-order.service';
import { chosenLocale, rememberCustomerLocale } from '../identity/customer-language.service';
import { expirePaymentAttempts, findOwnedPayment, syncReturn } from './payment-confirmation.service';
import {
  autoDecideSandboxMbway,
  decideSandboxPayment,
  sandboxAutoApproveMs,
} from './sandbox-payments.service';

const refParam = z.object({ reference: z.string().trim().min(4).max(100) });

/**
 * GET /api/payments/config: which provider takes payments and, with Stripe, the publishable
 * key the browser needs to mount Stripe's Payment Element (never the secret key).
 */
export const paymentsConfigResponse = z.object({
  data: z.object({
    provider: z.enum(['sandbox', 'stripe']),
    publishable_key: z.string().nullable(),
  }),
});
export type PaymentsConfigView = z.infer<typeof paymentsConfigResponse>['data'];

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createPaymentsContext(app);

  const publicConfig: PaymentsConfigView = {
    provider: ctx.provider.name,
    publishable_key: ctx.provider.name === 'stripe' ? (app.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The active payment provider and, with Stripe, its publishable key',
        description:
          'provider "sandbox" (offline default: the card form takes test numbers) or "stripe" ' +
          "(card, Apple Pay and Google Pay are confirmed in the browser with Stripe's Payment " +
          'Element, publishable_key and the client_secret of the pay answer).',
        response: { 200: paymentsConfigResponse },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: publicConfig };
    },
  );

  app.post(
    '/orders/:id/pay',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Pay a pending order: MB WAY, card, Google Pay or Apple Pay',
        description:
          'Answers the payment: approved (order paid, tickets issued), pending (MB WAY: poll ' +
          'GET /api/payments/{reference} during the 4-minute window) or requires_action (open ' +
          'redirect_url, back on /payment/redirects). A declined payment answers 422 ' +
          'payment_declined and the order stays payable. Sandbox test cards: 4242424242424242 ' +
          'approves, 4000000000000002 declines, 4000000000003220 asks for 3-D Secure. With Stripe, ' +
          'card/Apple Pay/Google Pay are confirmed in the browser with client_secret. One open ' +
          'attempt per order: a call identical to the open attempt (or made while it was being ' +
          'made) answers that attempt, without a second charge; a different one replaces it, or ' +
          'answers 409 payment_in_progress while the provider is still being asked.',
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: payOrderBody,
        response: { 200: payOrderResponse },
      },
    },
    async (req, reply) => {
      const now = new Date();
      // the confirmation email (sent at once for an approved card) is in the buyer's language
      await rememberCustomerLocale(app.db, req.auth!.customer.id, chosenLocale(req), {
        impersonated: !!req.auth!.impersonatedBy,
      });
      const { payment, order } = await payOrder(
        ctx,
        {
          customerId: req.auth!.customer.id,
          orderId: req.params.id,
          body: req.body,
          idempotencyKey: idempotencyKey(req),
          locale: req.locale,
          // parallel calls may queue for the database before reaching the handler
          arrivedAt: new Date(now.getTime() - reply.elapsedTime),
        },
        now,
      );
      const message =
        order.status === 'paid'
          ? translate(req.locale, 'payment.approved')
          : payment.method === 'mbway'
            ? translate(req.locale, 'payment.mbway_sent')
            : undefined;
      return { data: { payment: toPaymentView(payment), order }, ...(message ? { message } : {}) };
    },
  );

  app.get(
    '/payments/:reference',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'State of a payment attempt (polled while waiting for MB WAY)',
        security: [{ bearer: [] }],
        params: refParam,
        response: { 200: paymentStatusResponse },
      },
    },
    async (req) => {
      const { payment, order } = await findOwnedPayment(app.db, req.auth!.customer.id, req.params.reference);
      return { data: { payment: toPaymentView(payment), order_id: order.id, order_status: order.status } };
    },
  );

  app.post(
    '/payments/:reference/return',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Back from a provider page: sync the payment state (fulfils if it succeeded)',
        security: [{ bearer: [] }],
        params: refParam,
        response: { 200: paymentStatusResponse },
      },
    },
    async (req) => {
      const { payment, order } = await syncReturn(
        ctx,
        req.auth!.customer.id,
        req.params.reference,
        new Date(),
      );
      return { data: { payment: toPaymentView(payment), order_id: order.id, order_status: order.status } };
    },
  );

  app.post(
    '/payments/:reference/complete',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Sandbox 3-D Secure step: the customer approves or declines on /payment/redirects',
        security: [{ bearer: [] }],
        params: refParam,
        body: completePaymentBody,
        response: { 200: paymentStatusResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const found = await findOwnedPayment(app.db, req.auth!.customer.id, req.params.reference);
      if (found.payment.provider !== 'sandbox' || found.payment.status !== 'requires_action')
        throw paymentErrors.notAwaiting();
      await decideSandboxPayment(ctx, found.payment, req.body.outcome, auditActor(req), now);
      const { payment, order } = await findOwnedPayment(app.db, req.auth!.customer.id, req.params.reference);
      return { data: { payment: toPaymentView(payment), order_id: order.id, order_status: order.status } };
    },
  );

  registerPaymentJobs(app, ctx);
};

/**
 * The payment jobs every instance runs (SKIP LOCKED): attempts expire, money owed back is
 * refunded, and without Stripe the simulated MB WAY app answers (SANDBOX_MBWAY_AUTO_APPROVE_MS).
 */
function registerPaymentJobs(app: FastifyInstance, ctx: PaymentsContext): void {
  app.jobs.push({
    name: 'payments-expiry',
    everyMs: 10_000,
    run: () => expirePaymentAttempts(app.db, new Date()),
  });
  app.jobs.push({
    name: 'payments-refunds',
    everyMs: 15_000,
    run: () => refundDuePayments(ctx, new Date()),
  });
  const autoMs = sandboxAutoApproveMs(app.config);
  if (!app.config.STRIPE_SECRET_KEY && autoMs !== null) {
    app.jobs.push({
      name: 'sandbox-mbway-auto',
      everyMs: Math.min(1_000, autoMs),
      run: () => autoDecideSandboxMbway(ctx, autoMs, new Date()),
    });
  }
}

export default paymentsRoutes;
