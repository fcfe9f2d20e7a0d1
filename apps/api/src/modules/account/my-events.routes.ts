import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import { customerEventsQuery, customerEventsResponse, eventInfo } from '@bilheteira/shared/schemas/account';
import { getEventCalendar, getEventInfo, listMyEvents } from './my-events.service';
import './account.messages';

/** Dashboard: the customer’s events, the info area of one and its calendar file. */
export const myEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/events',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['dashboard'],
        summary: "The customer's events (tickets or wallet held), filtered and paginated",
        querystring: customerEventsQuery,
        response: { 200: customerEventsResponse },
      },
    },
    async (req) =>
      listMyEvents(
        app.db,
        {
          customerId: req.auth!.customer.id,
          filter: req.query.filter,
          page: req.query.page,
          perPage: req.query.per_page,
        },
        new Date(),
      ),
  );

  app.get(
    '/customers/events/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['dashboard'],
        summary: 'Info area of one of the customer’s events: map, times, contacts, calendar links',
        params: z.object({ id: idParam }),
        response: { 200: envelope(eventInfo) },
      },
    },
    async (req) => ({
      data: await getEventInfo(
        app.db,
        {
          customerId: req.auth!.customer.id,
          eventId: req.params.id,
          locale: req.locale,
          publicUrl: app.config.PUBLIC_URL,
        },
        new Date(),
      ),
    }),
  );

  app.get(
    '/customers/events/:id/calendar',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['dashboard'],
        summary: 'The event as an iCalendar (.ics) file',
        params: z.object({ id: idParam }),
      },
    },
    async (req, reply) => {
      const { filename, ics } = await getEventCalendar(app.db, {
        customerId: req.auth!.customer.id,
        eventId: req.params.id,
        locale: req.locale,
        publicUrl: app.config.PUBLIC_URL,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );
};
export default myEventsRoutes;
