import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

// An event's public key never changes once created, so every instance may keep it.
const publicKeyCache = new Map<number, string>();

/**
 * The event's public key (verification only), cached in memory after the first read;
 * `fresh` reads the database again (a caller whose check failed with the cached key).
 */
export async function findEventPublicKey(
  db: DbOrTx,
  eventId: number,
  opts: { fresh?: boolean } = {},
): Promise<string | undefined> {
  const cached = opts.fresh ? undefined : publicKeyCache.get(eventId);
  if (cached) return cached;
  const rows = await db
    .select({ publicKey: eventSigningKeys.publicKey })
    .from(eventSigningKeys)
    .where(eq(eventSigningKeys.eventId, eventId))
    .limit(1);
  const key = rows[0]?.publicKey;
  if (key) publicKeyCache.set(eventId, key);
  return key;
}
