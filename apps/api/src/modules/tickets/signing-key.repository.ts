import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { Cache } from '../../lib/cache';
import { eventSigningKeys } from '../../db/schema/index';
import { generateEventKeyPair, type EventKeyPair } from './ticket-token';

/**
 * The event's Ed25519 key pair, created on first use. Safe under concurrency: a second
 * creator waits on the primary key, inserts nothing and reads the winner's key.
 */
export async function ensureEventSigningKey(db: DbOrTx, eventId: number): Promise<EventKeyPair> {
  const existing = await findEventSigningKey(db, eventId);
  if (existing) return existing;
  const pair = generateEventKeyPair();
  await db
    .insert(eventSigningKeys)
    .values({ eventId, publicKey: pair.publicKey, privateKey: pair.privateKey })
    .onConflictDoNothing();
  const row = await findEventSigningKey(db, eventId);
  if (!row) throw new Error(`signing key of event ${eventId} could not be created`);
  return row;
}

export async function findEventSigningKey(db: DbOrTx, eventId: number): Promise<EventKeyPair | undefined> {
  const rows = await db
    .select({ publicKey: eventSigningKeys.publicKey, privateKey: eventSigningKeys.privateKey })
    .from(eventSigningKeys)
    .where(eq(eventSigningKeys.eventId, eventId))
    .limit(1);
  return rows[0];
}

/**
 * Events' public keys, owned by the app (`app.caches.eventPublicKeys`). A key never changes
 * once created, so an entry never goes stale (no TTL); the bound only limits memory.
 */
export const createEventPublicKeyCache = () =>
  new Cache<number, string>('event public keys', Infinity, 10_000);
export type EventPublicKeyCache = ReturnType<typeof createEventPublicKeyCache>;

/**
 * The event's public key (verification only), cached in memory after the first read;
 * `fresh` reads the database again (a caller whose check failed with the cached key).
 */
export async function findEventPublicKey(
  cache: EventPublicKeyCache,
  db: DbOrTx,
  eventId: number,
  opts: { fresh?: boolean } = {},
): Promise<string | undefined> {
  // the clock does not matter: entries never expire
  const cached = opts.fresh ? undefined : cache.get(eventId, 0);
  if (cached) return cached;
  const rows = await db
    .select({ publicKey: eventSigningKeys.publicKey })
    .from(eventSigningKeys)
    .where(eq(eventSigningKeys.eventId, eventId))
    .limit(1);
  const key = rows[0]?.publicKey;
  if (key) cache.set(eventId, key, 0);
  return key;
}
