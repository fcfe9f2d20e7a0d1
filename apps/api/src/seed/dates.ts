/** Calendar helpers for the seed: event-local dates as YYYY-MM-DD, Lisbon hours as UTC. */
export const DAY_MS = 24 * 3600 * 1000;

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}

export const ymd = (d: Date): string => d.toISOString().slice(0, 10);

/** `date` at hh:mm Lisbon time (approximated as UTC+0/UTC+1 by month, enough for demo data). */
export function at(date: Date, hh: number, mm = 0): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), hh, mm));
  const month = d.getUTCMonth();
  const summer = month >= 3 && month <= 9;
  return new Date(d.getTime() - (summer ? 3600_000 : 0));
}
