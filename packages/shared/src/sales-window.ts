/** A sales window: when a ticket type (or an event's sale) opens and closes; null is unbounded. */
export interface SalesWindow {
  salesStartAt: Date | null;
  salesEndAt?: Date | null;
}

/**
 * Where `now` falls in a sales window: `before` it opens (start still ahead), `after` it closed
 * (end reached; a closed window wins over one not yet open), else `open`. The one sales-window
 * rule of the cart, the checkout, the catalogue and a ticket type's status.
 */
export function salesWindowPhase(w: SalesWindow, now: Date): 'before' | 'open' | 'after' {
  const ms = now.getTime();
  if (w.salesEndAt && ms >= w.salesEndAt.getTime()) return 'after';
  if (w.salesStartAt && ms < w.salesStartAt.getTime()) return 'before';
  return 'open';
}

/** Is the window open at `now`? */
export const isInSalesWindow = (w: SalesWindow, now: Date): boolean => salesWindowPhase(w, now) === 'open';
