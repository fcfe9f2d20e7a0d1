/**
 * The wallet float of an event reconciled against its ledger, under
 * /api/backoffice/organizers/:organizerId/events/:eventId/wallet/reconciliation (`finance.view`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconciliationResponse } from '@bilheteira/shared/schemas/backoffice-bar-products';
import { BACKOFFICE_TAGS, eventParams } from '../events/events.admin.http';
import { organizerReconciliation, reconciliationCsv } from './reconciliation.service';

const BASE = '/backoffice/organizers/:organizerId/events/:eventId/wallet/reconciliation';

const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = app.requireStaff({ permission: 'finance.view' });

  app.get(
    BASE,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The event's wallet float reconciled against its ledger: in − out = float, to the cent",
        params: eventParams,
        response: { 200: reconciliationResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { organizerId, eventId } = req.params;
      return { data: await organizerReconciliation(app.db, organizerId, eventId, new Date()) };
    },
  );

  app.get(
    `${BASE}.csv`,
    {
      preValidation: finance,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'The reconciliation as CSV (a download; `;` and a decimal comma in pt-PT and es)',
        params: eventParams,
      },
    },
    async (req, reply) => {
      const { organizerId, eventId } = req.params;
      const report = await organizerReconciliation(app.db, organizerId, eventId, new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${eventId}.csv"`)
        .header('cache-control', 'no-store')
        .send(reconciliationCsv(report, req.locale));
    },
  );
};
export default reconciliationRoutes;
