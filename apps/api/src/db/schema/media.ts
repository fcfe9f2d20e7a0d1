import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events, organizers } from './catalog';

/** One encoded size of an image, stored under a content-hashed key (storage interface). */
export interface StoredVariant {
  /** avif | webp | jpeg */
  format: string;
  width: number;
  height: number;
  /** storage key, e.g. events/12/3f…a9-960.webp */
  key: string;
  /**
   * where browsers fetch it (storage `url(key)` when uploaded: /api/media/<key>, or
   * S3_PUBLIC_URL/<key>); /api/media/<key> serves every key whatever the driver
   */
  url: string;
  bytes: number;
}

/**
 * An event's image (issue 26 item 3): uploaded in the back office, checked by decoding, its
 * metadata stripped, re-encoded with sharp into responsive sizes (AVIF, WebP, JPEG fallback).
 * The files live behind the storage interface (lib/storage); this row lists them. One image
 * per event: a new upload replaces the row and its files.
 */
export const eventImages = pgTable(
  'event_images',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    /** SHA-256 (hex) of the uploaded bytes: the keys' content hash */
    sourceHash: text('source_hash').notNull(),
    /** size after auto-rotation, before resizing */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    /** #rrggbb: the image's dominant colour, painted while it loads */
    dominantColor: text('dominant_color').notNull(),
    /** a tiny blurred WebP as a data: URL (a few hundred bytes), shown until the image loads */
    placeholder: text('placeholder').notNull(),
    /** who uploaded it (audit actor, e.g. staff:3) */
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_images_event_idx').on(t.eventId),
    index('event_images_organizer_idx').on(t.organizerId),
  ],
);
