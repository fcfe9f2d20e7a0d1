/**
 * Back-office orders (issue 27 item 2): what an organiser's team asks to find an order of its
 * events and to read its whole story, and what the API answers. The back office builds its
 * list and order pages on these schemas and the API validates and documents with the same.
 */
import { z } from 'zod';
import { TICKET_STATUSES } from '../ticket-status';
import { formInt, idParam, paginationMeta, paginationQuery } from './common';
import { ORDER_STATUSES, PAYMENT_METHODS } from './orders';
import { adminOrderRefund } from './backoffice-order-refunds';

/** Longest search text: a name, an email (254), a ticket token. */
export const ORDER_SEARCH_MAX = 254;
export const ADMIN_ORDER_STATUSES = ['all', ...ORDER_STATUSES] as const;
export type AdminOrderStatusFilter = (typeof ADMIN_ORDER_STATUSES)[number];
export const ADMIN_ORDER_SORTS = ['created_at', 'total_cents'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ADMIN_ORDERS_PER_PAGE = 20;

/**
 * GET /backoffice/organizers/:organizerId/orders. `q` is plain text matched exactly against an
 * order reference, a mobile number, an email, a ticket token or a ticket id, and as the start
 * of the buyer's name or surname (never a pattern: % and _ are letters).
 */
export const adminOrderListQuery = paginationQuery.extend({
  q: z
    .string({ message: 'validation.invalid' })
    .trim()
    .max(ORDER_SEARCH_MAX, { message: 'validation.too_big' })
    // control characters are never part of a name, email, token or reference
    .refine((v) => !/\p{Cc}/u.test(v), { message: 'validation.invalid' })
    .optional()
    .default(''),
  event_id: idParam.optional(),
  status: z.enum(ADMIN_ORDER_STATUSES, { message: 'validation.invalid' }).optional().default('all'),
  sort: z.enum(ADMIN_ORDER_SORTS, { message: 'validation.invalid' }).optional().default('created_at'),
  dir: z.enum(['asc', 'desc'], { message: 'validation.invalid' }).optional().default('desc'),
  per_page: formInt(z.number().int().min(1).max(100)).default(ADMIN_ORDERS_PER_PAGE),
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuery>;

export const adminOrderParams = z.object({ organizerId: idParam, orderId: idParam });

// ---- answers ----

/** The buyer as the organiser's team sees them (orders.view only): null fields once erased. */
export const adminOrderBuyer = z.object({
  customer_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** the customer asked to be forgotten: their personal data is gone */
  erased: z.boolean(),
});

export const adminOrderSummary = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  event: z.object({ id: z.number(), name: z.string() }),
  buyer: adminOrderBuyer,
  /** tickets in the order */
  quantity: z.number(),
  total_cents: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const adminOrderListResponse = z.object({ data: z.array(adminOrderSummary), meta: paginationMeta });

export const adminOrderLine = z.object({
  id: z.number(),
  kind: z.enum(['ticket', 'topup']),
  description: z.string(),
  session_date: z.string().nullable(),
  session_hour: z.string().nullable(),
  qty: z.number(),
  /** what one unit cost the buyer, after the promo discount */
  unit_cents: z.number(),
  discount_cents: z.number(),
  total_cents: z.number(),
  /** tickets of the line refunded from the back office (cancelled, places given back) */
  refunded_qty: z.number(),
  /** what of the line was given back (a top-up may be refunded in part) */
  refunded_cents: z.number(),
});

/** A payment attempt with what support needs: the provider's references and the refund. */
export const adminOrderPayment = z.object({
  id: z.number(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** pending | requires_action | approved | declined | expired | refund_pending | refunded | refund_failed */
  status: z.string(),
  amount_cents: z.number(),
  provider_ref: z.string().nullable(),
  /** e.g. "Visa •••• 4242"; never a full number */
  display: z.string(),
  refund_ref: z.string().nullable(),
  refund_error: z.string().nullable(),
  refunded_at: z.string().nullable(),
  created_at: z.string(),
});

export const adminTicketCheckin = z.object({
  /** event day (YYYY-MM-DD) the entry counts for */
  day: z.string(),
  scanned_at: z.string(),
  /** the door device's name; null when the entry came without one */
  gate: z.string().nullable(),
  offline: z.boolean(),
});

export const adminTicketTransfer = z.object({
  at: z.string(),
  from_name: z.string().nullable(),
  to_mobile: z.string(),
});

export const adminOrderTicket = z.object({
  id: z.number(),
  /** the end of the ticket's token, to match it with what a holder shows; never the admission itself */
  token_end: z.string(),
  type_name: z.string(),
  session_date: z.string().nullable(),
  session_hour: z.string().nullable(),
  status: z.enum(TICKET_STATUSES as [string, ...string[]]),
  holder: z.object({
    name: z.string().nullable(),
    mobile: z.string().nullable(),
    /** the holder is not the buyer (the ticket was transferred) */
    transferred: z.boolean(),
    /** a transfer waits for this mobile to register */
    pending_mobile: z.string().nullable(),
  }),
  checkins: z.array(adminTicketCheckin),
  transfers: z.array(adminTicketTransfer),
});

export const adminOrderMessage = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  /** order_paid, event_cancel… (the meta kind the sender gave) */
  kind: z.string(),
  /** pending | sent | failed */
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const ADMIN_ORDER_TIMELINE_KINDS = [
  'order_created',
  'payment_started',
  'order_paid',
  'tickets_issued',
  'payment_refunded',
  'order_refund',
  'transfer',
  'checkin',
  'message',
  'audit',
] as const;

/** Who did an audited thing, as the team reads it. */
export const adminOrderActor = z.object({
  kind: z.enum(['staff', 'buyer', 'customer', 'support', 'provider', 'system']),
  /** a staff member's name, a provider's name, a support operator's id */
  name: z.string().nullable(),
});

/** One thing that happened to the order, oldest first; the UI words it from kind and fields. */
export const adminOrderTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(ADMIN_ORDER_TIMELINE_KINDS),
  /** audit: the action (order.paid, order.tickets_resent, payment.refund…) */
  action: z.string().nullable(),
  actor: adminOrderActor.nullable(),
  ticket_id: z.number().nullable(),
  /** payment: method; check-in: gate; message: channel; transfer: masked mobile; order_refund: the team's reason (action: its status) */
  detail: z.string().nullable(),
  amount_cents: z.number().nullable(),
});

export const adminOrderView = adminOrderSummary.extend({
  event: z.object({ id: z.number(), name: z.string(), starts_at: z.string(), timezone: z.string() }),
  expires_at: z.string(),
  receipt_email: z.string().nullable(),
  billing: z.object({ name: z.string(), country: z.string(), document: z.string(), postal_code: z.string() }),
  lines: z.array(adminOrderLine),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  promo_code: z.string().nullable(),
  service_cents: z.number(),
  payments: z.array(adminOrderPayment),
  tickets: z.array(adminOrderTicket),
  messages: z.array(adminOrderMessage),
  timeline: z.array(adminOrderTimelineEntry),
  /** the tickets may be sent again (a paid order whose buyer has an email) */
  can_resend: z.boolean(),
  /** the back office's refunds of lines of the order, oldest first */
  refunds: z.array(adminOrderRefund),
  /** the order is paid and something of it is left to refund */
  can_refund: z.boolean(),
  /** what the buyer's wallet for the event holds unspent (the most a top-up line gives back); null without a top-up line */
  topup_unspent_cents: z.number().nullable(),
});
export type AdminOrderView = z.infer<typeof adminOrderView>;

export const adminOrderResponse = z.object({ data: adminOrderView });

export const adminOrderResendResponse = z.object({
  data: z.object({ recipient: z.string(), tickets: z.number() }),
  message: z.string(),
});
