import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque random token for bearer sessions, links and ticket QR payloads (URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens are stored as SHA-256: a database leak does not leak usable tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A numeric code of `digits` digits (SMS codes), uniformly random. */
export const randomDigits = (digits: number): string =>
  Array.from({ length: digits }, () => randomInt(0, 10)).join('');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
