import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';

/** Spec §5 email pattern: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (v: string): boolean => EMAIL_PATTERN.test(v.trim());

/** Portuguese NIF: 9 digits with a mod-11 check digit. */
export function isValidNif(value: string): boolean {
  const d = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(d)) return false;
  if (!/^[1235689]|^45|^7[0-9]|^9[0-9]/.test(d)) return false;
  const sum = [...d.slice(0, 8)].reduce((acc, ch, i) => acc + Number(ch) * (9 - i), 0);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === Number(d[8]);
}

/** IBAN validated by its mod-97 checksum (and country length) through ibantools. */
export function isValidIban(value: string): boolean {
  const iban = electronicFormatIBAN(value);
  return !!iban && isValidIBAN(iban);
}

export const normalizeIban = (value: string): string => electronicFormatIBAN(value) ?? '';

/** An IBAN as people read and check it: upper case, in groups of four (PT50 0002 0123 …). */
export const displayIban = (value: string): string =>
  friendlyFormatIBAN(normalizeIban(value)) ?? value.trim();

/** Card number Luhn check (sandbox form only; real cards go to the provider's own fields). */
export function passesLuhn(value: string): boolean {
  const d = value.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Card expiry as printed on cards: MM/YY or MM/YYYY. */
export const CARD_EXPIRY = /^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/;

/** Card expiry MM/YY or MM/YYYY → MM/YYYY (two-digit years are 20YY); null when it is neither. */
export function normalizeCardExpiry(value: string): string | null {
  const m = CARD_EXPIRY.exec(value.trim());
  if (!m) return null;
  return `${m[1]}/${m[2]!.length === 2 ? `20${m[2]}` : m[2]}`;
}

/** Card expiry MM/YY or MM/YYYY, not in the past relative to `now`. */
export function isValidCardExpiry(value: string, now: Date): boolean {
  const normalized = normalizeCardExpiry(value);
  if (!normalized) return false;
  const month = Number(normalized.slice(0, 2));
  const year = Number(normalized.slice(3));
  const y = now.getUTCFullYear();
  return year > y || (year === y && month >= now.getUTCMonth() + 1);
}

/** Portuguese postal code 1234-567. */
export const PT_POSTAL_CODE = /^\d{4}-\d{3}$/;
