/**
 * Back-office events (issue 26 item 3-4): what an organiser's team sends to create and run an
 * event, its ticket types and sessions, and what the API answers. The back office builds its
 * forms on these schemas (react-hook-form + zod) and the API validates with the same ones.
 *
 * Create bodies are the base objects with the cross-field rules; edit (PATCH) bodies are the
 * same fields, all optional, with the rules applied to what is sent (the service applies them
 * again to the merged result). Defaults of a new event or type live in the service, so a PATCH
 * never resets a field it did not name.
 */
import { z } from 'zod';
import { parseFrameOrigin } from '../frame-origin';
import { isCalendarDate, isValidTimeZone } from '../timezone';
import { isValidEmail } from '../validation';
import { MAX_VAT_PERCENT } from '../vat';
import { formBoolean, formInt, paginationMeta, paginationQuery } from './common';

/** Longest long text (about, terms): a generous page, far below the body limit. */
export const EVENT_LONG_TEXT_MAX = 20_000;

const required = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.too_big' });
const optionalText = (max: number) =>
  z.string({ message: 'validation.invalid' }).trim().max(max, { message: 'validation.too_big' });
const int = (min: number, max: number) =>
  formInt(
    z
      .number({ message: 'validation.invalid' })
      .int({ message: 'validation.invalid' })
      .min(min, { message: 'validation.too_small' })
      .max(max, { message: 'validation.too_big' }),
  );
const instant = z.iso.datetime({ offset: true, message: 'backoffice_events.datetime' });
const nullableInstant = instant.nullable();
const email = z
  .string({ message: 'validation.required' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'validation.too_big' })
  .refine(isValidEmail, { message: 'validation.email' });

export const eventSlug = z
  .string({ message: 'validation.invalid' })
  .trim()
  .toLowerCase()
  .min(3, { message: 'validation.too_small' })
  .max(80, { message: 'validation.too_big' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'backoffice_events.slug_format' });

export const timeZone = z
  .string({ message: 'validation.required' })
  .trim()
  .refine(isValidTimeZone, { message: 'backoffice_events.time_zone' });

export const calendarDate = z
  .string({ message: 'validation.required' })
  .refine(isCalendarDate, { message: 'backoffice_events.date_format' });

