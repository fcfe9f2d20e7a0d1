import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * Ticket tokens (the QR content) are signed per event with Ed25519, so a door scanner that
 * lost the network can still tell a real ticket from a forged one with the event's public
 * key (GET /api/checkin/offline-pack).
 *
 * Format: `BT1.<eventId>.<ticketTypeId>.<sessionId|0>.<nonce>.<signature>` where nonce is
 * 12 random bytes and signature 64 bytes, both base64url; the signature covers everything
 * before the last dot. Parsing is strict and canonical: one text per ticket, never a
 * second spelling that decodes to the same bytes.
 */
export const TOKEN_PREFIX = 'BT1';
const TOKEN_RE =
  /^BT1\.(0|[1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{86})$/;
/** Longest text that can be a token; anything longer is refused before any work. */
export const MAX_TOKEN_LENGTH = 160;

export interface TicketTokenClaims {
  eventId: number;
  ticketTypeId: number;
  sessionId: number | null;
}

export interface ParsedTicketToken extends TicketTokenClaims {
  signedPart: string;
  signature: Buffer;
}

export interface EventKeyPair {
  /** raw 32-byte public key, base64url */
  publicKey: string;
  /** PKCS#8 DER, base64url */
  privateKey: string;
}

export function generateEventKeyPair(): EventKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'jwk' }).x!,
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
  };
}

// Key objects are immutable per key text: cache the parsed form (no state that matters).
const privateCache = new Map<string, KeyObject>();
const publicCache = new Map<string, KeyObject>();

function privateKeyObject(privateKey: string): KeyObject {
  let key = privateCache.get(privateKey);
  if (!key) {
    key = createPrivateKey({ key: Buffer.from(privateKey, 'base64url'), format: 'der', type: 'pkcs8' });
    privateCache.set(privateKey, key);
  }
  return key;
}

function publicKeyObject(publicKey: string): KeyObject {
  let key = publicCache.get(publicKey);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    publicCache.set(publicKey, key);
  }
  return key;
}

/** A new, unguessable signed token for one ticket unit. */
export function signTicketToken(privateKey: string, claims: TicketTokenClaims): string {
  const nonce = randomBytes(12).toString('base64url');
  const signedPart = `${TOKEN_PREFIX}.${claims.eventId}.${claims.ticketTypeId}.${claims.sessionId ?? 0}.${nonce}`;
  const signature = sign(null, Buffer.from(signedPart), privateKeyObject(privateKey));
  return `${signedPart}.${signature.toString('base64url')}`;
}

/**
 * Signs another message of the event with its key (the tills' signed blocklist), base64url.
 * Such messages must never start with `BT1.`, so none can pass for a ticket token.
 */
export function signEventMessage(privateKey: string, message: string): string {
  if (message.startsWith(`${TOKEN_PREFIX}.`))
    throw new Error('an event message must not look like a ticket token');
  return sign(null, Buffer.from(message), privateKeyObject(privateKey)).toString('base64url');
}

/** Strict parse (no signature check); null when the text is not a well-formed token. */
export function parseTicketToken(text: string): ParsedTicketToken | null {
  if (typeof text !== 'string' || text.length > MAX_TOKEN_LENGTH) return null;
  const m = TOKEN_RE.exec(text);
  if (!m) return null;
  const sigText = m[5]!;
  const signature = Buffer.from(sigText, 'base64url');
  // base64url of 64 bytes leaves 4 unused bits in the last character: refuse other spellings.
  if (signature.length !== 64 || signature.toString('base64url') !== sigText) return null;
  const eventId = Number(m[1]);
  const ticketTypeId = Number(m[2]);
  const sessionId = Number(m[3]);
  if (eventId < 1 || ticketTypeId < 1 || eventId > 2_147_483_647 || ticketTypeId > 2_147_483_647) return null;
  if (sessionId > 2_147_483_647) return null;
  return {
    eventId,
    ticketTypeId,
    sessionId: sessionId === 0 ? null : sessionId,
    signedPart: text.slice(0, text.length - sigText.length - 1),
    signature,
  };
}

/** True when the token was signed by the event's key. */
export function verifyTicketSignature(publicKey: string, parsed: ParsedTicketToken): boolean {
  try {
    return verify(null, Buffer.from(parsed.signedPart), publicKeyObject(publicKey), parsed.signature);
  } catch {
    return false;
  }
}
