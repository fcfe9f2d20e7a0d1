/**
 * Back-office changes to a paid order (issue 27 item 2): refunding some or all of its lines to
 * the original payment method, and reassigning a ticket to another mobile. The amounts follow
 * `order-refund.ts` (one rule for the API and the back office).
 */
import { z } from 'zod';
import { findCountryByDialCode, isValidPhone, phoneDigits } from '../phone';
import { idParam } from './common';
import { dialCode } from './customers';

const lineId = z.number({ message: 'validation.invalid' }).int({ message: 'validation.invalid' });
const positive = z
  .number({ message: 'validation.invalid' })
  .int({ message: 'validation.invalid' })
  .min(1, { message: 'validation.too_small' })
  .max(2 ** 31 - 1, { message: 'validation.too_big' });

export const ORDER_REFUND_REASON_MAX = 500;

/**
 * POST /backoffice/organizers/:organizerId/orders/:orderId/refunds (header Idempotency-Key
 * required: the same key answers the first refund). Either `all: true` (every ticket left and
 * the top-ups' rest the wallet still holds) or `lines`: tickets by `qty`, a top-up by
 * `amount_cents` (all that is left of it when omitted).
 */
export const adminOrderRefundBody = z
  .object({
    all: z.boolean({ message: 'validation.invalid' }).optional().default(false),
    lines: z
      .array(
        z.object({
          line_id: lineId.min(1, { message: 'validation.invalid' }).max(2 ** 31 - 1, {
            message: 'validation.invalid',
          }),
          qty: positive.optional(),
          amount_cents: positive.optional(),
        }),
        { message: 'validation.invalid' },
      )
      .max(100, { message: 'validation.too_big' })
      .optional()
      .default([]),
    reason: z
      .string({ message: 'validation.invalid' })
      .trim()
      .max(ORDER_REFUND_REASON_MAX, { message: 'validation.too_big' })
      .refine((v) => !/\p{Cc}/u.test(v.replace(/[\n\r\t]/g, ' ')), { message: 'validation.invalid' })
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (v.all && v.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'validation.invalid' });
    if (!v.all && !v.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'validation.required' });
  });
export type AdminOrderRefundBody = z.input<typeof adminOrderRefundBody>;

export const ORDER_REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/** A back-office refund of an order as the team reads it (also in the order's story). */
export const adminOrderRefund = z.object({
  id: z.number(),
  /** pending: decided, the provider has not answered | refunded | failed: the provider refused */
  status: z.enum(ORDER_REFUND_STATUSES),
  amount_cents: z.number(),
  tickets_cents: z.number(),
  topup_cents: z.number(),
  service_cents: z.number(),
  lines: z.array(
    z.object({ line_id: z.number(), kind: z.enum(['ticket', 'topup']), qty: z.number(), cents: z.number() }),
  ),
  /** tickets cancelled by the refund (they no longer admit) */
  tickets_cancelled: z.number(),
  provider: z.string().nullable(),
  refund_ref: z.string().nullable(),
  /** why the provider refused (failed) */
  error: z.string().nullable(),
  reason: z.string(),
  actor: z.string().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefund>;

export const adminOrderRefundResponse = z.object({
  data: z.object({ refund: adminOrderRefund, order_status: z.string() }),
  message: z.string(),
});

export const adminOrderRefundParams = z.object({ organizerId: idParam, orderId: idParam, refundId: idParam });
export const adminOrderTicketParams = z.object({ organizerId: idParam, orderId: idParam, ticketId: idParam });

export const TICKET_REASSIGN_REASON_MAX = 500;

/**
 * POST /backoffice/organizers/:organizerId/orders/:orderId/tickets/:ticketId/reassign: the new
 * holder's mobile (dial code and number, as the customer's transfer form sends them) and the
 * team's reason (required: it is the record of why a ticket changed hands).
 */
export const adminTicketReassignBody = z
  .object({
    mobile_country_code: dialCode.default('351'),
    mobile: z.string({ message: 'validation.phone' }).trim().max(32, { message: 'validation.phone' }),
    reason: z
      .string({ message: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required' })
      .max(TICKET_REASSIGN_REASON_MAX, { message: 'validation.too_big' }),
  })
  .transform((v, ctx) => {
    const digits = phoneDigits(v.mobile);
    let national = digits;
    if (v.mobile.startsWith('+') || v.mobile.startsWith('00')) {
      const intl = v.mobile.startsWith('00') ? digits.slice(2) : digits;
      if (!intl.startsWith(v.mobile_country_code)) {
        ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
        return z.NEVER;
      }
      national = intl.slice(v.mobile_country_code.length);
    }
    if (!isValidPhone(findCountryByDialCode(v.mobile_country_code), national)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
      return z.NEVER;
    }
    return {
      mobile_country_code: v.mobile_country_code,
      national,
      e164: `+${v.mobile_country_code}${national}`,
      reason: v.reason,
    };
  });
export type AdminTicketReassignBody = z.input<typeof adminTicketReassignBody>;

export const adminTicketReassignResponse = z.object({
  data: z.object({
    ticket_id: z.number(),
    /** the new holder has no account yet: the ticket waits for the number to register */
    pending: z.boolean(),
    to_mobile: z.string(),
  }),
  message: z.string(),
});