const hourOfDay = z
  .string({ message: 'validation.required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'backoffice_events.hour_format' });

const embedOrigin = z.string({ message: 'validation.invalid' }).transform((v, ctx) => {
  const origin = parseFrameOrigin(v);
  if (!origin) ctx.addIssue({ code: 'custom', message: 'backoffice_events.embed_origin' });
  return origin ?? v;
});

const eventTexts = z.strictObject({
  name: optionalText(200).optional(),
  information: optionalText(EVENT_LONG_TEXT_MAX).optional(),
  terms: optionalText(EVENT_LONG_TEXT_MAX).optional(),
  venue_name: optionalText(200).optional(),
});
/** en/es texts; what is missing or empty shows in pt-PT. */
export const eventTranslations = z.strictObject({ en: eventTexts.optional(), es: eventTexts.optional() });

const coordinate = (limit: number) =>
  z.number({ message: 'validation.invalid' }).min(-limit, { message: 'validation.too_small' }).max(limit, {
    message: 'validation.too_big',
  });

/** Every field of an event the back office edits (pt-PT texts are the required ones). */
const eventFields = z.strictObject({
  slug: eventSlug,
  name: required(200),
  information: optionalText(EVENT_LONG_TEXT_MAX),
  terms: optionalText(EVENT_LONG_TEXT_MAX),
  translations: eventTranslations,
  venue_name: optionalText(200),
  address: required(300),
  city: optionalText(120),
  latitude: coordinate(90).nullable(),
  longitude: coordinate(180).nullable(),
  timezone: timeZone,
  contact_email: email,
  starts_at: instant,
  ends_at: instant,
  /** dated sessions (theatre) rather than one run of days */
  is_session: formBoolean,
  sales_start_at: nullableInstant,
  /** service cost in basis points of the ticket price (400 = 4 %) */
  service_fee_bp: int(0, 10_000),
  service_fee_vat_percent: int(0, MAX_VAT_PERCENT),
  /** with this many places left or fewer the page says "últimos bilhetes" (0: always the count) */
  last_tickets_at: int(0, 1_000_000),
  refunds_allowed: formBoolean,
  refund_opens_at: nullableInstant,
  refund_closes_at: nullableInstant,
  wallet_enabled: formBoolean,
  wallet_opens_at: nullableInstant,
  wallet_offline_window_minutes: int(1, 10_080),
  online_topup_enabled: formBoolean,
  transfer_allowed: formBoolean,
  /** transfers close this many hours before the doors (null: until the doors open) */
  transfer_until_hours: int(0, 8_760).nullable(),
  /** how many times one ticket may change hands (null: no limit) */
  transfer_max_count: int(0, 100).nullable(),
  embed_origins: z.array(embedOrigin).max(20, { message: 'validation.too_big' }),
  promoters: z.array(required(120)).max(20, { message: 'validation.too_big' }),
  partners: z.array(required(120)).max(40, { message: 'validation.too_big' }),
});
export type EventFields = z.output<typeof eventFields>;

type Issue = { path: string; message: string };
/** Cross-field rules of an event, on whatever fields are known (both sides of a pair). */
export function eventFieldIssues(e: Partial<EventFields>): Issue[] {
  const issues: Issue[] = [];
  const after = (a: string | null | undefined, b: string | null | undefined) =>
    a && b && Date.parse(a) <= Date.parse(b);
  if (after(e.ends_at, e.starts_at))
    issues.push({ path: 'ends_at', message: 'backoffice_events.ends_before' });
  if (after(e.refund_closes_at, e.refund_opens_at))
    issues.push({ path: 'refund_closes_at', message: 'backoffice_events.ends_before' });
  if (e.online_topup_enabled && e.wallet_enabled === false)
    issues.push({ path: 'online_topup_enabled', message: 'backoffice_events.topup_needs_wallet' });
  if (
    (e.latitude === null) !== (e.longitude === null) &&
    e.latitude !== undefined &&
    e.longitude !== undefined
  )
    issues.push({ path: 'longitude', message: 'backoffice_events.coordinates_pair' });
  return issues;
}

const withIssues =
  <T extends Partial<EventFields>>(rules: (v: T) => Issue[]) =>
  (v: T, ctx: z.RefinementCtx) => {
    for (const i of rules(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  };

/** POST: a new draft. `slug` is made from the name when not given. */
export const createEventBody = eventFields
  .partial()
  .required({ name: true, address: true, contact_email: true, starts_at: true, ends_at: true })
  .superRefine(withIssues(eventFieldIssues));
export type CreateEventBody = z.output<typeof createEventBody>;

/** PATCH: only the fields sent change. */
export const updateEventBody = eventFields.partial().superRefine(withIssues(eventFieldIssues));
export type UpdateEventBody = z.output<typeof updateEventBody>;

export const publishEventBody = z.strictObject({
  /** public: listed; private: reachable only by its random link, never listed */
  visibility: z.enum(['public', 'private'], { message: 'validation.invalid' }).default('public'),
});

const typeTexts = z.strictObject({
  name: optionalText(120).optional(),
  description: optionalText(2_000).optional(),
});
export const ticketTypeTranslations = z.strictObject({ en: typeTexts.optional(), es: typeTexts.optional() });

const ticketTypeFields = z.strictObject({
  name: required(120),
  description: optionalText(2_000),
  translations: ticketTypeTranslations,
  price_cents: int(0, 10_000_000),
  /** VAT included in the price: 6 mainland, 5 Madeira, 4 Azores (TICKET_VAT_PRESETS); any 0–23 */
  vat_percent: int(0, MAX_VAT_PERCENT),
  /** total stock (per session for session events) */
  quantity: int(0, 1_000_000),
  min_per_order: int(1, 100),
  max_per_order: int(1, 100),
  sales_start_at: nullableInstant,
  sales_end_at: nullableInstant,
  /** days a ticket admits (YYYY-MM-DD); several: a multi-day pass */
  period_days: z.array(calendarDate).max(62, { message: 'validation.too_big' }),
  /** not shown on the event page */
  hidden: formBoolean,
  sort_order: int(0, 10_000),
});
export type TicketTypeFields = z.output<typeof ticketTypeFields>;

export function ticketTypeIssues(t: Partial<TicketTypeFields>): Issue[] {
  const issues: Issue[] = [];
  if (t.min_per_order !== undefined && t.max_per_order !== undefined && t.max_per_order < t.min_per_order)
    issues.push({ path: 'max_per_order', message: 'backoffice_events.max_below_min' });
  if (t.sales_start_at && t.sales_end_at && Date.parse(t.sales_end_at) <= Date.parse(t.sales_start_at))
    issues.push({ path: 'sales_end_at', message: 'backoffice_events.ends_before' });
  return issues;
}

export const createTicketTypeBody = ticketTypeFields
  .partial()
  .required({ name: true, price_cents: true, quantity: true })
  .superRefine(withIssues(ticketTypeIssues));
export type CreateTicketTypeBody = z.output<typeof createTicketTypeBody>;
export const updateTicketTypeBody = ticketTypeFields.partial().superRefine(withIssues(ticketTypeIssues));
export type UpdateTicketTypeBody = z.output<typeof updateTicketTypeBody>;

/** A dated performance: date and hour in the event's time zone, with an optional capacity. */
export const sessionBody = z.strictObject({
  date: calendarDate,
  hour: hourOfDay,
  capacity: int(1, 1_000_000).nullable().default(null),
});
export type SessionBody = z.output<typeof sessionBody>;
export const updateSessionBody = z.strictObject({
  date: calendarDate.optional(),
  hour: hourOfDay.optional(),
  capacity: int(1, 1_000_000).nullable().optional(),
});

/** The day capacities of a multi-day event (the whole list; days left out lose their limit). */
export const eventDaysBody = z.strictObject({
  days: z
    .array(z.strictObject({ day: calendarDate, capacity: int(0, 1_000_000) }))
    .max(62, { message: 'validation.too_big' })
    .refine((d) => new Set(d.map((x) => x.day)).size === d.length, {
      message: 'backoffice_events.duplicate_day',
    }),
});

export const ADMIN_EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export const ADMIN_EVENT_SORTS = ['starts_at', 'name', 'created_at', 'updated_at', 'status'] as const;

export const adminEventListQuery = paginationQuery.extend({
  search: z.string().trim().max(100, { message: 'validation.too_big' }).optional().default(''),
  status: z
    .enum(['all', ...ADMIN_EVENT_STATUSES], { message: 'validation.invalid' })
    .optional()
    .default('all'),
  sort: z.enum(ADMIN_EVENT_SORTS, { message: 'validation.invalid' }).optional().default('starts_at'),
  dir: z.enum(['asc', 'desc'], { message: 'validation.invalid' }).optional().default('asc'),
});
export type AdminEventListQuery = z.output<typeof adminEventListQuery>;

// ---- answers ----

export const adminTicketTypeView = z.object({
  id: z.number(),
  event_id: z.number(),
  name: z.string(),
  description: z.string(),
  translations: ticketTypeTranslations,
  price_cents: z.number(),
  vat_percent: z.number(),
  quantity: z.number(),
  sold: z.number(),
  reserved: z.number(),
  min_per_order: z.number(),
  max_per_order: z.number(),
  sales_start_at: z.string().nullable(),
  sales_end_at: z.string().nullable(),
  period_days: z.array(z.string()),
  hidden: z.boolean(),
  sort_order: z.number(),
});
export type AdminTicketTypeView = z.infer<typeof adminTicketTypeView>;

export const adminSessionView = z.object({
  id: z.number(),
  date: z.string(),
  hour: z.string(),
  starts_at: z.string(),
  capacity: z.number().nullable(),
  sold: z.number(),
  reserved: z.number(),
});

export const adminEventDayView = z.object({
  day: z.string(),
  capacity: z.number(),
  sold: z.number(),
  reserved: z.number(),
});

export const adminEventSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(ADMIN_EVENT_STATUSES),
  visibility: z.enum(['public', 'private']),
  city: z.string(),
  venue_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  /** tickets sold and total stock of its ticket types */
  sold: z.number(),
  quantity: z.number(),
  updated_at: z.string(),
});
export type AdminEventSummary = z.infer<typeof adminEventSummary>;

export const adminEventView = adminEventSummary.extend({
  information: z.string(),
  terms: z.string(),
  translations: eventTranslations,
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contact_email: z.string(),
  is_session: z.boolean(),
  sales_start_at: z.string().nullable(),
  service_fee_bp: z.number(),
  service_fee_vat_percent: z.number(),
  last_tickets_at: z.number(),
  refunds_allowed: z.boolean(),
  refund_opens_at: z.string().nullable(),
  refund_closes_at: z.string().nullable(),
  wallet_enabled: z.boolean(),
  wallet_opens_at: z.string().nullable(),
  wallet_offline_window_minutes: z.number(),
  online_topup_enabled: z.boolean(),
  transfer_allowed: z.boolean(),
  transfer_until_hours: z.number().nullable(),
  transfer_max_count: z.number().nullable(),
  embed_origins: z.array(z.string()),
  promoters: z.array(z.string()),
  partners: z.array(z.string()),
  /** where the public finds it: /events/{public_path} (the slug, or a private event's random link) */
  public_path: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  ticket_types: z.array(adminTicketTypeView),
  sessions: z.array(adminSessionView),
  days: z.array(adminEventDayView),
});
export type AdminEventView = z.infer<typeof adminEventView>;

export const adminEventListResponse = z.object({ data: z.array(adminEventSummary), meta: paginationMeta });
export const adminEventResponse = z.object({ data: adminEventView, message: z.string().optional() });
export const adminTicketTypeResponse = z.object({
  data: adminTicketTypeView,
  message: z.string().optional(),
});
export const adminSessionResponse = z.object({ data: adminSessionView, message: z.string().optional() });
