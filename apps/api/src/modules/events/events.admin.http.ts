/**
 * What the back-office events routes share: tags, path parameters, the public-cache hook.
 * Their `app.requireStaff` runs as `preValidation`, before the body is checked, so a caller
 * without a session (401), of another organiser (404) or without the permission (403) is
 * refused the same way whatever they send, and learns nothing of how input is validated.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { forgetPublicEvents } from './events.cache';

export const BACKOFFICE_TAGS = ['backoffice'];
export const organizerParams = z.object({ organizerId: idParam });
export const eventParams = z.object({ organizerId: idParam, eventId: idParam });

/**
 * After a change the public answers of this instance are forgotten at once, so the catalogue,
 * event page, mini-sites and checkout see it on the next request (other instances within
 * PUBLIC_CACHE_MS). Registered in each back-office events plugin: it covers only its routes.
 */
export function forgetPublicAnswersOnChange(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 400) {
      forgetPublicEvents(app.caches.publicEvents);
      app.caches.saleFacts.clear();
    }
    return payload;
  });
}
