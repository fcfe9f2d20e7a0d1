import { z } from 'zod';
import { CARD_EXPIRY, normalizeCardExpiry, passesLuhn } from '../validation';
import { dialCode, nationalMobile } from './customers';
import { findCountryByDialCode, isValidPhone } from '../phone';
import { orderDetailView, PAYMENT_METHODS, paymentView } from './orders';

export { PAYMENT_METHODS, type PaymentMethod } from './orders';

/**
 * Sandbox test cards (like the big providers' test numbers). Any other number that passes
 * Luhn is declined by the sandbox. Real cards never reach our server: with Stripe the card
 * fields are Stripe's own elements.
 */
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  approveMastercard: '5555555555554444',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

/** Sandbox MB WAY: numbers ending in 0000 are declined by the simulated app. */
export const SANDBOX_MBWAY_DECLINE_SUFFIX = '0000';

/** MM/YY or MM/YYYY, as printed on the card; the server gets MM/YYYY. */
const cardExpiry = z
  .string()
  .trim()
  .regex(CARD_EXPIRY, { message: 'validation.card_expiry' })
  .transform((v) => normalizeCardExpiry(v) ?? v);

/**
 * POST /api/orders/{id}/pay (header Idempotency-Key recommended). `card` is accepted only by
 * the sandbox provider (test numbers); with Stripe the browser confirms the PaymentIntent
 * with Stripe's own fields and the server never sees a card number.
 */
export const payOrderBody = z
  .object({
    method: z.enum(PAYMENT_METHODS, { message: 'validation.payment_method' }),
    mbway: z.object({ country_code: dialCode.default('351'), mobile: nationalMobile }).optional(),
    card: z
      .object({
        number: z
          .string()
          .trim()
          .max(30)
          .transform((v) => v.replace(/[\s-]/g, ''))
          .refine(passesLuhn, { message: 'validation.card_number' }),
        expiry: cardExpiry,
        name: z.string().trim().min(1, { message: 'validation.required' }).max(100),
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'mbway') {
      if (!v.mbway) ctx.addIssue({ code: 'custom', path: ['mbway', 'mobile'], message: 'validation.phone' });
      else if (!isValidPhone(findCountryByDialCode(v.mbway.country_code), v.mbway.mobile))
        ctx.addIssue({ code: 'custom', path: ['mbway', 'mobile'], message: 'validation.phone' });
    }
  });
export type PayOrderBody = z.input<typeof payOrderBody>;

export const payOrderResponse = z.object({
  data: z.object({ payment: paymentView, order: orderDetailView }),
  message: z.string().optional(),
});

/**
 * POST /api/orders/{id}/payment/cancel: the open attempt ended (cancelled) or nothing was open;
 * `payment` is the order's newest attempt, `order` as it is now (a paid order stays paid).
 */
export const cancelPaymentResponse = z.object({
  data: z.object({ cancelled: z.boolean(), payment: paymentView.nullable(), order: orderDetailView }),
  message: z.string().optional(),
});
export type CancelPaymentAnswer = z.infer<typeof cancelPaymentResponse>['data'];

/** POST /api/payments/{reference}/complete: the 3-D Secure style step of the sandbox. */
export const completePaymentBody = z.object({ outcome: z.enum(['approve', 'decline']) });

/** GET /api/payments/return: a provider sends the customer back to /payment/redirects. */
export const paymentReturnQuery = z.object({
  payment: z.string().trim().max(100).optional(),
  payment_intent: z.string().trim().max(100).optional(),
});

export const paymentStatusResponse = z.object({
  data: z.object({ payment: paymentView, order_id: z.number(), order_status: z.string() }),
  message: z.string().optional(),
});
