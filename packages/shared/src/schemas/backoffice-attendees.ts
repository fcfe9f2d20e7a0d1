/**
 * The attendee list of an event in the back office (issue 27 item 2): every ticket issued for
 * the event with its holder, type, session or days, order and check-in, searched and filtered,
 * in pages by keyset (`after` = the last ticket id of the previous page), and the same list
 * exported as CSV or XLSX. A ticket's token (its QR code, an admission credential) is never in
 * these answers.
 */
import { z } from 'zod';
import { formInt, idParam } from './common';
import { ORDER_SEARCH_MAX } from './backoffice-orders';

export const ATTENDEE_STATUSES = ['all', 'active', 'canceled'] as const;
export type AttendeeStatusFilter = (typeof ATTENDEE_STATUSES)[number];
export const ATTENDEE_CHECKED_IN = ['all', 'yes', 'no'] as const;
export const ATTENDEES_PER_PAGE = 50;
export const ATTENDEE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type AttendeeExportFormat = (typeof ATTENDEE_EXPORT_FORMATS)[number];

/**
 * What narrows the list (the export takes the same). `q` is plain text matched exactly against
 * a ticket id, an order reference, a ticket token, a mobile number or an email, and as the start
 * of the holder's name or surname.
 */
export const attendeeFilters = z.object({
  q: z
    .string({ message: 'validation.invalid' })
    .trim()
    .max(ORDER_SEARCH_MAX, { message: 'validation.too_big' })
    .refine((v) => !/\p{Cc}/u.test(v), { message: 'validation.invalid' })
    .optional()
    .default(''),
  ticket_type_id: idParam.optional(),
  session_id: idParam.optional(),
  status: z.enum(ATTENDEE_STATUSES, { message: 'validation.invalid' }).optional().default('all'),
  checked_in: z.enum(ATTENDEE_CHECKED_IN, { message: 'validation.invalid' }).optional().default('all'),
});
export type AttendeeFilters = z.output<typeof attendeeFilters>;

/** GET …/events/:eventId/attendees */
export const attendeeListQuery = attendeeFilters.extend({
  /** the last ticket id of the previous page */
  after: idParam.optional(),
  per_page: formInt(z.number().int().min(1).max(200)).default(ATTENDEES_PER_PAGE),
});
export type AttendeeListQuery = z.output<typeof attendeeListQuery>;

/** GET …/events/:eventId/attendees/export */
export const attendeeExportQuery = attendeeFilters.extend({
  format: z.enum(ATTENDEE_EXPORT_FORMATS, { message: 'validation.invalid' }).optional().default('csv'),
});
export type AttendeeExportQuery = z.output<typeof attendeeExportQuery>;

export const attendee = z.object({
  /** the ticket id */
  id: z.number(),
  status: z.enum(['active', 'canceled']),
  /** given to a mobile number whose owner has no account yet: the holder is that number */
  transfer_pending: z.boolean(),
  holder: z.object({
    customer_id: z.number().nullable(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    /** the holder asked to be forgotten */
    erased: z.boolean(),
  }),
  ticket_type: z.object({ id: z.number(), name: z.string() }),
  session: z.object({ id: z.number(), date: z.string(), hour: z.string() }).nullable(),
  /** the days the ticket admits (multi-day and day tickets), YYYY-MM-DD */
  days: z.array(z.string()),
  order: z.object({ id: z.number(), reference: z.string() }).nullable(),
  issued_at: z.string(),
  /** how many days the ticket went through the door, and the last time it did */
  checkins: z.number(),
  last_checkin: z.object({ at: z.string(), gate: z.string().nullable() }).nullable(),
});
export type Attendee = z.infer<typeof attendee>;

export const attendeeListResponse = z.object({
  data: z.array(attendee),
  meta: z.object({
    per_page: z.number(),
    /** give as `after` for the next page; null on the last page */
    next_after: z.number().nullable(),
  }),
});
export type AttendeeListResponse = z.infer<typeof attendeeListResponse>;
