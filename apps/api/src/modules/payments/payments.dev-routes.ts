import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { expireOrderNow } from '../orders/order-expiry.service';
import { decideSandboxByReference } from './sandbox-payments.service';
import { createPaymentsContext } from './payments.context';

const ok = z.object({ data: z.object({ ok: z.boolean(), expired: z.number().optional() }) });

/**
 * Sandbox controls (development only): answer a pending MB WAY request as the customer's
 * app would, and end an order's hold now (expiry without waiting minutes).
 */
export const paymentsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = createPaymentsContext(app);
  app.post(
    '/dev/payments/:reference/:outcome',
    {
      schema: {
        tags: ['dev'],
        summary: 'Approve or decline a pending sandbox payment (development only)',
        params: z.object({ reference: z.string().min(4).max(100), outcome: z.enum(['approve', 'decline']) }),
        response: { 200: ok },
      },
    },
    async (req) => {
      await decideSandboxByReference(ctx, req.params.reference, req.params.outcome, new Date());
      return { data: { ok: true } };
    },
  );

  app.post(
    '/dev/orders/:id/expire',
    {
      schema: {
        tags: ['dev'],
        summary: "End a pending order's hold now and run the expiry job (development only)",
        params: z.object({ id: idParam }),
        response: { 200: ok },
      },
    },
    async (req) => {
      const expired = await expireOrderNow(app.db, req.params.id, new Date(), ctx.orderHoldMs);
      return { data: { ok: true, expired } };
    },
  );
};
export default paymentsDevRoutes;
