import { zonedTimeToUtc } from '@bilheteira/shared/timezone';

/** Calendar helpers for the seed: event-local dates as YYYY-MM-DD, Lisbon hours as UTC. */
export const DAY_MS = 24 * 3600 * 1000;

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}

export const ymd = (d: Date): string => d.toISOString().slice(0, 10);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `date` at hh:mm Lisbon time: the same conversion the back office uses for sessions
 * (shared/timezone.ts), so a seeded event and its sessions agree in summer and winter.
 */
export function at(date: Date, hh: number, mm = 0): Date {
  return zonedTimeToUtc(ymd(date), `${pad(hh)}:${pad(mm)}`, 'Europe/Lisbon');
}
