import {
  customerTicketStatus,
  ticketValidity,
  type TicketStatus,
  type TicketValidity,
} from '@bilheteira/shared/ticket-status';
import type { TicketWithContext } from './tickets.repository';

/** The admission days of a ticket row (type period, session date or event days). */
export function validityOf(t: TicketWithContext): TicketValidity {
  return ticketValidity({
    periodDays: Array.isArray(t.periodDays) ? t.periodDays : [],
    sessionDate: t.sessionDate,
    eventStartsAt: t.eventStartsAt,
    eventEndsAt: t.eventEndsAt,
    timezone: t.timezone,
  });
}

/** The one status rule (packages/shared) applied to a ticket row and its check-in days. */
export function statusOf(t: TicketWithContext, checkinDays: readonly string[], now: Date): TicketStatus {
  return customerTicketStatus(
    {
      state: t.state,
      eventStatus: t.eventStatus,
      eventEndsAt: t.eventEndsAt,
      timezone: t.timezone,
      validity: validityOf(t),
      checkinDays,
    },
    now,
  );
}
