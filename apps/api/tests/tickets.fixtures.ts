import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { daysBetween, eventDay } from '@bilheteira/shared/ticket-status';
import { customerTickets, customers, events, orders, ticketTypes } from '../src/db/schema/index';
import { issueTicketsForOrder } from '../src/modules/tickets/ticket-issuing.service';
import type { TestApp } from './helpers';

export const DOOR_KEY = 'demo-door-festival-key-0001';
export const DOOR_KEY_2 = 'demo-door-festival-key-0002';
export const CONCERT_DOOR_KEY = 'demo-door-concerto-key-0001';

export async function eventIdOf(t: TestApp, slug: string): Promise<number> {
  const [e] = await t.database.db.select({ id: events.id }).from(events).where(eq(events.slug, slug));
  return e!.id;
}

/** A paid order of `qty` tickets of one type, issued through issueTicketsForOrder. */
export async function issueTickets(
  t: TestApp,
  opts: { mobile: string; slug: string; typeName: string; qty: number; sessionId?: number | null },
): Promise<{ ids: number[]; tokens: string[]; orderId: number }> {
  const db = t.database.db;
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.mobile, opts.mobile));
  const eventId = await eventIdOf(t, opts.slug);
  const [tt] = await db
    .select({ id: ticketTypes.id, price: ticketTypes.priceCents })
    .from(ticketTypes)
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, opts.typeName)));
  const now = new Date();
  const [order] = await db
    .insert(orders)
    .values({
      reference: `T-${randomUUID().slice(0, 8)}`,
      customerId: c!.id,
      eventId,
      status: 'paid',
      subtotalCents: tt!.price * opts.qty,
      serviceCents: 0,
      totalCents: tt!.price * opts.qty,
      expiresAt: now,
      paidAt: now,
    })
    .returning({ id: orders.id });
  const ids = await db.transaction((tx) =>
    issueTicketsForOrder(
      tx,
      {
        orderId: order!.id,
        customerId: c!.id,
        eventId,
        lines: [{ ticketTypeId: tt!.id, sessionId: opts.sessionId ?? null, qty: opts.qty }],
      },
      now,
    ),
  );
  const rows = await db
    .select({ id: customerTickets.id, token: customerTickets.token })
    .from(customerTickets)
    .where(eq(customerTickets.orderId, order!.id));
  const byId = new Map(rows.map((r) => [r.id, r.token]));
  return { ids, tokens: ids.map((id) => byId.get(id)!), orderId: order!.id };
}

/**
 * Moves festival-demo so that its first day is the event day of `now` (doors open two hours
 * ago): the 3-day pass covers today and the next two days, day passes one day each.
 */
export async function festivalStartsToday(t: TestApp, now = new Date()): Promise<string[]> {
  const db = t.database.db;
  const eventId = await eventIdOf(t, 'festival-demo');
  const d0 = eventDay(now, 'Europe/Lisbon');
  const days = daysBetween(d0, addDaysYmd(d0, 2));
  await db
    .update(events)
    .set({
      startsAt: new Date(now.getTime() - 2 * 3600_000),
      endsAt: new Date(now.getTime() + 3 * 24 * 3600_000),
    })
    .where(eq(events.id, eventId));
  await db
    .update(ticketTypes)
    .set({ periodDays: days })
    .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, 'Passe 3 dias')));
  for (const [i, day] of days.entries()) {
    await db
      .update(ticketTypes)
      .set({ periodDays: [day] })
      .where(and(eq(ticketTypes.eventId, eventId), eq(ticketTypes.name, `Bilhete diário — dia ${i + 1}`)));
  }
  return days;
}

export function addDaysYmd(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Noon of an event day in Lisbon (UTC+0 or +1): safely inside that event day. */
export const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
