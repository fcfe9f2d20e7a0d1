/** An event's `last_tickets_at` when the organiser sets nothing (spec: exact counts above 50). */
export const LAST_TICKETS_DEFAULT = 50;

/** What the public event page may tell of one ticket type's places left (for a session). */
export interface PublicStock {
  /** places a buyer may ask for: the exact count, or at most one order's worth when hidden */
  available: number;
  /** the page says "últimos bilhetes" instead of a count */
  last_tickets: boolean;
}

/**
 * The organiser's stock display: above `lastTicketsAt` places left the exact count; at or
 * below it only "últimos bilhetes", and the number sent is capped to what one order may
 * take, so neither the page nor its API answer reveals the real stock. 0 = always exact.
 */
export function publicStock(left: number, maxPerOrder: number, lastTicketsAt: number): PublicStock {
  if (left <= 0) return { available: 0, last_tickets: false };
  if (left > lastTicketsAt) return { available: left, last_tickets: false };
  return { available: Math.min(left, maxPerOrder), last_tickets: true };
}
