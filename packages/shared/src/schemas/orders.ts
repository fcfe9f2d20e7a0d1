import { z } from 'zod';
import { formInt, idParam, paginationMeta, paginationQuery } from './common';
import { isValidNif, PT_POSTAL_CODE, isValidEmail } from '../validation';
import { codeText } from './pricing';

export const ORDER_STATUSES = ['pending', 'processing', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Filters of the orders page (spec §2): All, Paid, Pending, Cancelled. */
export const ORDER_FILTERS = ['all', 'paid', 'pending', 'cancelled'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** Online top-up bounds for one order line (cents). */
export const TOPUP_MIN_CENTS = 500;
export const TOPUP_MAX_CENTS = 50_000;

/**
 * Billing data of an order: name, tax ID (a Portuguese NIF is checked with its check digit
 * when the country is PT), postal code (1234-567 in Portugal). All optional together:
 * an invoice without a tax ID is issued to "consumidor final".
 */
export const billingBody = z
  .object({
    name: z.string().trim().max(120).default(''),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { message: 'validation.invalid' })
      .transform((v) => v.toUpperCase())
      .default('PT'),
    document: z.string().trim().max(30).default(''),
    postal_code: z.string().trim().max(16).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.document && v.country === 'PT' && !isValidNif(v.document)) {
      ctx.addIssue({ code: 'custom', path: ['document'], message: 'validation.nif' });
    }
    if (v.postal_code && v.country === 'PT' && !PT_POSTAL_CODE.test(v.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'validation.billing_postal_code' });
    }
  });
export type BillingBody = z.input<typeof billingBody>;

export const orderItemBody = z.object({
  ticket_id: idParam,
  session_id: idParam.optional().nullable(),
  qty: formInt(z.number().int().min(1).max(100)),
});

/**
 * POST /api/orders (header Idempotency-Key recommended): creates a pending order that holds
 * its tickets for a bounded time. Ticket lines come from the customer's cart for the event
 * (`include_cart`, default true) or from `items` (a direct purchase); `topup_cents` adds a
 * wallet top-up line. A top-up-only order is valid.
 */
export const createOrderBody = z.object({
  event_id: idParam,
  /** the event's slug (its link): required for a private, link-only event */
  event_slug: z.string().trim().max(120).optional(),
  include_cart: z.boolean().default(true),
  items: z.array(orderItemBody).max(20).optional(),
  topup_cents: formInt(z.number().int().min(TOPUP_MIN_CENTS).max(TOPUP_MAX_CENTS)).optional(),
  billing: billingBody.default({ name: '', country: 'PT', document: '', postal_code: '' }),
  receipt_email: z
    .string()
    .trim()
    .max(200)
    .optional()
    .refine((v) => !v || isValidEmail(v), { message: 'validation.email' }),
  /** a promo code (promo-codes.ts): its discount is taken off the tickets it covers */
  promo_code: codeText.optional(),
  /** the access code that unlocked hidden ticket types of the cart */
  access_code: codeText.optional(),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const ordersQuery = paginationQuery.extend({
  status: z.enum(ORDER_FILTERS).default('all'),
  per_page: formInt(z.number().int().min(1).max(50)).default(10),
});

export const orderLineView = z.object({
  id: z.number(),
  kind: z.enum(['ticket', 'topup']),
  description: z.string(),
  ticket_id: z.number().nullable(),
  session_id: z.number().nullable(),
  session_date: z.string().nullable(),
  session_hour: z.string().nullable(),
  qty: z.number(),
  /** what one ticket costs the buyer (after the promo discount) */
  unit_cents: z.number(),
  /** the promo discount of one ticket (the announced price is unit_cents + discount_cents) */
  discount_cents: z.number(),
  total_cents: z.number(),
  /** what the organiser refunded of the line to the payment method (0 when nothing) */
  refunded_cents: z.number(),
});

/** Payment attempts still waiting for the customer or the provider (one per order at most). */
export const OPEN_PAYMENT_STATUSES = ['pending', 'requires_action'] as const;
export const isOpenPaymentStatus = (status: string): boolean =>
  (OPEN_PAYMENT_STATUSES as readonly string[]).includes(status);

/** How a customer pays (the pay body and the payment view). */
export const PAYMENT_METHODS = ['mbway', 'card', 'google_pay', 'apple_pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment as the customer sees it (an operator's refund_failed shows as refund_pending). */
export const PAYMENT_VIEW_STATUSES = [
  'pending',
  'requires_action',
  'approved',
  'declined',
  'expired',
  'refund_pending',
  'refunded',
] as const;

export const paymentView = z.object({
  id: z.number(),
  reference: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_VIEW_STATUSES),
  amount_cents: z.number(),
  expires_at: z.string().nullable(),
  /** 3-D Secure style step: open this URL (sandbox page or the bank's) */
  redirect_url: z.string().nullable(),
  /** Stripe Elements: confirm this client secret in the browser */
  client_secret: z.string().nullable(),
  /** e.g. "Visa •••• 4242" or "+351 •••• 678"; never a full number */
  display: z.string(),
  created_at: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

export const orderSummaryView = z.object({
  id: z.number(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  event: z.object({ id: z.number(), slug: z.string(), name: z.string(), starts_at: z.string() }),
  /** tickets in the order (0 for a wallet top-up alone) */
  quantity: z.number(),
  /** wallet top-up lines of the order, in cents (0 when none) */
  topup_cents: z.number(),
  /** the lines after the discount: subtotal + service = total */
  subtotal_cents: z.number(),
  /** what the promo code took off (already out of subtotal_cents); 0 without a code */
  discount_cents: z.number(),
  /** the promo code the order used */
  promo_code: z.string().nullable(),
  service_cents: z.number(),
  /** the service cost percentage (basis points) when it still accounts for service_cents */
  service_fee_bp: z.number().nullable(),
  total_cents: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  /** a pending order not yet expired can still be paid */
  payable: z.boolean(),
  /**
   * a paid order of a postponed event (or session) may be refunded until then
   * (POST /api/orders/:id/postponement-refund); null when not, absent outside the list
   */
  postponement_refund_until: z.string().nullable().optional(),
});
export type OrderSummaryView = z.infer<typeof orderSummaryView>;

export const orderDetailView = orderSummaryView.extend({
  lines: z.array(orderLineView),
  billing: z.object({ name: z.string(), country: z.string(), document: z.string(), postal_code: z.string() }),
  receipt_email: z.string().nullable(),
  payments: z.array(paymentView),
  /** customer ticket ids issued by this order */
  ticket_ids: z.array(z.number()),
});
export type OrderDetailView = z.infer<typeof orderDetailView>;

export const orderResponse = z.object({ data: orderDetailView, message: z.string().optional() });
export const ordersResponse = z.object({ data: z.array(orderSummaryView), meta: paginationMeta });
