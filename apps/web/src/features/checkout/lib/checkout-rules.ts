import { billingBody, type OrderDetailView, type OrderStatus } from '@bilheteira/shared/schemas/orders';
import type { CartView } from '@bilheteira/shared/schemas/carts';
import type { PromoQuoteView } from '@bilheteira/shared/schemas/pricing';
import type { PayOrderBody, PaymentMethod } from '@bilheteira/shared/schemas/payments';
import { isValidCardExpiry, passesLuhn, isValidEmail } from '@bilheteira/shared/validation';
import { currentLocale } from '../../../i18n/i18n';
import { isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import type { Billing, CardFields, FieldErrors } from './checkout-machine';
import { serviceLabel } from './service-label';

export { serviceLabel };

/** A translation function of the `checkout` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface SummaryRow {
  label: string;
  sub?: string | null;
  cents: number;
}

export type SummaryTotal = [label: string, cents: number];

/** What is being bought: the created order, else a wallet top-up, else the event's cart. */
export interface SummarySource {
  order: OrderDetailView | null;
  topupCents?: number | null;
  cart: CartView | undefined;
  /** the promo code applied to the cart before the order exists */
  quote?: PromoQuoteView | null;
}

export const BILLING_COUNTRIES = ['PT', 'ES', 'FR', 'DE', 'GB', 'BR', 'AO', 'MZ', 'US'];

/** The summary lines: the order's lines once it exists, else the top-up or the cart. */
export function summaryRows({ order, topupCents, cart }: SummarySource, t: Translate): SummaryRow[] {
  if (order)
    return order.lines.map((l) => ({
      label: l.qty > 1 ? `${l.qty} × ${l.description}` : l.description,
      sub: null,
      cents: l.total_cents,
    }));
  if (topupCents) return [{ label: t('summary.topup'), sub: null, cents: topupCents }];
  return (cart?.items ?? []).map((i) => ({
    label: `${i.qty} × ${i.ticket_name}`,
    sub: i.session_date ? t('cart:session', { date: i.session_date, hour: i.session_hour }) : null,
    cents: i.line_cents,
  }));
}

/** A wallet top-up alone: no ticket, so no service cost and no note about it. */
export const isTopupOnly = ({ order, topupCents }: SummarySource): boolean =>
  order ? order.quantity === 0 && order.topup_cents > 0 : !!topupCents;

/**
 * Subtotal, service cost (with its percentage) and total; a top-up alone has a total only.
 * The last one is the total.
 */
export function summaryTotals(
  source: SummarySource,
  t: Translate,
  locale: string = currentLocale(),
): SummaryTotal[] {
  const { order, topupCents, cart, quote } = source;
  if (isTopupOnly(source)) return [[t('cart:total'), order?.total_cents ?? topupCents ?? 0]];
  // with a promo code: the tickets at their price, the discount, then what is paid for them
  const discount = (code: string | null, cents: number): SummaryTotal => [
    code ? t('summary.discount', { code }) : t('summary.discount_plain'),
    -cents,
  ];
  if (order)
    return [
      ...(order.discount_cents
        ? [
            [t('cart:subtotal'), order.subtotal_cents + order.discount_cents] as SummaryTotal,
            discount(order.promo_code, order.discount_cents),
          ]
        : [[t('cart:subtotal'), order.subtotal_cents] as SummaryTotal]),
      [serviceLabel(order.service_fee_bp, t, locale), order.service_cents],
      [t('cart:total'), order.total_cents],
    ];
  if (quote)
    return [
      [t('cart:subtotal'), quote.gross_cents],
      discount(quote.code, quote.discount_cents),
      [serviceLabel(cart?.service_fee_bp, t, locale), quote.service_cents],
      [t('cart:total'), quote.total_cents],
    ];
  return [
    [t('cart:subtotal'), cart?.subtotal_cents ?? 0],
    [serviceLabel(cart?.service_fee_bp, t, locale), cart?.service_cents ?? 0],
    [t('cart:total'), cart?.total_cents ?? 0],
  ];
}

/** Only money taken makes a receipt: a cancelled or expired order has none to print. */
export const hasReceipt = (status: OrderStatus): boolean => status === 'paid' || status === 'refunded';

/** Cart lines below their ticket's minimum per order. */
export function linesBelowMinimum(cart: CartView | undefined) {
  return (cart?.items ?? []).filter((i) => i.qty < i.min_per_order);
}

/** Shared zod rules → translated field errors (the API checks the same schema). */
export function billingErrors(b: Billing, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = billingBody.safeParse(b);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] = t(`errors.${issue.message}`);
  if (b.receipt_email && !isValidEmail(b.receipt_email)) errors.receipt_email = t('errors.validation.email');
  return errors;
}

/** The payment step's field errors; card fields are checked only when we collect them. */
export function paymentErrors(
  {
    method,
    phone,
    card,
    stripeFields,
    now,
  }: { method: PaymentMethod | null; phone: PhoneValue; card: CardFields; stripeFields: boolean; now: Date },
  t: Translate,
): FieldErrors {
  const e: FieldErrors = {};
  if (!method) e.method = t('errors.method_required');
  if (method === 'mbway' && !isPhoneValueValid(phone)) e.mbway = t('errors.validation.phone');
  if (method === 'card' && !stripeFields) {
    if (!passesLuhn(card.number)) e.card_number = t('errors.validation.card_number');
    if (!isValidCardExpiry(card.expiry, now)) e.card_expiry = t('errors.validation.card_expiry');
    if (!card.name.trim()) e.card_name = t('errors.validation.required');
  }
  return e;
}

/** The body of POST /orders/:id/pay for the chosen method. */
export function payBody({
  method,
  phone,
  card,
  stripeFields,
}: {
  method: PaymentMethod;
  phone: PhoneValue;
  card: CardFields;
  stripeFields: boolean;
}): PayOrderBody {
  if (method === 'mbway') return { method, mbway: { country_code: phone.dialCode, mobile: phone.national } };
  if (method === 'card' && !stripeFields)
    return { method, card: { number: card.number.replace(/\s/g, ''), expiry: card.expiry, name: card.name } };
  return { method };
}
