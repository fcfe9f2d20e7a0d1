import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { orderHoldMs } from '../orders/order-hold';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-provider';
import { stripeProvider } from './stripe-provider';

/** What the payment services need from the app: the database, the provider and the configuration they use. */
export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  devTools: boolean;
  /** how long a pending order holds its tickets (orderHoldMs): an open attempt extends it up to holdCapMs */
  orderHoldMs: number;
}

/** The provider is Stripe when STRIPE_SECRET_KEY is set, else the offline sandbox. */
export function createPaymentsContext(app: FastifyInstance): PaymentsContext {
  const key = app.config.STRIPE_SECRET_KEY;
  return {
    db: app.db,
    provider: key ? stripeProvider(key) : sandboxProvider(),
    publicUrl: app.config.PUBLIC_URL,
    devTools: app.config.devTools,
    orderHoldMs: orderHoldMs(app.config),
  };
}
