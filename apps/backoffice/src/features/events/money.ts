/**
 * Money is integer cents; people type euros ("12,50" or "12.50"). A value that is not a
 * plain amount is handed on as typed, so the shared schema refuses it with its own message.
 */
export function eurosToCents(value: string): number | string | undefined {
  const v = value.trim().replace(/\s/g, '').replace('€', '');
  if (!v) return undefined;
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(v);
  if (!m) return value;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** "12,50" for an input (no currency sign, pt-PT decimal comma). */
export function centsToEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/** A percentage with up to two decimals ("4,5") in basis points (450). */
export function percentToBp(value: string): number | string | undefined {
  const v = value.trim().replace('%', '').trim();
  if (!v) return undefined;
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(v);
  if (!m) return value;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Basis points as a percentage for an input (450 → "4,5"). */
export function bpToPercent(bp: number): string {
  return String(bp / 100).replace('.', ',');
}

/** An optional whole number from an input ('' → null). */
export function optionalInt(value: string): number | string | null {
  const v = value.trim();
  return v ? v : null;
}

/** A decimal from an input ("38,7" or "38.7"; '' → null). */
export function optionalDecimal(value: string): number | string | null {
  const v = value.trim().replace(',', '.');
  if (!v) return null;
  const n = Number(v);
  return /^-?\d+(\.\d+)?$/.test(v) && Number.isFinite(n) ? n : value;
}
