/**
 * Postponing and cancelling an event or one of its sessions (issue 26 item 3). Each call is
 * one transaction that locks the organiser's event row first, so concurrent calls on one event
 * run one after another: a second cancellation finds the first (event_changes, one per event
 * or session) and changes nothing. A cancellation closes the sale, cancels open orders, refunds
 * paid ones through payments' order refund (the refund job gives the money back through the
 * provider, once) and tells the holders; a postponement moves the dates, opens a refund window
 * and tells the holders. Everything is audited with the staff actor.
 */
import { REFUND_DEFAULT_WINDOW_DAYS, refundWindow } from '@bilheteira/shared/wallet';
import {
  POSTPONE_REFUND_DEFAULT_DAYS,
  type PostponeEventBody,
  type PostponeSessionBody,
} from '@bilheteira/shared/schemas/event-lifecycle';
import { zonedTimeToUtc } from '@bilheteira/shared/timezone';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { isDeadlock } from '../../lib/db-errors';
import { closeStock } from '../orders/order-lifecycle.service';
import { cancelOrdersOfEvent } from '../payments/order-refund.service';
import { holdersOfEvent } from '../tickets/ticket-cancel.service';
import { eventAdminErrors } from '../events/events.admin.errors';

import { eventLifecycleErrors } from './event-lifecycle.errors';
import { notifyHolders } from './event-lifecycle-notice';
import {
  buyersOfPaidOrders,
  findOrganizerEvent,
  updateEventRow,
  type AdminEventRow,
  findCancellation,
  findEventSession,
  insertEventChange,
  listEventChanges,
  recordClosedStock,
  sessionsOfEventForUpdate,
  updateSession,
  type SessionRow,
} from './event-lifecycle.repository';
import { eventChangeView, zonedDateHour } from './event-lifecycle.views';

const DAY_MS = 24 * 3600_000;

export interface LifecycleTarget {
  organizerId: number;
  eventId: number;
  /** null: the whole event */
  sessionId: number | null;
}

export interface LifecycleContext {
  /** staff:<id> */
  actor: string;
  /** PUBLIC_URL: holders follow their orders at PUBLIC_URL/dashboard/orders */
  publicUrl: string;
}

const ordersUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/dashboard/orders`;

/** The organiser's event (locked) and, for a session target, its session. 404 otherwise. */
async function lockTarget(
  tx: Tx,
  t: LifecycleTarget,
): Promise<{ event: AdminEventRow; session: SessionRow | null }> {
  const event = await findOrganizerEvent(tx, t.organizerId, t.eventId, true);
  if (!event) throw eventAdminErrors.notFound();
  if (t.sessionId === null) return { event, session: null };
  const session = await findEventSession(tx, event.id, t.sessionId);
  if (!session) throw eventLifecycleErrors.sessionNotFound();
  return { event, session };
}

/**
 * The wallet when its event is cancelled: money topped up online becomes refundable at once
 * (refund requests open now, for at least REFUND_DEFAULT_WINDOW_DAYS, or longer if the
 * organiser's window already ran later). A first-class product never keeps a cancelled
 * event's money; the 0.75 EUR fee and "only online top-ups" stay the wallet's rules.
 */
export function walletRulesOnCancel(event: AdminEventRow, now: Date) {
  const current = refundWindow(event);
  const opensAt = event.refundsAllowed && current.opensAt < now ? current.opensAt : now;
  const atLeast = new Date(now.getTime() + REFUND_DEFAULT_WINDOW_DAYS * DAY_MS);
  const closesAt = event.refundsAllowed && current.closesAt > atLeast ? current.closesAt : atLeast;
  return { refundsAllowed: true, refundOpensAt: opensAt, refundClosesAt: closesAt };
}

/** Cancels an event (sessionId null) or one session. Idempotent: `already` on a repeat. */
export async function cancelEventOrSession(
  db: Db,
  t: LifecycleTarget,
  reason: string,
  ctx: LifecycleContext,
  now: Date,
) {
  return retryOnDeadlock(() => cancelInTransaction(db, t, reason, ctx, now));
}

/**
 * A deadlock aborts one of the transactions involved (a payment confirmed at the very moment an
 * order written during the cancellation is locked): the cancellation runs again from the start.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (!isDeadlock(err) || i >= attempts) throw err;
    }
  }
}

async function cancelInTransaction(
  db: Db,
  t: LifecycleTarget,
  reason: string,
  ctx: LifecycleContext,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { event, session } = await lockTarget(tx, t);
    const existing =
      (await findCancellation(tx, event.id, t.sessionId)) ??
      (t.sessionId !== null ? await findCancellation(tx, event.id, null) : undefined);
    const nothing = {
      already: true,
      refunded_orders: 0,
      refund_cents: 0,
      cancelled_orders: 0,
      notified_customers: 0,
    };
    if (existing) return { change: eventChangeView(existing), ...nothing };
    const wallet = t.sessionId === null ? walletRulesOnCancel(event, now) : null;
    const change = await insertEventChange(tx, {
      eventId: event.id,
      sessionId: t.sessionId,
      kind: 'cancel',
      previous: { status: event.status },
      next: { status: 'cancelled' },
      reason,
      actor: ctx.actor,
      createdAt: now,
    });
    // the event row lock makes this unreachable; the unique index backs it
    if (!change)
      return { change: eventChangeView((await findCancellation(tx, event.id, t.sessionId))!), ...nothing };
    // a cancelled event is off sale at once (checkouts read its status); a cancelled session
    // says so on the event page instead of looking sold out
    if (wallet) await updateEventRow(tx, event.id, { status: 'cancelled', ...wallet }, now);
    if (session) await updateSession(tx, session.id, { status: 'cancelled' });
    const holders = await holdersOfEvent(tx, event.id, t.sessionId);
    const orderReason = t.sessionId === null ? 'event_cancelled' : 'session_cancelled';
    const target = { eventId: event.id, sessionId: t.sessionId };
    // orders first, then the stock (the lock order of a payment confirmation: order, then stock)
    const done = await cancelOrdersOfEvent(tx, target, ctx.actor, orderReason, now);
    // the sale closes: no reservation fits any more, and a payment approved late for an order
    // cancelled here is refunded by the fulfilment's late-approval path
    const closed = await closeStock(tx, event.id, t.sessionId);
    // an order written between the scan and the close is cancelled too, then the stock closed again
    const late = await cancelOrdersOfEvent(tx, target, ctx.actor, orderReason, now);
    if (late.refunded.length || late.cancelled.length) await closeStock(tx, event.id, t.sessionId);
    done.refunded.push(...late.refunded);
    done.cancelled.push(...late.cancelled);
    const recorded = await recordClosedStock(
      tx,
      change.id,
      t.sessionId === null ? 'ticket_type_quantities' : 'session_capacity',
      closed,
    );
    const walletRefundable = event.walletEnabled && event.onlineTopupEnabled;
    const notified = await notifyHolders(
      tx,
      [...new Set([...holders, ...done.refunded.map((r) => r.customerId)])],
      {
        kind: 'cancel',
        eventId: event.id,
        eventName: event.name,
        timeZone: event.timezone,
        sessionStartsAt: session?.startsAt ?? null,
        until: wallet && walletRefundable ? wallet.refundClosesAt : null,
        reason,
        url: ordersUrl(ctx.publicUrl),
      },
    );
    const refundCents = done.refunded.reduce((n, r) => n + r.refundCents, 0);
    await audit(tx, {
      actor: ctx.actor,
      action: t.sessionId === null ? 'event.cancel' : 'event.session_cancel',
      entity: 'event',
      entityId: event.id,
      data: {
        session_id: t.sessionId,
        refunded_orders: done.refunded.length,
        refund_cents: refundCents,
        cancelled_orders: done.cancelled.length,
        notified_customers: notified,
      },
    });
    return {
      change: eventChangeView(recorded),
      already: false,
      refunded_orders: done.refunded.length,
      refund_cents: refundCents,
      cancelled_orders: done.cancelled.length,
      notified_customers: notified,
    };
  });
}

function refundUntilOf(given: string | undefined, now: Date): Date {
  const until = given ? new Date(given) : new Date(now.getTime() + POSTPONE_REFUND_DEFAULT_DAYS * DAY_MS);
  if (until.getTime() <= now.getTime()) throw eventLifecycleErrors.refundUntilPast();
  return until;
}

/** Moves every session of a session event by `shiftMs` (the whole run postponed). */
async function shiftSessions(tx: Tx, event: AdminEventRow, shiftMs: number) {
  for (const s of await sessionsOfEventForUpdate(tx, event.id)) {
    const startsAt = new Date(s.startsAt.getTime() + shiftMs);
    await updateSession(tx, s.id, { startsAt, ...zonedDateHour(startsAt, event.timezone) });
  }
}

/** New dates for the whole event (a session event's sessions move by the same shift). */
export async function postponeEvent(
  db: Db,
  t: Omit<LifecycleTarget, 'sessionId'>,
  body: PostponeEventBody,
  ctx: LifecycleContext,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { event } = await lockTarget(tx, { ...t, sessionId: null });
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    const refundUntil = refundUntilOf(body.refund_until, now);
    const startsAt = new Date(body.starts_at);
    const endsAt = new Date(body.ends_at);
    if (startsAt.getTime() <= now.getTime()) throw eventLifecycleErrors.newDateInPast();
    if (event.isSession) await shiftSessions(tx, event, startsAt.getTime() - event.startsAt.getTime());
    await updateEventRow(tx, event.id, { startsAt, endsAt }, now);
    const change = (await insertEventChange(tx, {
      eventId: event.id,
      sessionId: null,
      kind: 'postpone',
      previous: { starts_at: event.startsAt.toISOString(), ends_at: event.endsAt.toISOString() },
      next: { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() },
      refundUntil,
      reason: body.reason,
      actor: ctx.actor,
      createdAt: now,
    }))!;
    return told(tx, event, null, change, startsAt, ctx);
  });
}

/** A session moves to a new date and hour (in the event's time zone). */
export async function postponeSession(
  db: Db,
  t: LifecycleTarget & { sessionId: number },
  body: PostponeSessionBody,
  ctx: LifecycleContext,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { event, session } = await lockTarget(tx, t);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    if (await findCancellation(tx, event.id, t.sessionId)) throw eventLifecycleErrors.sessionCancelled();
    const refundUntil = refundUntilOf(body.refund_until, now);
    const startsAt = zonedTimeToUtc(body.date, body.hour, event.timezone);
    if (startsAt.getTime() <= now.getTime()) throw eventLifecycleErrors.newDateInPast();
    await updateSession(tx, session!.id, { date: body.date, hour: body.hour, startsAt });
    const change = (await insertEventChange(tx, {
      eventId: event.id,
      sessionId: session!.id,
      kind: 'postpone',
      previous: { date: session!.date, hour: session!.hour, starts_at: session!.startsAt.toISOString() },
      next: { date: body.date, hour: body.hour, starts_at: startsAt.toISOString() },
      refundUntil,
      reason: body.reason,
      actor: ctx.actor,
      createdAt: now,
    }))!;
    return told(tx, event, session, change, startsAt, ctx);
  });
}

/** Tells the holders of a postponement and audits it. */
async function told(
  tx: Tx,
  event: AdminEventRow,
  session: SessionRow | null,
  change: NonNullable<Awaited<ReturnType<typeof insertEventChange>>>,
  startsAt: Date,
  ctx: LifecycleContext,
) {
  const sessionId = session?.id ?? null;
  const holders = await holdersOfEvent(tx, event.id, sessionId);
  const buyers = await buyersOfPaidOrders(tx, event.id, sessionId);
  const notified = await notifyHolders(tx, [...new Set([...holders, ...buyers])], {
    kind: 'postpone',
    eventId: event.id,
    eventName: event.name,
    timeZone: event.timezone,
    sessionStartsAt: session?.startsAt ?? null,
    newStartsAt: startsAt,
    until: change.refundUntil,
    reason: change.reason,
    url: ordersUrl(ctx.publicUrl),
  });
  await audit(tx, {
    actor: ctx.actor,
    action: sessionId === null ? 'event.postpone' : 'event.session_postpone',
    entity: 'event',
    entityId: event.id,
    data: {
      session_id: sessionId,
      ...change.next,
      refund_until: change.refundUntil?.toISOString(),
      notified,
    },
  });
  return {
    change: eventChangeView(change),
    already: false,
    refunded_orders: 0,
    refund_cents: 0,
    cancelled_orders: 0,
    notified_customers: notified,
  };
}

/** The event's postponements and cancellations, newest first. */
export async function listChanges(db: Db, organizerId: number, eventId: number) {
  const event = await findOrganizerEvent(db, organizerId, eventId);
  if (!event) throw eventAdminErrors.notFound();
  return (await listEventChanges(db, event.id)).map(eventChangeView);
}
