/**
 * The organiser's orders in the back office, under /api/backoffice/organizers/:organizerId/orders.
 * Every route passes `app.requireStaff` (session cookie, CSRF on changes, second factor, the
 * permission in `:organizerId`: another organiser's id answers 404, and so does another
 * organiser's order). Reading, with the buyer's personal data, needs `orders.view`. Resending
 * the tickets is payments/order-resend.admin.routes.ts (orders.refund).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderListQuery,
  adminOrderListResponse,
  adminOrderParams,
  adminOrderResponse,
} from '@bilheteira/shared/schemas/backoffice-orders';
import { idParam } from '@bilheteira/shared/schemas/common';
import { getOrderStory } from './order-story.admin.service';
import { listAdminOrders } from './orders.admin.service';

const BASE = '/backoffice/organizers/:organizerId/orders';
const TAGS = ['backoffice'];

const ordersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = app.requireStaff({ permission: 'orders.view' });

  app.get(
    BASE,
    {
      preValidation: reader,
      schema: {
        tags: TAGS,
        summary:
          "The organiser's orders: search by reference, name, mobile, email, ticket token or id; filter by event and status; sort and pages",
        params: z.object({ organizerId: idParam }),
        querystring: adminOrderListQuery,
        response: { 200: adminOrderListResponse },
      },
    },
    async (req) => listAdminOrders(app.db, req.params.organizerId, req.query),
  );

  app.get(
    `${BASE}/:orderId`,
    {
      preValidation: reader,
      schema: {
        tags: TAGS,
        summary:
          "An order's whole story: buyer, lines, payments and refunds, tickets with check-ins and transfers, messages and audit, as one timeline",
        params: adminOrderParams,
        response: { 200: adminOrderResponse },
      },
    },
    async (req) => ({
      data: await getOrderStory(app.db, req.params.organizerId, req.params.orderId, new Date()),
    }),
  );
};

export default ordersAdminRoutes;
