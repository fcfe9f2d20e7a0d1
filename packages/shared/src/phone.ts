import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  Metadata,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY, PHONE_ALWAYS_VALID_MIN_DIGITS } from './constants';

/** A country of the phone input (spec §3: iso2, dialCode, name, digits, format). */
export interface Country {
  iso2: string;
  dialCode: string;
  /** Allowed national number lengths; the smallest is the one required (spec §5). */
  digits: number[];
  /** Longest national number the country's plan allows: typing stops there (issue 25 item 3). */
  maxDigits: number;
}

/** Longest national number accepted where the metadata knows no lengths (E.164 allows 15 in all). */
export const MAX_NATIONAL_DIGITS = 15;

/** The spec's overrides of the phone metadata (spec §3). */
const OVERRIDES: Record<string, Partial<Country>> = {
  PT: { dialCode: '351', digits: [9], maxDigits: 9 },
  BR: { dialCode: '55', digits: [11], maxDigits: 11 },
  AO: { dialCode: '244', digits: [9], maxDigits: 9 },
  MZ: { dialCode: '258', digits: [9], maxDigits: 9 },
};

/** Countries shown first in the country list, in this order (the product's markets). */
export const PINNED_COUNTRIES: readonly string[] = ['PT', 'ES', 'BR', 'AO', 'MZ'];

function buildCountries(): Country[] {
  const metadata = new Metadata();
  return getCountries().map((iso2) => {
    metadata.selectNumberingPlan(iso2);
    const lengths = metadata.numberingPlan?.possibleLengths() ?? [];
    const sorted = [...lengths].sort((a, b) => a - b);
    const country: Country = {
      iso2,
      dialCode: getCountryCallingCode(iso2),
      digits: sorted.length ? sorted : [PHONE_ALWAYS_VALID_MIN_DIGITS],
      maxDigits: sorted.length ? sorted[sorted.length - 1]! : MAX_NATIONAL_DIGITS,
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

/**
 * Display of a national number in the country's mask (912 345 678, 7400 123456): the
 * international format without its "+code ", which unlike the national one never needs the
 * trunk prefix (UK 07400…, France 06…) to group the digits.
 */
export function formatNationalPhone(iso2: string, value: string): string {
  const digits = phoneDigits(value);
  if (!digits) return '';
  const dialCode = findCountry(iso2)?.dialCode ?? '';
  const shown = new AsYouType().input(`+${dialCode}${digits}`);
  return shown.startsWith(`+${dialCode}`) && phoneDigits(shown) === dialCode + digits
    ? shown.slice(dialCode.length + 1).trim()
    : digits;
}

/** An international number ("+351 912 345 678", "00351912345678") read as its country and national digits. */
function readInternational(digits: string, selected: Country | undefined): PhoneParts | undefined {
  // The selected country wins when the code is its own (+1 is the US and Canada alike).
  if (selected && digits.startsWith(selected.dialCode) && digits.length > selected.dialCode.length) {
    return { country: selected, national: digits.slice(selected.dialCode.length) };
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  const country = parsed
    ? (findCountry(parsed.country) ?? findCountryByDialCode(parsed.countryCallingCode))
    : undefined;
  if (parsed && country) return { country, national: parsed.nationalNumber };
  const split = splitE164(digits);
  const byCode = split && findCountryByDialCode(split.dialCode);
  return byCode && split.national ? { country: byCode, national: split.national } : undefined;
}

/** A phone number read from what a person typed or pasted: its country and national digits. */
export interface PhoneParts {
  country: Country;
  national: string;
}

/**
 * One reading of a phone number for the site and the API (issue 25 items 3 and 18): the same
 * number in any accepted format is the same number. With `selected` as the country chosen,
 * "+351 912 345 678", "00351 912 345 678", "351912345678" and "912 345 678" all read as
 * Portugal 912345678; an international number with another code switches the country (when
 * `switchCountry`; the API keeps the code it was given). National digits are not capped here.
 */
export function readPhone(
  selected: Country,
  text: string,
  { switchCountry = true }: { switchCountry?: boolean } = {},
): PhoneParts {
  const digits = phoneDigits(text);
  const trimmed = text.trim();
  const international = trimmed.startsWith('+') ? digits : trimmed.startsWith('00') ? digits.slice(2) : null;
  if (international !== null) {
    const read = readInternational(international, switchCountry ? selected : undefined);
    if (read && (switchCountry || read.country.dialCode === selected.dialCode)) return read;
    if (international.startsWith(selected.dialCode)) {
      return { country: selected, national: international.slice(selected.dialCode.length) };
    }
  }
  // "351912345678" with Portugal chosen: too long for the country, and the code is in front.
  const { dialCode, maxDigits } = selected;
  if (
    international === null &&
    digits.length > maxDigits &&
    digits.startsWith(dialCode) &&
    digits.length - dialCode.length <= maxDigits
  ) {
    return { country: selected, national: digits.slice(dialCode.length) };
  }
  return { country: selected, national: digits };
}

/** The national digits of `mobile` given with the dial code `dialCode`, in any accepted format. */
export function nationalNumber(dialCode: string, mobile: string): string {
  const code = phoneDigits(dialCode);
  const country = findCountryByDialCode(code) ?? {
    iso2: '',
    dialCode: code,
    digits: [PHONE_ALWAYS_VALID_MIN_DIGITS],
    maxDigits: MAX_NATIONAL_DIGITS,
  };
  return readPhone(country, mobile, { switchCountry: false }).national;
}

/** Canonical E.164 form used as the customer's identity: +351912345678, whatever the format given. */
export function toE164(dialCode: string, national: string): string {
  return `+${phoneDigits(dialCode)}${nationalNumber(dialCode, national)}`;
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
