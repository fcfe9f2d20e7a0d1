/**
 * Promo codes and access codes: the rules every reader applies the same way (the API prices
 * orders with them; the checkout shows the same discount before the order exists).
 *
 * A promo code takes a percentage (basis points, 1000 = 10 %) or an amount (cents) off EACH
 * ticket of the types it covers (all types when it names none): a ticket's discount is never
 * more than its price and never negative, so no order is ever priced below zero. Wallet
 * top-ups are never discounted. The service cost is counted on the price after the discount.
 * One use of a code is one order; `max_uses` and `per_customer_limit` count orders.
 */

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** Codes as people type them: trimmed, upper case, without inner spaces. */
export const normaliseCode = (code: string): string => code.trim().replace(/\s+/g, '').toUpperCase();

/** Letters, digits, dash and underscore, 3 to 32 characters (after normaliseCode). */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export interface PromoRule {
  kind: PromoKind;
  /** basis points for percent, cents for amount */
  value: number;
  /** the ticket types it covers; empty: every type of the event */
  ticketTypeIds: readonly number[];
}

export const promoCovers = (rule: PromoRule, ticketTypeId: number): boolean =>
  rule.ticketTypeIds.length === 0 || rule.ticketTypeIds.includes(ticketTypeId);

/** The discount on one ticket of `unitCents`: between 0 and the price, rounded half up. */
export function ticketDiscountCents(unitCents: number, rule: PromoRule): number {
  const price = Math.max(0, Math.floor(unitCents));
  const value = Math.max(0, Math.floor(rule.value));
  const off = rule.kind === 'percent' ? Math.round((price * Math.min(value, 10_000)) / 10_000) : value;
  return Math.min(price, off);
}

export interface DiscountedLine {
  ticketTypeId: number;
  /** the price before the discount */
  unitCents: number;
  qty: number;
  /** off each ticket of the line */
  discountCents: number;
}

/**
 * The discount of each ticket line and of the whole order. `applies` is false when the code
 * covers none of the lines (the checkout says so instead of applying nothing).
 */
export function applyPromo(
  lines: readonly { ticketTypeId: number; unitCents: number; qty: number }[],
  rule: PromoRule,
): { lines: DiscountedLine[]; discountCents: number; applies: boolean } {
  const out = lines.map((l) => ({
    ...l,
    discountCents: promoCovers(rule, l.ticketTypeId) ? ticketDiscountCents(l.unitCents, rule) : 0,
  }));
  return {
    lines: out,
    discountCents: out.reduce((n, l) => n + l.discountCents * l.qty, 0),
    applies: lines.some((l) => promoCovers(rule, l.ticketTypeId)),
  };
}

/** Why a code cannot be used now (the messages name each); null: it can. */
export type CodeRefusal = 'unknown' | 'not_yet' | 'expired' | 'used_up' | 'customer_limit' | 'not_applicable';

export interface CodeState {
  validFrom?: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  used: number;
  perCustomerLimit?: number | null;
}

/**
 * The refusal of a code at `now` for a customer who used it `customerUses` times (orders
 * pending or paid). The order write is what counts (the uses are taken there, under
 * concurrency); this answers the checkout beforehand and names the reason.
 */
export function codeRefusal(code: CodeState | undefined, now: Date, customerUses = 0): CodeRefusal | null {
  if (!code) return 'unknown';
  if (code.validFrom && now < code.validFrom) return 'not_yet';
  if (code.validUntil && now >= code.validUntil) return 'expired';
  if (code.maxUses !== null && code.used >= code.maxUses) return 'used_up';
  if (code.perCustomerLimit != null && customerUses >= code.perCustomerLimit) return 'customer_limit';
  return null;
}
