/**
 * The signed blocklist a till holds offline: the event's blocked bracelets, signed with the
 * event's Ed25519 key (the key that signs its tickets, tickets/signing-key.repository.ts), so
 * a till that lost the network still refuses a bracelet reported lost and can tell a real
 * list from a forged one.
 */
import type { StationBlocklist } from '@bilheteira/shared/schemas/wallet';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { ensureEventSigningKey } from '../tickets/tickets.service';
import { signEventMessage } from '../tickets/ticket-token';
import { blockedBraceletsOfEvent, type StationRow } from './stations.repository';

/** Names the kind of signed message, so it can never be mistaken for another one. */
export const BLOCKLIST_TYPE = 'bilheteira.bracelet-blocklist.v1';

/** The blocklist of the station's event, issued now. */
export async function buildStationBlocklist(
  db: Db,
  station: StationRow,
  now: Date,
): Promise<StationBlocklist> {
  const key = await db.transaction((tx) => ensureEventSigningKey(tx, station.eventId));
  const rows = await blockedBraceletsOfEvent(db, station.eventId);
  const bracelets = rows.map((r) => ({
    uid: r.uid,
    code: r.code,
    blocked_at: r.blockedAt ? r.blockedAt.toISOString() : null,
  }));
  const version = sha256(JSON.stringify(bracelets)).slice(0, 16);
  const issuedAt = now.toISOString();
  // Fixed key order: the text signed is the text sent, so the till verifies bytes, not a re-encoding.
  const signedPayload = JSON.stringify({
    type: BLOCKLIST_TYPE,
    event_id: station.eventId,
    version,
    issued_at: issuedAt,
    bracelets,
  });
  return {
    event_id: station.eventId,
    version,
    issued_at: issuedAt,
    bracelets,
    algorithm: 'Ed25519',
    signed_payload: signedPayload,
    signature: signEventMessage(key.privateKey, signedPayload),
    public_key: key.publicKey,
    public_key_jwk: { kty: 'OKP', crv: 'Ed25519', x: key.publicKey },
  };
}
