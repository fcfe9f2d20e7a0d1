import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatEur } from '@bilheteira/shared/money';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  accessCodeCheckBody,
  accessUnlockResponse,
  promoQuoteBody,
  promoQuoteResponse,
} from '@bilheteira/shared/schemas/pricing';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { unlockHiddenTypes } from './access-unlock.service';
import { quotePromo } from './promo-quote.service';

/**
 * The codes a buyer types: the event page's access code (unlocks hidden ticket types) and the
 * checkout's promo code (what it takes off before the order is created).
 */
const checkoutCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events/:eventId/access-code',
    {
      schema: {
        tags: ['events'],
        summary: 'The hidden ticket types an access code unlocks (event page)',
        description:
          'Add them to the cart and order them with the same `access_code`. A private event needs ' +
          '`event_slug`. Errors: 404 event_not_found; 422 code_unknown, code_expired; 409 ' +
          'code_used_up; 429 after too many wrong codes from the address.',
        params: z.object({ eventId: idParam }),
        body: accessCodeCheckBody,
        response: { 200: accessUnlockResponse },
      },
    },
    async (req) => {
      const data = await unlockHiddenTypes(
        app.db,
        {
          eventId: req.params.eventId,
          code: req.body.code,
          slug: req.body.event_slug,
          who: { ip: clientIp(req) },
          locale: req.locale,
        },
        new Date(),
      );
      const names = data.ticket_types.map((x) => x.name).join(', ');
      return { data, message: translate(req.locale, 'pricing.access_unlocked', { names }) };
    },
  );

  app.post(
    '/orders/promo-quote',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: "What a promo code takes off the customer's cart for an event (nothing is reserved)",
        description:
          'Priced as POST /api/orders will price the order (price steps, code rules, service cost ' +
          'on the price after the discount); send the same `promo_code` with the order. Errors: ' +
          '422 code_unknown, code_not_yet, code_expired, code_customer_limit, code_not_applicable, ' +
          'cart_empty; 409 code_used_up; 429 after too many code attempts (per customer and address).',
        security: [{ bearer: [] }],
        body: promoQuoteBody,
        response: { 200: promoQuoteResponse },
      },
    },
    async (req) => {
      const data = await quotePromo(
        app.db,
        { customerId: req.auth!.customer.id, visitorId: req.visitorId, body: req.body, ip: clientIp(req) },
        new Date(),
      );
      return {
        data,
        message: translate(req.locale, 'pricing.promo_applied', {
          code: data.code,
          amount: formatEur(data.discount_cents),
        }),
      };
    },
  );
};

export default checkoutCodesRoutes;
