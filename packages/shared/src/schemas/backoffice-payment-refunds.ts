/**
 * Refunds to a buyer's payment method in the organiser's refund queue (issue 27 item 6),
 * beside the wallet refund requests: orders refunded because their event or session was
 * cancelled or postponed, and every other refund of an order's payment (lines refunded by the
 * team, a payment approved too late). They are read where refunds to a payment method are
 * recorded: a whole payment given back is the payment itself (refund_pending → refunded, or
 * refund_failed when the provider kept refusing), a refund of some lines is its order_refunds
 * row (pending → refunded | failed). A failed one can be tried again through the provider.
 */
import { z } from 'zod';
import { formInt, idParam, paginationMeta } from './common';

export const ADMIN_PAYMENT_REFUNDS_PER_PAGE = 25;

/** What the queue calls a refund: the three kinds the page filters by. */
export const REFUND_KINDS = ['wallet_request', 'cancellation', 'order_refund'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const PAYMENT_REFUND_KINDS = ['cancellation', 'order_refund'] as const;
export type PaymentRefundKind = (typeof PAYMENT_REFUND_KINDS)[number];

/** Order refund reasons that make a refund a cancellation refund (order-refund.service.ts). */
export const CANCELLATION_REFUND_REASONS = [
  'event_cancelled',
  'session_cancelled',
  'event_postponed',
] as const;

/** pending: decided, the provider has not given it back yet; failed: the provider refused. */
export const PAYMENT_REFUND_STATUSES = ['pending', 'failed', 'refunded'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];
/** Where the refund is recorded: the payment given back whole, or a refund of some lines. */
export const PAYMENT_REFUND_SOURCES = ['payment', 'order_refund'] as const;

/** GET /backoffice/organizers/:organizerId/refunds/payments */
export const adminPaymentRefundListQuery = z.object({
  kind: z.enum(PAYMENT_REFUND_KINDS, { message: 'validation.invalid' }).optional(),
  status: z.enum(PAYMENT_REFUND_STATUSES, { message: 'validation.invalid' }).optional(),
  event_id: idParam.optional(),
  page: formInt(z.number().int().min(1).max(10_000)).default(1),
});
export type AdminPaymentRefundListQuery = z.output<typeof adminPaymentRefundListQuery>;

export const paymentRefundParams = z.object({ organizerId: idParam, paymentId: idParam });

export const adminPaymentRefundView = z.object({
  /** payment: `id` is the payment's (retried here); order_refund: the order refund's (retried on its order) */
  source: z.enum(PAYMENT_REFUND_SOURCES),
  id: z.number(),
  kind: z.enum(PAYMENT_REFUND_KINDS),
  /** event_cancelled | session_cancelled | event_postponed, the team's reason of a line refund, or null */
  reason: z.string().nullable(),
  status: z.enum(PAYMENT_REFUND_STATUSES),
  amount_cents: z.number(),
  event: z.object({ id: z.number(), name: z.string() }),
  order: z.object({ id: z.number(), reference: z.string() }),
  customer: z.object({ name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() }),
  provider: z.string().nullable(),
  attempts: z.number(),
  /** why the provider's last attempt failed */
  error: z.string().nullable(),
  /** when it was last put in the queue or tried */
  updated_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type AdminPaymentRefundView = z.output<typeof adminPaymentRefundView>;

export const adminPaymentRefundListResponse = z.object({
  data: z.array(adminPaymentRefundView),
  meta: paginationMeta.extend({
    /** failed refunds of the organiser, whatever the filters (the queue's warning) */
    failed: z.number(),
  }),
});
export type AdminPaymentRefundListResponse = z.output<typeof adminPaymentRefundListResponse>;

export const paymentRefundRetryResponse = z.object({
  data: z.object({
    refund: adminPaymentRefundView,
    /** false: it was no longer failed (another retry or the refund job got there first) */
    retried: z.boolean(),
  }),
  message: z.string(),
});
export type PaymentRefundRetryResponse = z.output<typeof paymentRefundRetryResponse>;
