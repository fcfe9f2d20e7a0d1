/**
 * The customer's side of a postponement: asking for the refund of a paid order of a postponed
 * event (or session) inside the organiser's window. The customer's own order only (another's
 * answers 404); not from a support session (money goes back to the customer's card).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { postponementRefundResponse } from '@bilheteira/shared/schemas/event-lifecycle';
import { translate } from '../../i18n/messages';
import { forbidImpersonation } from '../../plugins/auth';
import { auditActor } from '../../plugins/http-helpers';
import { requestPostponementRefund } from './postponement-refund.service';
import './event-lifecycle.messages';

const eventLifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:orderId/postponement-refund',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['checkout'],
        summary:
          'Refund of a paid order of a postponed event, inside its window (refund_until): tickets cancelled, the payment given back to the original method. 422 postponement_refund_closed / event_not_postponed',
        params: z.object({ orderId: idParam }),
        response: { 200: postponementRefundResponse },
      },
    },
    async (req) => ({
      data: await requestPostponementRefund(
        app.db,
        req.auth!.customer.id,
        req.params.orderId,
        auditActor(req),
        new Date(),
      ),
      message: translate(req.locale, 'event_lifecycle.refund_requested'),
    }),
  );
};

export default eventLifecycleRoutes;
