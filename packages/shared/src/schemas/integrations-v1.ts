/**
 * The organisers' integration API (/api/v1, `Authorization: Bearer <API key>`): what an API
 * key reads of its own organiser, and the `data` of the webhook events that carry the same
 * records (an `order.paid` event's data is the order as GET /api/v1/orders answers it).
 */
import { z } from 'zod';
import { formInt, idParam } from './common';
import { WEBHOOK_EVENT_TYPES } from './backoffice-integrations';

export const V1_ORDERS_PER_PAGE = 100;
export const V1_CHECKINS_PER_PAGE = 500;

/** An ISO 8601 instant with its offset (2026-07-01T10:00:00Z). */
const instant = z.iso.datetime({ offset: true, message: 'validation.invalid' });

export const v1OrdersQuery = z.strictObject({
  event_id: idParam.optional(),
  status: z
    .enum(['paid', 'refunded', 'cancelled', 'processing'], { message: 'validation.invalid' })
    .optional(),
  /** orders created, paid or whose payments changed (refunds) at or after this instant */
  updated_since: instant.optional(),
  page: formInt(z.number({ message: 'validation.invalid' }).int().min(1).max(100_000)).default(1),
});

export const v1OrderLine = z.object({
  kind: z.enum(['ticket', 'topup']),
  ticket_type_id: z.number().nullable(),
  session_id: z.number().nullable(),
  description: z.string(),
  qty: z.number(),
  unit_cents: z.number(),
  /** tickets of the line the organiser refunded (cancelled); the order stays paid while some are left */
  refunded_qty: z.number(),
  /** what of the line was given back (a top-up may be refunded in part) */
  refunded_cents: z.number(),
});

export const v1Order = z.object({
  id: z.number(),
  reference: z.string(),
  event_id: z.number(),
  status: z.string(),
  currency: z.literal('EUR'),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  service_cents: z.number(),
  total_cents: z.number(),
  buyer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string().nullable() }),
  lines: z.array(v1OrderLine),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
});
export type V1Order = z.output<typeof v1Order>;

const pageMeta = z.object({ page: z.number(), per_page: z.number(), has_more: z.boolean() });
export const v1OrdersResponse = z.object({ data: z.array(v1Order), meta: pageMeta });

export const v1CheckinsQuery = z.strictObject({
  event_id: idParam.optional(),
  /** check-ins after this id (the previous page's `meta.next_since_id`); 0 from the start */
  since_id: formInt(
    z
      .number({ message: 'validation.invalid' })
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  ).default(0),
});

export const v1Checkin = z.object({
  id: z.number(),
  event_id: z.number(),
  ticket_id: z.number(),
  ticket_type_id: z.number(),
  session_id: z.number().nullable(),
  order_id: z.number().nullable(),
  /** the event-local day the check-in counts for (YYYY-MM-DD) */
  day: z.string(),
  device_id: z.number().nullable(),
  scanned_at: z.string(),
  offline: z.boolean(),
});
export type V1Checkin = z.output<typeof v1Checkin>;

export const v1CheckinsResponse = z.object({
  data: z.array(v1Checkin),
  meta: z.object({ per_page: z.number(), next_since_id: z.number(), has_more: z.boolean() }),
});

export const v1Event = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
});
export const v1EventsResponse = z.object({ data: z.array(v1Event) });

/** `ticket.transferred`: the ticket has a new holder (its QR token was replaced). */
export const v1TicketTransfer = z.object({
  id: z.number(),
  ticket_id: z.number(),
  event_id: z.number(),
  ticket_type_id: z.number(),
  order_id: z.number().nullable(),
  /** true while the recipient has not registered with the mobile yet */
  pending: z.boolean(),
  transferred_at: z.string(),
});
export type V1TicketTransfer = z.output<typeof v1TicketTransfer>;

/** `wallet.transaction`: one row of a wallet's ledger (credits positive, debits negative). */
export const v1WalletTransaction = z.object({
  id: z.number(),
  event_id: z.number(),
  wallet_id: z.number(),
  type: z.string(),
  amount_cents: z.number(),
  station_id: z.number().nullable(),
  occurred_at: z.string(),
});
export type V1WalletTransaction = z.output<typeof v1WalletTransaction>;

/**
 * What a webhook delivery's body is: signed with the endpoint's secret in the
 * `Bilheteira-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`).
 */
export const webhookPayload = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: z.string(),
  organizer_id: z.number(),
  data: z.union([v1Order, v1Checkin, v1TicketTransfer, v1WalletTransaction]),
});
export type WebhookPayload = z.output<typeof webhookPayload>;
