import { z } from 'zod';
import { formInt, idParam } from './common';
import { codeText } from './pricing';

/**
 * Session date on the wire is day/month/year (DD/MM/YYYY), as the spec's client sends it
 * after converting from the date picker's year-month-day. Both conversions live here so
 * the web and the API agree.
 */
export const SESSION_DATE_PATTERN = /^(0[1-9]|[12]\d|3[01])\/(0[1-9]|1[0-2])\/(\d{4})$/;

/** YYYY-MM-DD → DD/MM/YYYY (the format the cart API takes and answers). */
export { toSessionDate } from '../session-date';

/** DD/MM/YYYY → YYYY-MM-DD, or null when it is not a real calendar date. */
export function fromSessionDate(dmy: string): string | null {
  const m = SESSION_DATE_PATTERN.exec(dmy);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
  idParam.optional(),
);

/** Most tickets one cart line can hold; per-type maxima are usually lower. */
export const CART_LINE_MAX_QTY = 100;

/**
 * POST /api/carts/add-item (spec §7). `amount` is the quantity the line should have
 * (0 removes it); a line is one ticket type for one session (or for the event).
 * `session_date` is DD/MM/YYYY and `session_hour` HH:MM, both optional for events
 * without sessions; when given they must match the session.
 */
export const addItemBody = z.object({
  ticket_id: idParam,
  session_id: optionalId,
  session_date: z
    .string()
    .trim()
    .max(10)
    .optional()
    .refine((v) => !v || fromSessionDate(v) !== null, { message: 'validation.cart_session_date' }),
  session_hour: z
    .string()
    .trim()
    .max(5)
    .optional()
    .refine((v) => !v || /^([01]?\d|2[0-3]):[0-5]\d$/.test(v), { message: 'validation.cart_session_hour' }),
  event_id: idParam,
  /** the event's slug (its link): required for a private, link-only event */
  event_slug: z.string().trim().max(120).optional(),
  amount: formInt(z.number().int().min(0).max(CART_LINE_MAX_QTY)),
  /** the access code that unlocked a hidden ticket type (event page) */
  access_code: codeText.optional(),
});
export type AddItemBody = z.input<typeof addItemBody>;

export const cartQuery = z.object({ event_id: idParam.optional() });

export const updateItemBody = z.object({ qty: formInt(z.number().int().min(0).max(CART_LINE_MAX_QTY)) });

export const cartItemView = z.object({
  /** the line's id: PATCH/DELETE /api/carts/items/{identifier} */
  identifier: z.number(),
  ticket_id: z.number(),
  ticket_name: z.string(),
  session_id: z.number().nullable(),
  /** DD/MM/YYYY or null */
  session_date: z.string().nullable(),
  session_hour: z.string().nullable(),
  event_id: z.number(),
  /** unit price in cents */
  amount: z.number(),
  qty: z.number(),
  line_cents: z.number(),
  min_per_order: z.number(),
  max_per_order: z.number(),
  /** places left now (what another buyer could still take) */
  available: z.number(),
});
export type CartItemView = z.infer<typeof cartItemView>;

export const cartView = z.object({
  id: z.number().nullable(),
  event_id: z.number().nullable(),
  items: z.array(cartItemView),
  total_items: z.number(),
  subtotal_cents: z.number(),
  service_cents: z.number(),
  total_cents: z.number(),
  /** the event's service cost percentage in basis points (500 = 5 %), for its label */
  service_fee_bp: z.number(),
});
export type CartView = z.infer<typeof cartView>;

export const cartResponse = z.object({ data: cartView, message: z.string().optional() });
