import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  eventDetailResponse,
  eventListQuery,
  eventListResponse,
  organizerPageResponse,
  slugParam,
} from '@bilheteira/shared/schemas/events';
import type { FastifyReply } from 'fastify';
import { eventDetailBodyCached, eventListBodyCached } from './events.cache';
import { getOrganizerPage } from './events.service';
import './events.messages';

/** Public catalogue answers may be kept by browsers and proxies as long as the server does. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=1';

/** Sends a body the service already serialised (and validated against the response schema). */
function sendJson(reply: FastifyReply, body: string) {
  return reply
    .header('cache-control', PUBLIC_CACHE_CONTROL)
    .header('vary', 'X-locale')
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(body);
}

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Public event catalogue: search, sort and pages (names in the X-locale language, else pt-PT)',
        querystring: eventListQuery,
        response: { 200: eventListResponse },
      },
    },
    async (req, reply) =>
      sendJson(
        reply,
        await eventListBodyCached(app.caches.publicEvents, app.db, req.query, new Date(), req.locale),
      ),
  );

  app.get(
    '/events/:slug',
    {
      schema: {
        tags: ['events'],
        summary:
          'An event page by slug, or a private event by its link token, with ticket types, sessions and availability; texts in the X-locale language, else pt-PT',
        params: slugParam,
        response: { 200: eventDetailResponse },
      },
    },
    async (req, reply) =>
      sendJson(
        reply,
        await eventDetailBodyCached(app.caches.publicEvents, app.db, req.params.slug, new Date(), req.locale),
      ),
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
    async (req) => ({ data: await getOrganizerPage(app.db, req.params.slug, new Date(), req.locale) }),
  );
};
export default eventsRoutes;
