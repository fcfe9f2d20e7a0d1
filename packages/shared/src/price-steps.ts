/**
 * Pre-announced price steps of a ticket type (early bird → regular → door): the ONE place that
 * says which price is charged. The API prices carts and orders with it and the event page
 * shows the same schedule, so what a buyer reads is what they pay. Never demand pricing:
 * every step, its price and when it ends (a date, a number of tickets, or both, whichever
 * comes first) are public before anyone buys.
 *
 * A step is over once `now` reaches its `endsAt` or once `endsAfterSold` places of the type
 * are taken (sold, or held by a pending order: a hold that expires gives its place back, and
 * the step with it). The price in force is the first step not over; after the last one, the
 * ticket type's own price. An order is charged the step in force when it is created, for all
 * its tickets of that type; the order write refuses it when a quantity step ran out meanwhile
 * (`insert_pending_orders`: the guard of `stepGuard`).
 */

export interface PriceStepRule {
  label: string;
  priceCents: number;
  endsAt: Date | null;
  endsAfterSold: number | null;
}

export interface PricedTicketType {
  /** the price once every step is over (regular or door price) */
  priceCents: number;
  /** places taken: sold + reserved */
  taken: number;
  /** in the order they apply */
  steps: readonly PriceStepRule[];
}

export const isStepOver = (step: PriceStepRule, taken: number, now: Date): boolean =>
  (step.endsAt !== null && now.getTime() >= step.endsAt.getTime()) ||
  (step.endsAfterSold !== null && taken >= step.endsAfterSold);

export interface PriceInForce {
  priceCents: number;
  /** the step in force (null: the type's own price, every step over or none) */
  step: PriceStepRule | null;
  /** its position in `steps` (-1 when none) */
  index: number;
  /** what it will cost once this step is over (null: no step in force) */
  next: { label: string | null; priceCents: number } | null;
}

/** The price in force for one ticket type at `now`. */
export function priceInForce(type: PricedTicketType, now: Date): PriceInForce {
  const index = type.steps.findIndex((s) => !isStepOver(s, type.taken, now));
  if (index < 0) return { priceCents: type.priceCents, step: null, index: -1, next: null };
  const step = type.steps[index]!;
  // the next step still to come: one after this that is not over already
  const after = type.steps.slice(index + 1).find((s) => !isStepOver(s, type.taken, now));
  return {
    priceCents: step.priceCents,
    step,
    index,
    next: after
      ? { label: after.label, priceCents: after.priceCents }
      : { label: null, priceCents: type.priceCents },
  };
}

/**
 * What the order write checks for a price that depends on a number of tickets: the places of
 * the type taken before this order must still be fewer than the step's `endsAfterSold`, else
 * the early-bird places ran out meanwhile and the order is refused (never sold below the
 * announced price). Null when the price does not depend on a count.
 */
export function stepGuard(type: PricedTicketType, now: Date): number | null {
  return priceInForce(type, now).step?.endsAfterSold ?? null;
}

/** Places left at the price in force (null: the step ends by date only, or no step). */
export function placesLeftAtPrice(type: PricedTicketType, now: Date): number | null {
  const limit = stepGuard(type, now);
  return limit === null ? null : Math.max(0, limit - type.taken);
}

/** The schedule as the event page shows it: every step, the one in force, what comes next. */
export function priceSchedule(type: PricedTicketType, now: Date) {
  const inForce = priceInForce(type, now);
  return {
    label: inForce.step?.label ?? null,
    ends_at: inForce.step?.endsAt?.toISOString() ?? null,
    left_at_price: placesLeftAtPrice(type, now),
    next: inForce.next ? { label: inForce.next.label, price_cents: inForce.next.priceCents } : null,
    steps: type.steps.map((s, i) => ({
      label: s.label,
      price_cents: s.priceCents,
      ends_at: s.endsAt?.toISOString() ?? null,
      ends_after_sold: s.endsAfterSold,
      over: isStepOver(s, type.taken, now),
      current: i === inForce.index,
    })),
  };
}
