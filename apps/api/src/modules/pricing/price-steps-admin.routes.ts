import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import { priceStepsBody, priceStepView } from '@bilheteira/shared/schemas/pricing';
import { translate } from '../../i18n/messages';
import { BASE, eventParams, scopeOf } from './pricing-admin.routes';
import { priceStepsOf, setPriceSteps } from './pricing.service';
import './pricing.messages';

const TAGS = ['backoffice'];
const typeParams = eventParams.extend({ ticketTypeId: idParam });

/**
 * A ticket type's announced price steps (early bird → regular → door), needing `events.edit`
 * in the route's organiser; another organiser's event or type answers 404.
 */
const priceStepsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const editor = app.requireStaff({ permission: 'events.edit' });

  app.get(
    `${BASE}/ticket-types/:ticketTypeId/price-steps`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "A ticket type's announced price steps, in the order they apply",
        params: typeParams,
        response: { 200: envelope(z.array(priceStepView)) },
      },
    },
    async (req) => ({ data: await priceStepsOf(app.db, scopeOf(req), req.params.ticketTypeId) }),
  );

  app.put(
    `${BASE}/ticket-types/:ticketTypeId/price-steps`,
    {
      preValidation: editor,
      schema: {
        tags: TAGS,
        summary: "Replaces a ticket type's price steps (early bird → regular → door)",
        description:
          'Each step ends at a date, after a number of places taken, or both (whichever first); ' +
          "after the last one the ticket type's own price applies. Orders keep what they were charged.",
        params: typeParams,
        body: priceStepsBody,
        response: { 200: envelope(z.array(priceStepView)) },
      },
    },
    async (req) => ({
      data: await setPriceSteps(app.db, scopeOf(req), req.params.ticketTypeId, req.body),
      message: translate(req.locale, 'pricing.saved'),
    }),
  );
};

export default priceStepsAdminRoutes;
