import { salesWindowPhase } from './sales-window';

/**
 * Ticket statuses of spec §3, computed in one place for the API and the web, with `now` as
 * a parameter. A customer ticket is valid, used, expired-not-used, not-valid (outside its
 * valid time), expired-used, waiting (coming soon) or canceled; a ticket type on sale is
 * valid, waiting, soldOut, expired or canceled.
 */
export const TICKET_STATUS = {
  valid: 'valid',
  used: 'used',
  expiredNotUsed: 'expired-not-used',
  notValid: 'not-valid',
  expiredUsed: 'expired-used',
  waiting: 'waiting',
  soldOut: 'soldOut',
  canceled: 'canceled',
  expired: 'expired',
} as const;
export type TicketStatus = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];
export const TICKET_STATUSES = Object.values(TICKET_STATUS) as TicketStatus[];

/** Statuses that show the QR code and allow a transfer (spec §4: valid or soon/waiting). */
export const isAdmittingStatus = (s: string): boolean =>
  s === TICKET_STATUS.valid || s === TICKET_STATUS.waiting;

/** Door answers of POST /api/checkin: `ok` or a machine-readable reason. */
export const CHECKIN_RESULT = {
  ok: 'ok',
  alreadyUsed: 'already_used',
  notValidToday: 'not_valid_today',
  wrongEvent: 'wrong_event',
  canceled: 'canceled',
  revoked: 'revoked',
  unknown: 'unknown',
  /** a valid ticket the device's check-in list does not admit (another gate or zone) */
  notOnList: 'not_on_list',
} as const;
export type CheckinResult = (typeof CHECKIN_RESULT)[keyof typeof CHECKIN_RESULT];
export const CHECKIN_RESULTS = Object.values(CHECKIN_RESULT) as CheckinResult[];

const YMD = /^\d{4}-\d{2}-\d{2}$/;

// Building an Intl.DateTimeFormat costs far more than using one (it was the largest single
// cost of a door scan), so one is kept per time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (the event's). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Event days run from 06:00 to 06:00 local time, so a night that goes past midnight (a
 * concert ending at 01:00, a festival closing at 02:00) still counts as the day it began.
 */
export const EVENT_DAY_CUTOFF_HOURS = 6;

/** The event day (YYYY-MM-DD) an instant belongs to, in the event's time zone. */
export const eventDay = (instant: Date, timeZone: string): string =>
  localDay(new Date(instant.getTime() - EVENT_DAY_CUTOFF_HOURS * 3600_000), timeZone);

/** YYYY-MM-DD days from `from` to `to` inclusive (calendar arithmetic, no time zone). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (d.getTime() <= end.getTime() && out.length < 366) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

export interface TicketValidity {
  /** admission days (YYYY-MM-DD, event-local), sorted */
  days: string[];
  /** true: one admission per day; false: one admission in total */
  perDay: boolean;
}

/**
 * Days a ticket admits: its type's `period_days` when set (more than one = a multi-day pass,
 * one admission per day), else its session's date, else every day the event runs on (one
 * admission in total: a concert that ends after midnight is still one entry).
 */
export function ticketValidity(input: {
  periodDays: readonly string[];
  sessionDate: string | null;
  eventStartsAt: Date;
  eventEndsAt: Date;
  timezone: string;
}): TicketValidity {
  const period = [...new Set(input.periodDays.filter((d) => YMD.test(d)))].sort();
  if (period.length) return { days: period, perDay: period.length > 1 };
  if (input.sessionDate && YMD.test(input.sessionDate)) return { days: [input.sessionDate], perDay: false };
  const first = eventDay(input.eventStartsAt, input.timezone);
  const last = eventDay(input.eventEndsAt, input.timezone);
  return { days: daysBetween(first, last < first ? first : last), perDay: false };
}

/**
 * The key of the one admission a scan on `day` uses: the day itself for a multi-day pass,
 * the first valid day for a single-admission ticket (so a second entry on any day collides
 * with the first in the unique (ticket, day) index).
 */
export function admissionKey(validity: TicketValidity, day: string): string {
  return validity.perDay ? day : validity.days[0]!;
}

