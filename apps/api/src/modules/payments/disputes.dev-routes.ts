import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxDisputeBody } from '@bilheteira/shared/schemas/backoffice-payouts';
import { sandboxDispute } from './disputes.service';

/**
 * Sandbox chargebacks (development only): the sandbox's bank disputes a sandbox payment, as
 * Stripe's `charge.dispute.*` events do for real ones; a repeat moves the same dispute.
 */
const disputesDevRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/disputes',
    {
      schema: {
        tags: ['dev'],
        summary: "A sandbox payment disputed by the buyer's bank, at a status (development only)",
        body: sandboxDisputeBody,
        response: {
          200: z.object({ data: z.object({ id: z.number(), status: z.string(), amount_cents: z.number() }) }),
        },
      },
    },
    async (req) => {
      const row = await sandboxDispute(
        app.db,
        {
          paymentId: req.body.payment_id,
          status: req.body.status,
          amountCents: req.body.amount_cents,
          reason: req.body.reason,
        },
        new Date(),
      );
      return { data: { id: row.id, status: row.status, amount_cents: row.amountCents } };
    },
  );
};
export default disputesDevRoutes;
