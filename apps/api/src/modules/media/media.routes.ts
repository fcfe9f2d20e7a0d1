/**
 * Event images in the back office, and every stored file served at /api/media/<key>.
 *
 * - POST /api/backoffice/organizers/:organizerId/events/:eventId/image — multipart, one file
 *   part `image` (JPEG, PNG, WebP or AVIF, at most MEDIA_MAX_UPLOAD_BYTES): checked by
 *   decoding, re-encoded, replaces the event's image; answers the public view of it.
 * - DELETE the same path — removes it. GET answers the current image (or null), `events.view`.
 * Changes need `events.edit` in the organiser (another organiser's event answers 404). The staff
 * check runs at onRequest, before the multipart body is read: strangers never upload bytes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import { eventImageOrNoneResponse, eventImageResponse } from '@bilheteira/shared/schemas/media';
import { translate } from '../../i18n/messages';
import { notFound } from '../../lib/errors';
import { createStorage, isStorageKey } from '../../lib/storage/storage';
import { staffActor } from '../staff/staff-auth.service';
import { eventImageOf, removeEventImage, uploadEventImage } from './media.service';
import './media.messages';

const TAGS = ['backoffice'];
const params = z.object({ organizerId: idParam, eventId: idParam });
const IMAGE_PATH = '/backoffice/organizers/:organizerId/events/:eventId/image';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const uploadBody = z.object({
  image: z
    .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { message: 'media.image_missing' })
    .describe('the image file (multipart/form-data part named `image`): JPEG, PNG, WebP or AVIF'),
});

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  const editor = app.requireStaff({ permission: 'events.edit' });
  const viewer = app.requireStaff({ permission: 'events.view' });
  const limits = { maxMegapixels: app.config.MEDIA_MAX_MEGAPIXELS };
  const logFailure = (error: unknown) => app.log.warn({ err: error }, 'stored file not removed');
  // The public event answers carry the image: after a change this instance forgets them at
  // once (other instances within PUBLIC_CACHE_MS), as the back office's event routes do.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 400)
      for (const cache of Object.values(app.caches.publicEvents)) cache.clear();
    return payload;
  });

  app.get(
    IMAGE_PATH,
    {
      onRequest: viewer,
      schema: {
        tags: TAGS,
        summary: "The event's image as the public pages show it, or null when it has none",
        params,
        response: { 200: eventImageOrNoneResponse },
      },
    },
    async (req) => ({
      data: await eventImageOf(app.db, req.params.organizerId, req.params.eventId),
    }),
  );

  app.post(
    IMAGE_PATH,
    {
      onRequest: editor,
      config: { multipartOptions: { limits: { fileSize: app.config.MEDIA_MAX_UPLOAD_BYTES, files: 1 } } },
      schema: {
        tags: TAGS,
        summary:
          "Uploads the event's image (multipart `image`): checked by content, metadata stripped, re-encoded as AVIF/WebP/JPEG at 480/960/1600 px; replaces the previous one",
        consumes: ['multipart/form-data'],
        params,
        body: uploadBody,
        response: { 200: eventImageResponse },
      },
    },
    async (req) => {
      const data = await uploadEventImage(
        app.db,
        storage,
        limits,
        {
          organizerId: req.params.organizerId,
          eventId: req.params.eventId,
          bytes: req.body.image,
          actor: staffActor(req.staff!.user.id),
          now: new Date(),
        },
        logFailure,
      );
      return { data, message: translate(req.locale, 'media.image_saved') };
    },
  );

  app.delete(
    IMAGE_PATH,
    {
      onRequest: editor,
      schema: {
        tags: TAGS,
        summary: "Removes the event's image (the event pages show none)",
        params,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await removeEventImage(
        app.db,
        storage,
        {
          organizerId: req.params.organizerId,
          eventId: req.params.eventId,
          actor: staffActor(req.staff!.user.id),
        },
        logFailure,
      );
      return { message: translate(req.locale, 'media.image_removed') };
    },
  );

  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary:
          'A stored file (event image variant) by its content-hashed key: immutable, cached for a year',
        params: z.object({ '*': z.string().max(300) }),
      },
    },
    async (req, reply) => {
      const key = req.params['*'];
      const file = isStorageKey(key) ? await storage.get(key) : null;
      if (!file) throw notFound();
      reply
        .type(file.contentType)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (file.size !== undefined) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );
};

export default mediaRoutes;
