/**
 * What the door rule needs of an event, from its signed token claims: time zone, dates and
 * the admission days of each ticket type and session. Kept in memory for
 * EVENT_FACTS_TTL_MS (an edit of event dates or a type's period days reaches the door within
 * that time); the states that can change at any moment (ticket canceled, event cancelled,
 * token replaced) are read by the scan statement itself, never from here.
 */
import { ticketValidity, type TicketValidity } from '@bilheteira/shared/ticket-status';
import type { DbOrTx } from '../../db/client';
import type { Cache } from '../../lib/cache';
import { findEvent, sessionsOfEvent, ticketTypesOfEvent } from './checkin.repository';

export const EVENT_FACTS_TTL_MS = 5_000;

export interface EventFacts {
  startsAt: Date;
  endsAt: Date;
  timezone: string;
  types: Map<number, { name: string; periodDays: string[] }>;
  sessions: Map<number, string>;
  /** ticketValidity per "type:session", computed on first use (it depends only on the above) */
  validity: Map<string, TicketValidity>;
}

export type EventFactsCache = Cache<number, EventFacts | null>;

/** The validity of a type (and session) of the event, computed once per facts. */
export function validityFromFacts(
  facts: EventFacts,
  typeId: number,
  sessionId: number | null,
  periodDays: string[],
  sessionDate: string | null,
): TicketValidity {
  const key = `${typeId}:${sessionId ?? 0}`;
  let v = facts.validity.get(key);
  if (!v) {
    v = ticketValidity({
      periodDays,
      sessionDate,
      eventStartsAt: facts.startsAt,
      eventEndsAt: facts.endsAt,
      timezone: facts.timezone,
    });
    facts.validity.set(key, v);
  }
  return v;
}

/** The event's facts from `cache`, read again once they are older than EVENT_FACTS_TTL_MS at `now`. */
export async function eventFacts(
  cache: EventFactsCache,
  db: DbOrTx,
  eventId: number,
  now: Date,
): Promise<EventFacts | null> {
  const hit = cache.get(eventId, now.getTime());
  if (hit !== undefined) return hit;
  const event = await findEvent(db, eventId);
  let facts: EventFacts | null = null;
  if (event) {
    const [types, sessions] = await Promise.all([
      ticketTypesOfEvent(db, eventId),
      sessionsOfEvent(db, eventId),
    ]);
    facts = {
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      timezone: event.timezone,
      types: new Map(
        types.map((t) => [
          t.id,
          { name: t.name, periodDays: Array.isArray(t.periodDays) ? (t.periodDays as string[]) : [] },
        ]),
      ),
      sessions: new Map(sessions.map((x) => [x.id, x.date])),
      validity: new Map(),
    };
  }
  cache.set(eventId, facts, now.getTime());
  return facts;
}
