/**
 * The attendee list of an event in the back office (issue 27 item 2) and its exports. The list
 * is paged by keyset on the ticket id (`after`); an export reads the same rows in batches of
 * EXPORT_BATCH by the same keyset, one short statement per batch and no transaction held
 * between them (PGlite has one connection: other requests run between two batches), and is
 * written into the answer as it is read, waiting for the client when it reads slower than the
 * database (stream backpressure), so its memory does not grow with the number of rows.
 *
 * Neither the list nor an export ever holds the ticket's token (the QR code admits).
 */
import type {
  Attendee,
  AttendeeFilters,
  AttendeeListQuery,
} from '@bilheteira/shared/schemas/backoffice-attendees';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { ownEvent } from '../events/events.admin.service';
import { findAttendees, type AttendeeQuery, type AttendeeRow } from './attendees.admin.repository';
import { readOrderSearch } from './order-search-terms';

/** Rows per statement of an export. */
export const EXPORT_BATCH = 2_000;

const iso = (d: Date | string) => new Date(d).toISOString();

function daysOf(v: AttendeeRow['period_days']): string[] {
  if (!v) return [];
  const days: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
}

/** A row as the team sees it: nothing personal once the holder was erased. */
export function attendeeView(r: AttendeeRow): Attendee {
  const erased = r.customer_status === 'erased';
  const pending = r.customer_id === null;
  return {
    id: r.id,
    status: r.state === 'canceled' ? 'canceled' : 'active',
    transfer_pending: pending,
    holder: {
      customer_id: r.customer_id,
      name: erased || pending ? '' : `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      email: erased || pending ? null : r.email,
      mobile: erased ? null : pending ? r.pending_mobile : r.mobile,
      erased,
    },
    ticket_type: { id: r.ticket_type_id, name: r.type_name },
    session:
      r.session_id !== null
        ? { id: r.session_id, date: r.session_date ?? '', hour: r.session_hour ?? '' }
        : null,
    days: daysOf(r.period_days),
    order: r.order_id !== null ? { id: r.order_id, reference: r.reference ?? '' } : null,
    issued_at: iso(r.created_at),
    checkins: r.checkins ?? 0,
    last_checkin: r.last_at ? { at: iso(r.last_at), gate: r.gate } : null,
  };
}

function queryOf(eventId: number, f: AttendeeFilters): AttendeeQuery {
  return {
    eventId,
    terms: readOrderSearch(f.q),
    ticketTypeId: f.ticket_type_id ?? null,
    sessionId: f.session_id ?? null,
    state: f.status === 'all' ? null : f.status,
    checkedIn: f.checked_in === 'all' ? null : f.checked_in === 'yes',
  };
}

interface EventRef {
  organizerId: number;
  eventId: number;
}

/** A page of the event's attendees (404 for another organiser's event). */
export async function listAttendees(db: DbOrTx, ref: EventRef, q: AttendeeListQuery) {
  await ownEvent(db, ref.organizerId, ref.eventId);
  // one more than the page tells whether another page follows
  const rows = await findAttendees(db, queryOf(ref.eventId, q), q.after ?? 0, q.per_page + 1);
  const page = rows.slice(0, q.per_page);
  return {
    data: page.map(attendeeView),
    meta: {
      per_page: q.per_page,
      next_after: rows.length > q.per_page ? (page.at(-1)?.id ?? null) : null,
    },
  };
}

/** The event an export is about (404 for another organiser's): its name, slug and time zone. */
export async function exportedEvent(db: DbOrTx, ref: EventRef) {
  const e = await ownEvent(db, ref.organizerId, ref.eventId);
  return { id: e.id, name: e.name, slug: e.slug, timezone: e.timezone };
}

/**
 * The event's attendees matching the filters, batch after batch (EXPORT_BATCH rows, one
 * statement each, nothing held between them). The next batch is asked for while the consumer
 * writes this one, so the database and the writing overlap; at most two batches are in memory.
 * A consumer that stops early ends it.
 */
export async function* attendeeBatches(
  db: DbOrTx,
  eventId: number,
  f: AttendeeFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<AttendeeRow[]> {
  const q = queryOf(eventId, f);
  let next: Promise<AttendeeRow[]> | null = findAttendees(db, q, 0, batch);
  try {
    while (next) {
      const rows: AttendeeRow[] = await next;
      next = rows.length === batch ? findAttendees(db, q, rows[rows.length - 1]!.id, batch) : null;
      if (rows.length) yield rows;
    }
  } finally {
    // stopped early: the batch asked for ahead is not wanted (nor its failure)
    next?.catch(() => {});
  }
}

/** Who exported which event's attendees, in which format, with which filters, how many rows. */
export function auditAttendeeExport(
  db: DbOrTx,
  e: {
    actor: string;
    eventId: number;
    format: string;
    filters: AttendeeFilters;
    rows: number;
    complete: boolean;
  },
) {
  const { q, ...filters } = e.filters;
  return audit(db, {
    actor: e.actor,
    action: 'attendees.exported',
    entity: 'event',
    entityId: e.eventId,
    // the search text may be a person's name or email: only whether there was one
    data: { format: e.format, rows: e.rows, complete: e.complete, filters: { ...filters, search: q !== '' } },
  });
}
