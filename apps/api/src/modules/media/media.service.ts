/**
 * Event images (issue 26 item 3): upload (checked, re-encoded, stored under content-hashed
 * keys, listed in `event_images`), removal, and the view the public event answers carry.
 * Files are written before the row and removed after it, so a row never names a missing
 * file; a failure in between leaves at most unreferenced files, never a broken image.
 */
import { IMAGE_MIME, type EventImageView } from '@bilheteira/shared/schemas/media';
import type { Db, DbOrTx } from '../../db/client';
import type { StoredVariant } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import type { Storage } from '../../lib/storage/storage';
import { mediaErrors } from './media.errors';
import { processImage, type ImageLimits } from './media.images';
import {
  deleteEventImage,
  findEventImage,
  findEventImages,
  organizerHasEvent,
  upsertEventImage,
  type EventImageRow,
} from './media.repository';

const EXTENSION = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const;

/** The width `<img src>` uses: the middle one (960 when the original is that wide). */
const FALLBACK_WIDTH = 960;

/** The public view of an image row. */
export function eventImageView(
  row: Pick<EventImageRow, 'width' | 'height' | 'variants' | 'dominantColor' | 'placeholder'>,
): EventImageView {
  const jpegs = row.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const fallback = [...jpegs].reverse().find((v) => v.width <= FALLBACK_WIDTH) ?? jpegs[0];
  return {
    src: fallback?.url ?? '',
    width: row.width,
    height: row.height,
    dominant_color: row.dominantColor,
    placeholder: row.placeholder,
    variants: row.variants.map((v) => ({
      format: v.format as keyof typeof IMAGE_MIME,
      type: IMAGE_MIME[v.format as keyof typeof IMAGE_MIME],
      width: v.width,
      height: v.height,
      url: v.url,
    })),
  };
}

/** The images of these events, by event id (events without one are absent). */
export async function eventImagesOf(db: DbOrTx, eventIds: number[]): Promise<Map<number, EventImageView>> {
  const rows = await findEventImages(db, [...new Set(eventIds)]);
  return new Map(rows.map((r) => [r.eventId, eventImageView(r)]));
}

async function ownEvent(db: DbOrTx, organizerId: number, eventId: number): Promise<void> {
  if (!(await organizerHasEvent(db, organizerId, eventId))) throw mediaErrors.eventNotFound();
}

/** The organiser's event's image, or null (404 for another organiser's event). */
export async function eventImageOf(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
): Promise<EventImageView | null> {
  await ownEvent(db, organizerId, eventId);
  const row = await findEventImage(db, eventId);
  return row ? eventImageView(row) : null;
}

/** Removes files no longer named (best effort: an orphan file is harmless, a missing one is not). */
async function removeFiles(
  storage: Storage,
  variants: StoredVariant[],
  keep: Set<string>,
  log?: (e: unknown) => void,
) {
  await Promise.all(
    variants
      .filter((v) => !keep.has(v.key))
      .map((v) => storage.delete(v.key).catch((error: unknown) => log?.(error))),
  );
}

export interface UploadInput {
  organizerId: number;
  eventId: number;
  bytes: Buffer;
  actor: string;
  now: Date;
}

/**
 * Checks the upload by decoding it, re-encodes it (metadata stripped, upright, AVIF/WebP/JPEG
 * at each width), stores the files and records them, replacing the event's previous image.
 */
export async function uploadEventImage(
  db: Db,
  storage: Storage,
  limits: ImageLimits,
  input: UploadInput,
  log?: (e: unknown) => void,
): Promise<EventImageView> {
  await ownEvent(db, input.organizerId, input.eventId);
  const image = await processImage(input.bytes, limits);
  const prefix = `events/${input.eventId}/${image.hash.slice(0, 24)}`;
  const variants: StoredVariant[] = image.variants.map((v) => {
    const key = `${prefix}-${v.width}.${EXTENSION[v.format]}`;
    return {
      format: v.format,
      width: v.width,
      height: v.height,
      key,
      url: storage.url(key),
      bytes: v.bytes.length,
    };
  });
  await Promise.all(
    image.variants.map((v, i) => storage.put(variants[i]!.key, v.bytes, IMAGE_MIME[v.format])),
  );
  const { row, previous } = await db.transaction(async (tx) => {
    await ownEvent(tx, input.organizerId, input.eventId);
    const before = await findEventImage(tx, input.eventId, true);
    const saved = await upsertEventImage(tx, {
      eventId: input.eventId,
      organizerId: input.organizerId,
      sourceHash: image.hash,
      width: image.width,
      height: image.height,
      variants,
      dominantColor: image.dominantColor,
      placeholder: image.placeholder,
      uploadedBy: input.actor,
      createdAt: input.now,
    });
    await audit(tx, {
      actor: input.actor,
      action: 'event.image_uploaded',
      entity: 'event',
      entityId: input.eventId,
      data: { hash: image.hash, width: image.width, height: image.height, files: variants.length },
    });
    return { row: saved, previous: before };
  });
  if (previous) await removeFiles(storage, previous.variants, new Set(variants.map((v) => v.key)), log);
  return eventImageView(row);
}

/** Removes the event's image: the row, then its files. 404 when it has none. */
export async function removeEventImage(
  db: Db,
  storage: Storage,
  input: { organizerId: number; eventId: number; actor: string },
  log?: (e: unknown) => void,
): Promise<void> {
  await ownEvent(db, input.organizerId, input.eventId);
  const removed = await db.transaction(async (tx) => {
    const row = await deleteEventImage(tx, input.eventId);
    if (!row) throw mediaErrors.noImage();
    await audit(tx, {
      actor: input.actor,
      action: 'event.image_removed',
      entity: 'event',
      entityId: input.eventId,
      data: { hash: row.sourceHash },
    });
    return row;
  });
  await removeFiles(storage, removed.variants, new Set(), log);
}
