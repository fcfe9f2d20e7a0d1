/**
 * What the sandbox card fields show while the customer types, from a phone's numeric keypad
 * (which has no slash) as well as a keyboard: digits only, the number in groups of four and
 * the expiry with the slash put in for them. Validation stays in the shared rules
 * (passesLuhn, isValidCardExpiry).
 */

/** Card numbers have at most 19 digits. */
const CARD_DIGITS = 19;

/** "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumberInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as typed → "MM/YY" or "MM/YYYY": "1230" → "12/30", "4" → "04" (no month 4x),
 * "1/30" → "01/30". Without a typed slash it appears with the first digit of the year, so
 * deleting works backwards without fighting a slash that comes back.
 */
export function formatCardExpiryInput(raw: string): string {
  let value = raw.replace(/[^\d/]/g, '');
  // a one-digit month closed by a slash: "1/" → "01/"
  value = value.replace(/^(\d)\//, '0$1/');
  let digits = value.replace(/\//g, '');
  // months 2–9 have one digit: "4" is April
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  // a slash the customer typed after the month stays
  if (digits.length <= 2) return digits.length === 2 && value.endsWith('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
