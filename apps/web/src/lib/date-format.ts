import type { Locale } from '@bilheteira/shared/locales';

/**
 * Every date and time the site shows goes through this module, so each language has one
 * way of writing them: four-digit years, 24-hour clock, in the event's (or Lisbon's) zone.
 */

const INTL_LOCALE: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en-GB', es: 'es-ES' };

export const intlLocale = (locale: Locale): string => INTL_LOCALE[locale];

/** Times that belong to no event (orders, the outbox) are shown in Portugal's time. */
export const SITE_TIME_ZONE = 'Europe/Lisbon';

/**
 * Building an Intl.DateTimeFormat costs far more than using one (ICU data, time-zone rules),
 * and a list of event cards formats the same way dozens of times: one formatter per
 * (locale, options), reused.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** "sábado, 20 de dezembro de 2026" in the event's own time zone. */
export function formatEventDate(iso: string, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_LOCALE[locale], { dateStyle: 'full', timeZone }).format(new Date(iso));
}

/** "20 de dez. de 2026" style short date. */
export function formatShortDate(iso: string, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

/** "21:00" in the event's time zone. */
export function formatHour(iso: string, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_LOCALE[locale], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));
}

/** "20 de dez. de 2026, 21:00": an instant (order, ticket scan, outbox entry) with its time. */
export function formatDateTime(iso: string, timeZone: string, locale: Locale): string {
  return `${formatShortDate(iso, timeZone, locale)}, ${formatHour(iso, timeZone, locale)}`;
}

/** A session's YYYY-MM-DD day, shown as a readable date (the day is already local). */
export function formatDay(ymd: string, locale: Locale): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return dateFormat(INTL_LOCALE[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** The event's local calendar day (YYYY-MM-DD) and hour (HH:MM) of an instant. */
export function localDayAndHour(iso: string, timeZone: string): { date: string; hour: string } {
  const parts = dateFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: `${get('hour')}:${get('minute')}` };
}

/** "17:00" from "17:00" or "9:30" → "09:30". */
export const normalizeHour = (h: string): string => {
  const [hh = '0', mm = '00'] = h.split(':');
  return `${hh.padStart(2, '0')}:${mm.padStart(2, '0')}`;
};

/** "10 de março" (the day an announced price ends), in the event's time zone. */
export function formatDayMonth(iso: string, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', timeZone }).format(new Date(iso));
}
