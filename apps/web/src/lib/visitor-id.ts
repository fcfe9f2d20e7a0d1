import { VISITOR_ID_DIGITS } from '@bilheteira/shared/constants';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** A random 16-digit number generated once per browser (spec §3), first digit non-zero. */
export function visitorId(): string {
  const existing = readStorage<string | null>(STORAGE_KEYS.visitorId, null);
  if (existing && new RegExp(`^\\d{${VISITOR_ID_DIGITS}}$`).test(existing)) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(VISITOR_ID_DIGITS));
  const id = Array.from(bytes, (b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join('');
  writeStorage(STORAGE_KEYS.visitorId, id);
  return id;
}
