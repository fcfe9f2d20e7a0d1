import { priceInForce, stepGuard, type PricedTicketType } from '@bilheteira/shared/price-steps';
import type { PriceStepRow, TicketTypeRow } from './carts.repository';

/** A ticket type with its price steps, as the shared price rule reads it (price-steps.ts). */
export function pricedType(type: TicketTypeRow, steps: readonly PriceStepRow[]): PricedTicketType {
  return {
    priceCents: type.priceCents,
    taken: type.sold + type.reserved,
    steps: steps
      .filter((p) => p.ticketTypeId === type.id)
      .map((p) => ({
        label: p.label,
        priceCents: p.priceCents,
        endsAt: p.endsAt,
        endsAfterSold: p.endsAfterSold,
      })),
  };
}

/**
 * What one ticket of `type` costs at `now` (the price step in force, else the type's price)
 * and, when that price ends after a number of tickets, the guard the order write checks.
 * Carts, checkout and the promo quote all price through here.
 */
export function ticketPrice(
  type: TicketTypeRow,
  steps: readonly PriceStepRow[],
  now: Date,
): { priceCents: number; guard: number | null } {
  const priced = pricedType(type, steps);
  return { priceCents: priceInForce(priced, now).priceCents, guard: stepGuard(priced, now) };
}
