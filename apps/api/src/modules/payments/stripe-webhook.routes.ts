import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleStripeEvent } from './payment-confirmation.service';
import { createPaymentsContext } from './payments.context';
import { paymentErrors } from './payments.errors';
import { stripeClient } from './stripe-provider';

/** POST /api/payments/stripe/webhook: Stripe's confirmations, fulfilled exactly once. */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createPaymentsContext(app);
  // Stripe webhooks: verified on the raw body, so this scope keeps bodies as bytes.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['checkout'],
          summary: 'Stripe webhook (signature checked with STRIPE_WEBHOOK_SECRET); idempotent by event id',
          response: { 200: z.object({ received: z.boolean(), outcome: z.string() }) },
        },
      },
      async (req) => {
        const secret = app.config.STRIPE_WEBHOOK_SECRET;
        const signature = req.headers['stripe-signature'];
        if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(req.body))
          throw paymentErrors.webhookInvalid();
        let event;
        try {
          event = stripeClient(app.config.STRIPE_SECRET_KEY ?? 'sk_unused').webhooks.constructEvent(
            req.body,
            signature,
            secret,
          );
        } catch {
          throw paymentErrors.webhookInvalid();
        }
        const outcome = await handleStripeEvent(ctx, event, new Date());
        return { received: true, outcome };
      },
    );
  });
};

export default stripeWebhookRoutes;
