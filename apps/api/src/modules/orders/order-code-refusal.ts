import { formatEur } from '@bilheteira/shared/money';
import type { Db } from '../../db/client';
import type { AppError } from '../../lib/errors';
import { ticketPrice } from '../carts/ticket-price';
import { codeRefusalError } from '../pricing/codes.service';
import { pricingErrors } from '../pricing/pricing.errors';
import { freshFactsOf } from './order-shortage';
import { isCodeUsedUp, isPriceStepOver, isPromoCustomerLimit, type NewOrderLine } from './orders.repository';

/**
 * The refusal of an order the write turned down for its codes or its price step (see
 * insert_pending_orders): a code used up meanwhile (409), the customer's limit of a promo code
 * (422), or early-bird places gone while the order was written (409, naming the new price).
 * Null for any other error.
 */
export async function codeWriteRefusal(
  db: Db,
  err: unknown,
  prepared: {
    event: { id: number };
    lines: Omit<NewOrderLine, 'id' | 'orderId'>[];
    stepGuards: Record<number, number>;
    codes: { promoCodeId: number | null };
  },
  codes: { promo: string; access: string },
  now: Date,
): Promise<AppError | null> {
  if (isPromoCustomerLimit(err)) return codeRefusalError('customer_limit', codes.promo);
  if (isCodeUsedUp(err)) {
    const promo = (err as { constraint?: string }).constraint === 'promo_codes_uses_check';
    return codeRefusalError('used_up', promo ? codes.promo : codes.access);
  }
  if (!isPriceStepOver(err)) return null;
  const fresh = await freshFactsOf(db, prepared.event.id, prepared.lines);
  for (const type of fresh.types) {
    if (!(type.id in prepared.stepGuards)) continue;
    const line = prepared.lines.find((l) => l.ticketTypeId === type.id);
    const price = ticketPrice(type, fresh.steps, now).priceCents;
    const old = (line?.unitCents ?? 0) + (line?.discountCents ?? 0);
    if (price !== old)
      return pricingErrors.priceStepOver({ name: type.name, old: formatEur(old), price: formatEur(price) });
  }
  const first = fresh.types.find((t) => t.id in prepared.stepGuards);
  return pricingErrors.priceStepOver({ name: first?.name ?? '', old: '', price: '' });
}
