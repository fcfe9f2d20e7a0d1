import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addItemBody, cartQuery, cartResponse, updateItemBody } from '@bilheteira/shared/schemas/carts';
import { idParam } from '@bilheteira/shared/schemas/common';
import { bearerToken } from '../../plugins/auth';
import { clientIp } from '../../lib/client-ip';
import { translate } from '../../i18n/messages';
import { unauthorized } from '../../lib/errors';
import { cartErrors } from './carts.errors';
import { resolveSession } from '../identity/session.service';
import {
  addItem,
  changeItemQty,
  getCart,
  mergeCartsAtLogin,
  removeItem,
  type CartOwner,
} from './carts.service';

const headersDoc = z.object({
  'visitor-id': z.string().optional().describe('Random 16-digit number the browser keeps (spec §3)'),
  'event-id': z.string().optional(),
  'x-locale': z.string().optional(),
});

/**
 * Carts belong to the visitor (Visitor-Id) until they log in, then to the customer: a
 * valid bearer token wins, and the visitor's carts are merged into the customer's.
 */
export const cartsRoutes: FastifyPluginAsyncZod = async (app) => {
  async function owner(req: FastifyRequest, now: Date): Promise<CartOwner> {
    const token = bearerToken(req);
    if (token) {
      const found = await resolveSession(app.db, token, now);
      if (!found) throw unauthorized();
      await mergeCartsAtLogin(app.db, req.visitorId, found.customer.id, now);
      return { customerId: found.customer.id };
    }
    if (!req.visitorId) throw cartErrors.noVisitor();
    return { visitorId: req.visitorId };
  }

  app.post(
    '/carts/add-item',
    {
      schema: {
        tags: ['carts'],
        summary: 'Set the quantity of a cart line (same ticket and session updates it, else appends)',
        description:
          'Form or JSON. `amount` is the quantity the line should have (0 removes it). ' +
          '`session_date` is day/month/year (DD/MM/YYYY, converted by the client from the ' +
          "picker's YYYY-MM-DD) and `session_hour` HH:MM; for session events give `session_id` " +
          'or both of them. The cart belongs to the Visitor-Id header, or to the customer when ' +
          'a bearer token is sent. Answers the whole cart.',
        headers: headersDoc,
        body: addItemBody,
        response: { 200: cartResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const data = await addItem(app.db, await owner(req, now), { ...req.body, ip: clientIp(req) }, now);
      return { data, message: translate(req.locale, 'cart.updated') };
    },
  );

  app.get(
    '/carts',
    {
      schema: {
        tags: ['carts'],
        summary: "The visitor's or customer's cart for an event (event_id or the Event-Id header)",
        description: 'Without an event, answers the most recently changed cart.',
        headers: headersDoc,
        querystring: cartQuery,
        response: { 200: cartResponse },
      },
    },
    async (req) => ({
      data: await getCart(
        app.db,
        await owner(req, new Date()),
        req.query.event_id ?? req.eventIdHeader ?? undefined,
      ),
    }),
  );

  app.patch(
    '/carts/items/:identifier',
    {
      schema: {
        tags: ['carts'],
        summary: "Change a line's quantity (0 removes it)",
        headers: headersDoc,
        params: z.object({ identifier: idParam }),
        body: updateItemBody,
        response: { 200: cartResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const data = await changeItemQty(
        app.db,
        await owner(req, now),
        req.params.identifier,
        req.body.qty,
        now,
      );
      return { data, message: translate(req.locale, 'cart.updated') };
    },
  );

  app.delete(
    '/carts/items/:identifier',
    {
      schema: {
        tags: ['carts'],
        summary: 'Remove a line from the cart',
        headers: headersDoc,
        params: z.object({ identifier: idParam }),
        response: { 200: cartResponse },
      },
    },
    async (req) => {
      const now = new Date();
      const data = await removeItem(app.db, await owner(req, now), req.params.identifier, now);
      return { data, message: translate(req.locale, 'cart.updated') };
    },
  );
};
export default cartsRoutes;
