import { createHmac } from 'node:crypto';
import { safeEqual, sha256 } from '../../lib/crypto';

let warned = false;

/**
 * Key of the HMAC that signs unsubscribe links: `secret` (the config's LINK_SIGNING_SECRET,
 * 32+ characters, required in production). Without it, a key derived from the public URL
 * keeps development working; `warn` (given in production) is told once, because such links
 * could be forged.
 */
export function linkSigningKey(
  publicUrl: string,
  secret: string | undefined,
  warn?: (m: string) => void,
): string {
  if (secret && secret.length >= 32) return secret;
  if (!warned && warn) {
    warned = true;
    warn?.('LINK_SIGNING_SECRET is not set (32+ characters): unsubscribe links use a derived, guessable key');
  }
  return sha256(`bilheteira-development-link-key:${publicUrl}`);
}

const sign = (key: string, customerId: number) =>
  createHmac('sha256', key).update(`unsubscribe:${customerId}`).digest('base64url');

/** "<customer id>.<HMAC>": proves the link was made by us for that customer, no login needed. */
export function unsubscribeToken(key: string, customerId: number): string {
  return `${customerId}.${sign(key, customerId)}`;
}

/** The customer id of a valid token, else undefined (constant-time signature check). */
export function verifyUnsubscribeToken(key: string, token: string): number | undefined {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!m) return undefined;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return undefined;
  return safeEqual(m[2]!, sign(key, id)) ? id : undefined;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/unsub?token=${encodeURIComponent(token)}`;
