import { defaultCountry, phoneDigits, readPhone } from '@bilheteira/shared/phone';
import type { OrderSearchTerms } from './orders.admin.repository';

const MAX_ID = 2 ** 31 - 1;

/** A LIKE pattern matching text that starts with `s`, taken literally (% _ \ escaped). */
export const likePrefix = (s: string): string => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What the back office's order search text may be, read once: an order reference or a ticket
 * token (as typed), a ticket or order id (a plain number), a mobile number (Portuguese unless it
 * starts with + or 00), an email, or the start of a name or surname (two letters at least).
 * Empty text: no search.
 */
export function readOrderSearch(input: string): OrderSearchTerms | null {
  const text = input.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const digits = phoneDigits(text);
  const phoneLike = /^\+?[\d\s().-]+$/.test(text) && digits.length >= 6 && digits.length <= 15;
  const email = text.includes('@') ? text.toLowerCase() : null;
  let mobile: string | null = null;
  if (phoneLike) {
    const read = readPhone(defaultCountry(), text);
    mobile = `+${read.country.dialCode}${read.national}`;
  }
  const plain = /^#?\d{1,10}$/.test(text) ? Number(text.replace('#', '')) : NaN;
  return {
    text,
    reference: text.toUpperCase(),
    id: plain >= 1 && plain <= MAX_ID ? plain : null,
    mobile,
    email,
    namePrefix: !email && !phoneLike && text.length >= 2 ? likePrefix(text.toLowerCase()) : null,
  };
}
