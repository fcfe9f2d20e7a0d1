import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  Metadata,
  type CountryCode,
} from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY, PHONE_ALWAYS_VALID_MIN_DIGITS } from './constants';

/** A country of the phone input (spec §3: iso2, dialCode, name, digits, format). */
export interface Country {
  iso2: string;
  dialCode: string;
  /** Allowed national number lengths; the smallest is the one required (spec §5). */
  digits: number[];
}

/** The spec's overrides of the phone metadata (spec §3). */
const OVERRIDES: Record<string, Partial<Country>> = {
  PT: { dialCode: '351', digits: [9] },
  BR: { dialCode: '55', digits: [11] },
  AO: { dialCode: '244', digits: [9] },
  MZ: { dialCode: '258', digits: [9] },
};

function buildCountries(): Country[] {
  const metadata = new Metadata();
  return getCountries().map((iso2) => {
    metadata.selectNumberingPlan(iso2);
    const lengths = metadata.numberingPlan?.possibleLengths() ?? [];
    const country: Country = {
      iso2,
      dialCode: getCountryCallingCode(iso2),
      digits: lengths.length ? [...lengths].sort((a, b) => a - b) : [PHONE_ALWAYS_VALID_MIN_DIGITS],
    };
    return { ...country, ...OVERRIDES[iso2] };
  });
}

/** All ~240 countries from libphonenumber-js metadata, with the spec's overrides. */
export const COUNTRIES: readonly Country[] = buildCountries();

const byIso2 = new Map(COUNTRIES.map((c) => [c.iso2, c]));

export function findCountry(iso2: string | null | undefined): Country | undefined {
  return iso2 ? byIso2.get(iso2.toUpperCase()) : undefined;
}

/** First country with this dial code (PT for 351, US for 1…), for answers that carry only a code. */
export function findCountryByDialCode(dialCode: string): Country | undefined {
  const code = dialCode.replace(/\D/g, '');
  return (
    COUNTRIES.find((c) => c.dialCode === code && OVERRIDES[c.iso2]) ??
    COUNTRIES.find((c) => c.dialCode === code)
  );
}

export const defaultCountry = (): Country => byIso2.get(DEFAULT_COUNTRY)!;

/** Digits only: what typing or pasting into a phone field keeps. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Spec §5: valid when the digit count reaches the country's required length (the smallest
 * if several) or has 8 or more digits; empty is invalid. Same rule on both sides.
 */
export function isValidPhone(country: Country | undefined, value: string): boolean {
  const digits = phoneDigits(value);
  if (!digits) return false;
  if (digits.length >= PHONE_ALWAYS_VALID_MIN_DIGITS) return digits.length <= 15;
  const required = country ? Math.min(...country.digits) : PHONE_ALWAYS_VALID_MIN_DIGITS;
  return digits.length >= required;
}

/** Display of a national number following the country's mask (e.g. 912 345 678). */
export function formatNationalPhone(iso2: string, value: string): string {
  const digits = phoneDigits(value);
  if (!digits) return '';
  return new AsYouType(iso2 as CountryCode).input(digits);
}

/** Canonical E.164 form used as the customer's identity: +351912345678. */
export function toE164(dialCode: string, national: string): string {
  return `+${phoneDigits(dialCode)}${phoneDigits(national)}`;
}

/** Splits "+351 912 345 678" into dial code and national number, when the code is known. */
export function splitE164(full: string): { dialCode: string; national: string } | undefined {
  const digits = phoneDigits(full);
  for (const len of [3, 2, 1]) {
    const code = digits.slice(0, len);
    if (COUNTRIES.some((c) => c.dialCode === code)) {
      return { dialCode: code, national: digits.slice(len) };
    }
  }
  return undefined;
}
