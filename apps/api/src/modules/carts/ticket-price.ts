import type { ServiceFee } from '@bilheteira/shared/money';
import { priceInForce, stepGuard, type PricedTicketType } from '@bilheteira/shared/price-steps';
import type { EventRow, PriceStepRow, TicketTypeRow } from './carts.repository';

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

/**
 * The service cost an event charges now, its percentage and the VAT rate on it, as the shared
 * money rules read it (money.ts). Carts, checkout, the promo quote and the order views take it
 * from here.
 */
export function eventServiceFee(event: Pick<EventRow, 'serviceFeeBp' | 'serviceFeeVatPercent'>): ServiceFee {
  return { bp: event.serviceFeeBp, vatPercent: event.serviceFeeVatPercent };
}
