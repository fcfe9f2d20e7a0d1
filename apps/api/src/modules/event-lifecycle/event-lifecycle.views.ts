/** Answers of the lifecycle routes, and the dates of a session in its event's time zone. */
import type { EventChangeView } from '@bilheteira/shared/schemas/event-lifecycle';
import type { EventChangeRow } from './event-lifecycle.repository';

export function eventChangeView(r: EventChangeRow): EventChangeView {
  return {
    id: r.id,
    event_id: r.eventId,
    session_id: r.sessionId,
    kind: r.kind === 'cancel' ? 'cancel' : 'postpone',
    previous: r.previous,
    next: r.next,
    refund_until: r.refundUntil?.toISOString() ?? null,
    reason: r.reason,
    actor: r.actor,
    created_at: r.createdAt.toISOString(),
  };
}

/** The date (YYYY-MM-DD) and hour (HH:MM) of an instant in a time zone. */
export function zonedDateHour(at: Date, timeZone: string): { date: string; hour: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: `${parts.hour}:${parts.minute}` };
}
