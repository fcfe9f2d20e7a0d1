import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  eventDetailResponse,
  eventListQuery,
  eventListResponse,
  organizerPageResponse,
  slugParam,
} from '@bilheteira/shared/schemas/events';
import { getEventDetail, getOrganizerPage, listEvents } from './events.service';
import './events.messages';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Public event catalogue: search, sort and pages',
        querystring: eventListQuery,
        response: { 200: eventListResponse },
      },
    },
    async (req) => listEvents(app.db, req.query),
  );

  app.get(
    '/events/:slug',
    {
      schema: {
        tags: ['events'],
        summary: 'An event page with ticket types, sessions and availability',
        params: slugParam,
        response: { 200: eventDetailResponse },
      },
    },
    async (req) => ({ data: await getEventDetail(app.db, req.params.slug) }),
  );

  app.post(
    '/organizers/:slug',
    {
      schema: {
        tags: ['organizers'],
        summary: "The organiser's public page and events",
        params: slugParam,
        response: { 200: organizerPageResponse },
      },
    },
    async (req) => ({ data: await getOrganizerPage(app.db, req.params.slug) }),
  );
};
export default eventsRoutes;
