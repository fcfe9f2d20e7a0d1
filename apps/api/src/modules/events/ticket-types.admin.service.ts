/**
 * An event's ticket types, sessions and day capacities in the back office (issue 26 item 4).
 * Rules: a type with sold tickets keeps its price (buyers paid it); stock never goes below what
 * is sold or held by open orders (the row is locked, so a checkout waits for the change and
 * then sees it); a type or session that any order names is never deleted (hide it instead).
 * Every change is audited with the acting staff user in the same transaction.
 */
import {
  ticketTypeIssues,
  type CreateTicketTypeBody,
  type SessionBody,
  type UpdateTicketTypeBody,
} from '@bilheteira/shared/schemas/backoffice-events';
import { zonedTimeToUtc } from '@bilheteira/shared/timezone';
import { DEFAULT_TICKET_VAT_PERCENT } from '@bilheteira/shared/vat';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import { eventAdminErrors } from './events.admin.errors';
import { findEventParts, findOrganizerEvent } from './events.admin.repository';
import { adminSession, adminTicketType } from './events.admin.views';
import {
  deleteEventDays,
  deleteSessionRow,
  deleteTicketTypeRow,
  insertSession,
  insertTicketType,
  lockEventDays,
  lockSession,
  lockTicketType,
  sessionHasOrders,
  sessionWasCancelled,
  ticketTypeHasOrders,
  updateSessionRow,
  updateTicketTypeRow,
  upsertEventDay,
  type NewTicketTypeRow,
} from './ticket-types.admin.repository';

type Actor = string;
interface EventRef {
  organizerId: number;
  eventId: number;
}

/** The organiser's event, not cancelled (404 for another organiser's, 409 once cancelled). */
async function editableEvent(tx: DbOrTx, ref: EventRef) {
  const event = await findOrganizerEvent(tx, ref.organizerId, ref.eventId);
  if (!event) throw eventAdminErrors.notFound();
  if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
  return event;
}

const issuesError = (issues: { path: string; message: string }[]) =>
  validationFailed(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));

function typeRowValues(b: UpdateTicketTypeBody): Partial<NewTicketTypeRow> {
  const v: Partial<NewTicketTypeRow> = {};
  const date = (s: string | null) => (s === null ? null : new Date(s));
  if (b.name !== undefined) v.name = b.name;
  if (b.description !== undefined) v.description = b.description;
  if (b.translations !== undefined) v.translations = b.translations;
  if (b.price_cents !== undefined) v.priceCents = b.price_cents;
  if (b.vat_percent !== undefined) v.vatPercent = b.vat_percent;
  if (b.quantity !== undefined) v.quantity = b.quantity;
  if (b.min_per_order !== undefined) v.minPerOrder = b.min_per_order;
  if (b.max_per_order !== undefined) v.maxPerOrder = b.max_per_order;
  if (b.sales_start_at !== undefined) v.salesStartAt = date(b.sales_start_at);
  if (b.sales_end_at !== undefined) v.salesEndAt = date(b.sales_end_at);
  if (b.period_days !== undefined) v.periodDays = [...new Set(b.period_days)].sort();
  if (b.hidden !== undefined) v.hidden = b.hidden;
  if (b.sort_order !== undefined) v.sortOrder = b.sort_order;
  return v;
}

export async function createTicketType(
  db: Db | DbOrTx,
  ref: EventRef,
  body: CreateTicketTypeBody,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const { types } = await findEventParts(tx, [event.id]);
    const merged = { min_per_order: 1, max_per_order: 10, ...body };
    const issues = ticketTypeIssues(merged);
    if (issues.length) throw issuesError(issues);
    const row = await insertTicketType(tx, {
      vatPercent: DEFAULT_TICKET_VAT_PERCENT,
      sortOrder: types.length,
      ...typeRowValues(merged),
      eventId: event.id,
      name: body.name,
      priceCents: body.price_cents,
      quantity: body.quantity,
    });
    await audit(tx, {
      actor,
      action: 'ticket_type.created',
      entity: 'ticket_type',
      entityId: row.id,
      data: { event_id: event.id, price_cents: row.priceCents, quantity: row.quantity },
    });
    return adminTicketType(row);
  });
}

export async function updateTicketType(
  db: Db,
  ref: EventRef,
  typeId: number,
  body: UpdateTicketTypeBody,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const type = await lockTicketType(tx, event.id, typeId);
    if (!type) throw eventAdminErrors.notFound();
    const issues = ticketTypeIssues({
      min_per_order: type.minPerOrder,
      max_per_order: type.maxPerOrder,
      sales_start_at: type.salesStartAt?.toISOString() ?? null,
      sales_end_at: type.salesEndAt?.toISOString() ?? null,
      ...body,
    });
    if (issues.length) throw issuesError(issues);
    if (body.price_cents !== undefined && body.price_cents !== type.priceCents && type.sold > 0)
      throw eventAdminErrors.priceLocked();
    const held = type.sold + type.reserved;
    if (body.quantity !== undefined && body.quantity < held)
      throw eventAdminErrors.belowSold({ count: held });
    const row = await updateTicketTypeRow(tx, type.id, typeRowValues(body));
    await audit(tx, {
      actor,
      action: 'ticket_type.updated',
      entity: 'ticket_type',
      entityId: type.id,
      data: {
        event_id: event.id,
        fields: Object.keys(body),
        price_cents: [type.priceCents, row.priceCents],
        quantity: [type.quantity, row.quantity],
      },
    });
    return adminTicketType(row);
  });
}

