import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventSessions, events, ticketTypes } from './catalog';

/**
 * What happened to an event or one of its sessions after it was put on sale (issue 26 item 3):
 * a postponement (new dates; holders may ask for their money back until `refund_until`) or a
 * cancellation (every paid order refunded, once). One row per change, written with the
 * staff actor; a session's change names the session, an event's leaves it null.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    sessionId: integer('session_id').references(() => eventSessions.id),
    /** postpone | cancel */
    kind: text('kind').notNull(),
    /** dates before and after (postpone), stock closed (cancel): for the record */
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull().default({}),
    next: jsonb('next').$type<Record<string, unknown>>().notNull().default({}),
    /** postpone: holders of a paid order may ask for a refund until then */
    refundUntil: timestamp('refund_until', { withTimezone: true }),
    /** the organiser's note to the holders (shown in the message), optional */
    reason: text('reason').notNull().default(''),
    /** staff:<id> */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_changes_event_idx').on(t.eventId, t.createdAt),
    // an event, or a session, is cancelled once: a second cancel finds this row and changes nothing
    uniqueIndex('event_changes_one_cancel_idx')
      .on(t.eventId, sql`coalesce(${t.sessionId}, 0)`)
      .where(sql`${t.kind} = 'cancel'`),
  ],
);

/**
 * A message an organiser sent to the holders of an event, of one ticket type or of one session
 * (issue 27 item 3): operational ones go to every holder, marketing ones only to those who
 * consented, each email with its signed unsubscribe link. The texts per language (pt-pt, and
 * en / es when written; a holder reads theirs, else Portuguese). One outbox row per recipient
 * names the message (`outbox.broadcast_id`): the delivery counts come from there.
 */
export const eventBroadcasts = pgTable(
  'event_broadcasts',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** operational | marketing */
    kind: text('kind').notNull(),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id),
    sessionId: integer('session_id').references(() => eventSessions.id),
    texts: jsonb('texts').$type<Record<string, { subject: string; body: string }>>().notNull(),
    recipients: integer('recipients').notNull(),
    /** staff:<id> */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_broadcasts_event_idx').on(t.eventId, t.createdAt)],
);
