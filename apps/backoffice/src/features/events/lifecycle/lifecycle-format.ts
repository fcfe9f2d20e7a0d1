import type { AdminEventView, SessionView } from '../events-api';

/** "sábado, 6 de março de 2027, 21:00" of an instant in the event's time zone. */
export function formatInstant(iso: string, timeZone: string, lang = document.documentElement.lang): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A session as a person reads it: its day and hour in the event's time zone. */
export const sessionLabel = (s: Pick<SessionView, 'starts_at'>, e: Pick<AdminEventView, 'timezone'>) =>
  formatInstant(s.starts_at, e.timezone);