export async function deleteTicketType(db: Db, ref: EventRef, typeId: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const type = await lockTicketType(tx, event.id, typeId);
    if (!type) throw eventAdminErrors.notFound();
    if (type.sold > 0 || type.reserved > 0 || (await ticketTypeHasOrders(tx, type.id)))
      throw eventAdminErrors.typeHasOrders();
    await deleteTicketTypeRow(tx, type.id);
    await audit(tx, {
      actor,
      action: 'ticket_type.deleted',
      entity: 'ticket_type',
      entityId: type.id,
      data: { event_id: event.id, name: type.name },
    });
  });
}

/** A session of a session event; its start is its date and hour in the event's time zone. */
export async function createSession(db: Db | DbOrTx, ref: EventRef, body: SessionBody, actor: Actor) {
  return db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    if (!event.isSession) throw eventAdminErrors.notSessionEvent();
    const row = await insertSession(tx, {
      eventId: event.id,
      date: body.date,
      hour: body.hour,
      startsAt: zonedTimeToUtc(body.date, body.hour, event.timezone),
      capacity: body.capacity,
    });
    await audit(tx, {
      actor,
      action: 'session.created',
      entity: 'event_session',
      entityId: row.id,
      data: { event_id: event.id, date: row.date, hour: row.hour, capacity: row.capacity },
    });
    return adminSession(row);
  });
}

/** Capacity never below what is sold or held; a session with orders keeps its date and hour. */
export async function updateSession(
  db: Db,
  ref: EventRef,
  sessionId: number,
  body: Partial<SessionBody>,
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const session = await lockSession(tx, event.id, sessionId);
    if (!session) throw eventAdminErrors.notFound();
    // a cancelled session's sale stays closed (its capacity is what was left when it closed)
    if (await sessionWasCancelled(tx, session.id)) throw eventAdminErrors.cancelled();
    const held = session.sold + session.reserved;
    const date = body.date ?? session.date;
    const hour = body.hour ?? session.hour;
    const moved = date !== session.date || hour !== session.hour;
    if (moved && (held > 0 || (await sessionHasOrders(tx, session.id))))
      throw eventAdminErrors.sessionHasOrders();
    if (body.capacity != null && body.capacity < held) throw eventAdminErrors.belowSold({ count: held });
    const row = await updateSessionRow(tx, session.id, {
      date,
      hour,
      startsAt: zonedTimeToUtc(date, hour, event.timezone),
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
    });
    await audit(tx, {
      actor,
      action: 'session.updated',
      entity: 'event_session',
      entityId: row.id,
      data: { event_id: event.id, fields: Object.keys(body) },
    });
    return adminSession(row);
  });
}

export async function deleteSession(db: Db, ref: EventRef, sessionId: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const session = await lockSession(tx, event.id, sessionId);
    if (!session) throw eventAdminErrors.notFound();
    if (session.sold + session.reserved > 0 || (await sessionHasOrders(tx, session.id)))
      throw eventAdminErrors.sessionHasOrders();
    await deleteSessionRow(tx, session.id);
    await audit(tx, {
      actor,
      action: 'session.deleted',
      entity: 'event_session',
      entityId: session.id,
      data: { event_id: event.id, date: session.date, hour: session.hour },
    });
  });
}

/**
 * Replaces the day capacities of a multi-day event: days listed get their capacity (never
 * below what is sold or held), days left out lose their limit unless something is sold there.
 */
export async function setEventDays(
  db: Db,
  ref: EventRef,
  days: { day: string; capacity: number }[],
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const event = await editableEvent(tx, ref);
    const current = await lockEventDays(tx, event.id);
    const wanted = new Map(days.map((d) => [d.day, d.capacity]));
    for (const d of current) {
      const held = d.sold + d.reserved;
      const capacity = wanted.get(d.day);
      if (held > 0 && (capacity === undefined || capacity < held))
        throw eventAdminErrors.belowSold({ count: held });
    }
    for (const [day, capacity] of wanted) await upsertEventDay(tx, event.id, day, capacity);
    await deleteEventDays(
      tx,
      event.id,
      current.map((d) => d.day).filter((d) => !wanted.has(d)),
    );
    await audit(tx, { actor, action: 'event.days_set', entity: 'event', entityId: event.id, data: { days } });
    return (await findEventParts(tx, [event.id])).days.map((d) => ({
      day: d.day,
      capacity: d.capacity,
      sold: d.sold,
      reserved: d.reserved,
    }));
  });
}

/** After a time-zone change: every session keeps its wall-clock date and hour in the new zone. */
export async function retimeSessions(tx: Tx, eventId: number, timeZone: string): Promise<void> {
  const { sessions } = await findEventParts(tx, [eventId]);
  for (const s of sessions)
    await updateSessionRow(tx, s.id, { startsAt: zonedTimeToUtc(s.date, s.hour, timeZone) });
}
