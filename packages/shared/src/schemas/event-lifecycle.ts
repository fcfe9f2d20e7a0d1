/**
 * Postponing and cancelling an event or one of its sessions from the back office (issue 26
 * item 3), and the customer's refund of a postponed event's order. The back office builds its
 * forms on these schemas; the API validates with the same ones.
 */
import { z } from 'zod';
import { calendarDate } from './backoffice-events';

const instant = z.iso.datetime({ offset: true, message: 'backoffice_events.datetime' });
const hourOfDay = z
  .string({ message: 'validation.required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'backoffice_events.hour_format' });
/** a note to the holders, put in the message they get (optional) */
const reason = z
  .string({ message: 'validation.invalid' })
  .trim()
  .max(500, { message: 'validation.too_big' })
  .optional()
  .default('');

/** Days holders may ask for their money back after a postponement, when none is given. */
export const POSTPONE_REFUND_DEFAULT_DAYS = 14;

/**
 * New dates of an event. `refund_until`: holders of paid orders may ask for a refund until
 * then (default: POSTPONE_REFUND_DEFAULT_DAYS from now; must be in the future).
 */
export const postponeEventBody = z
  .strictObject({
    starts_at: instant,
    ends_at: instant,
    refund_until: instant.optional(),
    reason,
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.ends_at) <= Date.parse(b.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'backoffice_events.ends_before' });
  });
export type PostponeEventBody = z.output<typeof postponeEventBody>;

/** A session moves to a new date and hour (in the event's time zone). */
export const postponeSessionBody = z.strictObject({
  date: calendarDate,
  hour: hourOfDay,
  refund_until: instant.optional(),
  reason,
});
export type PostponeSessionBody = z.output<typeof postponeSessionBody>;

export const cancelEventBody = z.strictObject({ reason }).optional().default({ reason: '' });

export const EVENT_CHANGE_KINDS = ['postpone', 'cancel'] as const;

/** One postponement or cancellation, as the back office lists it. */
export const eventChangeView = z.object({
  id: z.number(),
  event_id: z.number(),
  /** null: the whole event */
  session_id: z.number().nullable(),
  kind: z.enum(EVENT_CHANGE_KINDS),
  /** dates before and after (postpone); stock closed (cancel) */
  previous: z.record(z.string(), z.unknown()),
  next: z.record(z.string(), z.unknown()),
  refund_until: z.string().nullable(),
  reason: z.string(),
  actor: z.string(),
  created_at: z.string(),
});
export type EventChangeView = z.infer<typeof eventChangeView>;

/** What a postpone or cancel did. `already`: the event (session) was cancelled before; nothing changed. */
export const eventChangeOutcome = z.object({
  change: eventChangeView,
  already: z.boolean(),
  /** paid orders refunded (their payments go back to the card through the provider) */
  refunded_orders: z.number(),
  refund_cents: z.number(),
  /** pending orders cancelled, their places given back */
  cancelled_orders: z.number(),
  /** customers told (email and/or SMS queued) */
  notified_customers: z.number(),
});
export const eventChangeResponse = z.object({ data: eventChangeOutcome, message: z.string().optional() });
export const eventChangeListResponse = z.object({ data: z.array(eventChangeView) });

/** The customer's refund of a paid order of a postponed event. */
export const postponementRefundResponse = z.object({
  data: z.object({
    order_id: z.number(),
    /** refunded: the order is refunded (tickets canceled); the payment goes back via the provider */
    status: z.literal('refunded'),
    refund_cents: z.number(),
    /** the refund had been asked before; nothing changed */
    already: z.boolean(),
  }),
  message: z.string().optional(),
});
