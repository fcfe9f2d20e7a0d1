import {
  defaultCountry,
  findCountry,
  findCountryByDialCode,
  isValidPhone,
  phoneDigits,
  readPhone,
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

/** Text that carries its own country code ("+351 912…", "0044 7400…"), not a piece of a number. */
export function isInternationalText(text: string): boolean {
  return /^(\+|00)/.test(text.trim()) && phoneDigits(text).length >= 8;
}

/** What the field holds after an edit: the (maybe switched) country, its national digits and the caret. */
export interface PhoneEdit {
  country: Country;
  national: string;
  /** caret position counted in digits */
  caret: number;
}

/**
 * The field's number once `digits` are in it (issue 25 item 3): a number with its own code in
 * front ("351912345678" in Portugal) loses the code, and no country takes more digits than its
 * longest number.
 */
export function settleDigits(country: Country, digits: string, caret: number): PhoneEdit {
  const read = readPhone(country, digits);
  const cut = digits.length - read.national.length;
  const national = read.national.slice(0, country.maxDigits);
  return { country, national, caret: Math.max(0, Math.min(caret - cut, national.length)) };
}

/** A whole international number typed, autofilled or pasted: its country replaces the chosen one. */
export function readInternationalText(country: Country, text: string): PhoneEdit {
  const read = readPhone(country, text);
  const national = read.national.slice(0, read.country.maxDigits);
  return { country: read.country, national, caret: national.length };
}

/**
 * The field after pasting `text` over the selection [start, end) of the field showing
 * `national`: an international number replaces the field (and the country); anything else
 * goes in as digits, the caret just after them.
 */
export function pasteDigits(
  country: Country,
  national: string,
  shown: string,
  text: string,
  start: number,
  end: number,
): PhoneEdit {
  if (isInternationalText(text)) return readInternationalText(country, text);
  const pasted = phoneDigits(text);
  const from = digitsBefore(shown, start);
  const to = digitsBefore(shown, end);
  return settleDigits(country, national.slice(0, from) + pasted + national.slice(to), from + pasted.length);
}
