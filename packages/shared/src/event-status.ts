/** Public statuses of an event (spec §4): shown clearly and blocking purchase unless available. */
export const EVENT_STATUS = {
  available: 'available',
  soon: 'soon',
  soldOut: 'sold_out',
  cancelled: 'cancelled',
  finished: 'finished',
} as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

/**
 * One place for the rule, with `now` as a parameter: cancelled wins, then finished (ended),
 * then soon (sales not open yet), then sold out (nothing left), else available.
 */
export function eventStatus(
  e: { status: string; endsAt: Date; salesStartAt: Date | null; available: number },
  now: Date,
): EventStatus {
  if (e.status === 'cancelled') return EVENT_STATUS.cancelled;
  if (e.endsAt.getTime() <= now.getTime()) return EVENT_STATUS.finished;
  if (e.salesStartAt && e.salesStartAt.getTime() > now.getTime()) return EVENT_STATUS.soon;
  if (e.available <= 0) return EVENT_STATUS.soldOut;
  return EVENT_STATUS.available;
}

export const isPurchasable = (s: EventStatus): boolean => s === EVENT_STATUS.available;
