import {
  defaultCountry,
  findCountry,
  findCountryByDialCode,
  isValidPhone,
  phoneDigits,
  type Country,
} from '@bilheteira/shared/phone';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { readStorage, STORAGE_KEYS } from './storage';

/** What the phone input holds: the country and the national number as digits. */
export interface PhoneValue {
  countryIso2: string;
  /** digits only, e.g. "351" */
  dialCode: string;
  /** national number, digits only (spaces of the mask are never part of the value) */
  national: string;
}

/** Longest national number accepted (E.164 allows 15 digits in all). */
export const MAX_NATIONAL_DIGITS = 15;

/** The preferred country (spec §3 local storage "country code"), else PT. */
export function preferredCountry(): Country {
  return findCountry(readStorage<string | null>(STORAGE_KEYS.countryCode, null)) ?? defaultCountry();
}

/** An empty phone value in the preferred country, or a given one. */
export function initialPhoneValue(national = '', iso2?: string | null): PhoneValue {
  const country = findCountry(iso2) ?? preferredCountry();
  return { countryIso2: country.iso2, dialCode: country.dialCode, national: phoneDigits(national) };
}

/** A customer's stored mobile (E.164, with its dial code) as a value of the phone input. */
export function customerPhoneValue(c: Pick<CustomerView, 'mobile' | 'mobile_country_code'>): PhoneValue {
  const dial = c.mobile_country_code || '351';
  const national = c.mobile?.startsWith(`+${dial}`) ? c.mobile.slice(dial.length + 1) : (c.mobile ?? '');
  return initialPhoneValue(national, findCountryByDialCode(dial)?.iso2);
}

/** The spec §5 rule applied to a value of the phone input. */
export function isPhoneValueValid(value: PhoneValue): boolean {
  return isValidPhone(findCountry(value.countryIso2), value.national);
}

/** Keys that still work in a digits-only field (spec §5). */
const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Enter',
  'Escape',
]);

/** True for a key press a digits-only field refuses: a printable character that is not a digit. */
export function isRefusedPhoneKey(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false; // copy, paste, select all…
  if (CONTROL_KEYS.has(e.key)) return false;
  return e.key.length === 1 && !/\d/.test(e.key);
}

/** How many digits `text` has before position `pos` (the caret, counted in digits). */
export const digitsBefore = (text: string, pos: number) => phoneDigits(text.slice(0, pos)).length;

/** Position in `formatted` just after its n-th digit. */
export function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}

/**
 * The national digits after pasting `text` over the selection [start, end) of the field
 * showing `national`, and the caret (in digits) just after the pasted digits.
 */
export function pasteDigits(national: string, shown: string, text: string, start: number, end: number) {
  const pasted = phoneDigits(text);
  const from = digitsBefore(shown, start);
  const to = digitsBefore(shown, end);
  return { national: national.slice(0, from) + pasted + national.slice(to), caret: from + pasted.length };
}