export interface CustomerTicketFacts {
  /** ticket row state: active | canceled */
  state: string;
  /** event status: published | cancelled | draft */
  eventStatus: string;
  eventEndsAt: Date;
  timezone: string;
  validity: TicketValidity;
  /** admission keys already used (checkins.day) */
  checkinDays: readonly string[];
}

/**
 * A customer ticket's status at `now`:
 * canceled (ticket or event) → expired-used / expired-not-used (after its last day or the
 * event's end) → used (admission of today already taken, or the single admission) →
 * valid (today is an admission day) → waiting (its first day is still ahead) →
 * not-valid (today falls between its days, e.g. a day-1 + day-3 pass on day 2).
 */
export function customerTicketStatus(t: CustomerTicketFacts, now: Date): TicketStatus {
  if (t.state === 'canceled' || t.eventStatus === 'cancelled') return TICKET_STATUS.canceled;
  const today = eventDay(now, t.timezone);
  const days = t.validity.days;
  const used = t.checkinDays.length > 0;
  const last = days[days.length - 1];
  if (!last || today > last || now.getTime() > t.eventEndsAt.getTime()) {
    return used ? TICKET_STATUS.expiredUsed : TICKET_STATUS.expiredNotUsed;
  }
  if (!t.validity.perDay && used) return TICKET_STATUS.used;
  if (t.validity.perDay && t.checkinDays.includes(today)) return TICKET_STATUS.used;
  if (days.includes(today)) return TICKET_STATUS.valid;
  if (today < days[0]!) return TICKET_STATUS.waiting;
  return TICKET_STATUS.notValid;
}

/**
 * A ticket type's sale status at `now`: canceled (event) → expired (sales over or event
 * ended) → waiting (sales not open yet) → soldOut (nothing left) → valid.
 */
export function ticketTypeSaleStatus(
  t: {
    eventStatus: string;
    eventEndsAt: Date;
    salesStartAt: Date | null;
    salesEndAt: Date | null;
    available: number;
  },
  now: Date,
): TicketStatus {
  if (t.eventStatus === 'cancelled') return TICKET_STATUS.canceled;
  const phase = salesWindowPhase(t, now);
  if (now.getTime() >= t.eventEndsAt.getTime() || phase === 'after') return TICKET_STATUS.expired;
  if (phase === 'before') return TICKET_STATUS.waiting;
  if (t.available <= 0) return TICKET_STATUS.soldOut;
  return TICKET_STATUS.valid;
}

/**
 * The door rule for one scan at `now` of an active ticket of the right event: the admission
 * key to record, or why not. The unique (ticket, day) index decides `already_used`.
 */
export function doorDecision(
  t: { state: string; eventStatus: string; eventEndsAt: Date; timezone: string; validity: TicketValidity },
  now: Date,
): { ok: true; day: string } | { ok: false; reason: CheckinResult } {
  if (t.state === 'canceled' || t.eventStatus === 'cancelled')
    return { ok: false, reason: CHECKIN_RESULT.canceled };
  const today = eventDay(now, t.timezone);
  if (!t.validity.days.includes(today) || now.getTime() > t.eventEndsAt.getTime()) {
    return { ok: false, reason: CHECKIN_RESULT.notValidToday };
  }
  return { ok: true, day: admissionKey(t.validity, today) };
}

/** What a check-in list admits (an empty array admits all of that kind). */
export interface CheckinListRule {
  ticketTypeIds: readonly number[];
  sessionIds: readonly number[];
  /** event-local admission days (YYYY-MM-DD) */
  days: readonly string[];
}

/**
 * The check-in list's rule for a ticket the door rule admitted: its type, its session (a
 * ticket without one passes a list of sessions by its type and day alone) and the event-local
 * day of the scan (`today`, not the admission key: a single-admission pass counts its first day).
 */
export function listAdmits(
  list: CheckinListRule,
  t: { ticketTypeId: number; sessionId: number | null; today: string },
): boolean {
  if (list.ticketTypeIds.length && !list.ticketTypeIds.includes(t.ticketTypeId)) return false;
  if (list.sessionIds.length && t.sessionId !== null && !list.sessionIds.includes(t.sessionId)) return false;
  if (list.days.length && !list.days.includes(t.today)) return false;
  return true;
}
