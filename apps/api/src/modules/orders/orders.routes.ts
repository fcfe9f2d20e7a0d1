import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  createOrderBody,
  orderResponse,
  ordersQuery,
  ordersResponse,
} from '@bilheteira/shared/schemas/orders';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { auditActor, idempotencyKey } from '../../plugins/http-helpers';
import { createOrder } from './create-order.service';
import { orderHoldMs } from './order-hold';
import { expireOrders } from './order-expiry.service';
import { getOrderDetail, listCustomerOrders, orderDetail } from './order-view.service';

const idemHeader = z.object({
  'idempotency-key': z.string().optional().describe('Repeat-safe key: the same key answers the first result'),
});

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const holdMs = orderHoldMs(app.config);
  app.post(
    '/orders',
    {
      // authenticated like every customer route, before any other refusal
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'Create a pending order from the cart (or items) and/or a wallet top-up; holds the tickets',
        description:
          'Reserves stock atomically for ORDER_HOLD_MINUTES (15 by default); then pay it with ' +
          'POST /api/orders/{id}/pay. A customer has at most one pending order per event: a new ' +
          'one replaces (cancels) the previous one and gives its tickets back. min/max per order ' +
          'count all lines of a ticket type together. A private (link-only) event needs ' +
          '`event_slug`; without it, it answers 404 like an unknown event. Errors: 401 without a ' +
          'live session (before any other refusal); 404 event_not_found; 422 cart_empty, ' +
          'below_minimum (details.items), above_maximum, topup_unavailable; 409 sold_out / ' +
          'session_full / day_full / group_full (a shared capacity: details.group_id, ticket_ids); ' +
          '429 rate_limited (ORDER_RATE_PER_CUSTOMER_PER_MINUTE, _PER_IP_).',
        security: [{ bearer: [] }],
        headers: idemHeader,
        body: createOrderBody,
        response: { 201: orderResponse, 200: orderResponse },
      },
    },
    async (req, reply) => {
      const now = new Date();
      const { order, created, detail } = await createOrder(
        app.db,
        {
          buyer: { customerId: req.auth!.customer.id, actor: auditActor(req) },
          visitorId: req.visitorId,
          body: req.body,
          idempotencyKey: idempotencyKey(req),
          locale: req.locale,
          holdMs,
          saleFacts: app.caches.saleFacts,
          limits: {
            perCustomerPerMinute: app.config.ORDER_RATE_PER_CUSTOMER_PER_MINUTE,
            perIpPerMinute: app.config.ORDER_RATE_PER_IP_PER_MINUTE,
            ip: clientIp(req),
          },
        },
        now,
      );
      reply.status(created ? 201 : 200);
      return {
        // a new order's detail is known without reading it back
        data: detail ?? (await orderDetail(app.db, order, now)),
        message: translate(req.locale, 'checkout.order_created'),
      };
    },
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: "The customer's orders (filter all, paid, pending, cancelled), newest first",
        security: [{ bearer: [] }],
        querystring: ordersQuery,
        response: { 200: ordersResponse },
      },
    },
    async (req) => listCustomerOrders(app.db, req.auth!.customer.id, req.query, new Date()),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['checkout'],
        summary: 'One order of the customer with lines, payments, receipt data and issued tickets',
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        response: { 200: orderResponse },
      },
    },
    async (req) => ({ data: await getOrderDetail(app.db, req.auth!.customer.id, req.params.id, new Date()) }),
  );

  // Unpaid orders give their tickets back; SKIP LOCKED makes it safe on every instance.
  app.jobs.push({
    name: 'orders-expiry',
    everyMs: 5_000,
    run: () => expireOrders(app.db, new Date(), holdMs),
  });
};
export default ordersRoutes;
