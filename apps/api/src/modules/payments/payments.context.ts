import type { FastifyInstance } from 'fastify';
import { sandboxProvider } from './sandbox-provider';
import { stripeProvider } from './stripe-provider';
import type { PaymentsContext } from './payments.service';

/** The provider is Stripe when STRIPE_SECRET_KEY is set, else the offline sandbox. */
export function createPaymentsContext(app: FastifyInstance): PaymentsContext {
  const key = app.config.STRIPE_SECRET_KEY;
  return {
    db: app.db,
    provider: key ? stripeProvider(key) : sandboxProvider(),
    publicUrl: app.config.PUBLIC_URL,
    devTools: app.config.devTools,
  };
}
