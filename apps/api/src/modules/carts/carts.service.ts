import { eventPublicPath } from '@bilheteira/shared/event-link';
import type { CartView } from '@bilheteira/shared/schemas/carts';
import { fromSessionDate, toSessionDate } from '@bilheteira/shared/schemas/carts';
import { ticketsServiceCents } from '@bilheteira/shared/money';
import { perOrderProblems } from '@bilheteira/shared/order-limits';
import { isInSalesWindow } from '@bilheteira/shared/sales-window';
import type { Db, DbOrTx } from '../../db/client';
import { cartErrors } from './carts.errors';
import {
  deleteItem,
  findCartContents,
  findOwnedItem,
  findSaleFacts,
  findSessionByDateHour,
  hasVisitorCarts,
  mergeVisitorCarts,
  saveCartLine,
  touchCart,
  type CartContents,
  type CartOwner,
  type EventRow,
  type SaleFacts,
  type SessionRow,
  type TicketTypeRow,
} from './carts.repository';
import { checkoutAccess } from '../pricing/codes.service';
import { groupPlacesLeft } from './capacity-groups';
import { eventServiceFee, ticketPrice } from './ticket-price';
import './carts.messages';

export type { CartOwner } from './carts.repository';

const left = (t: { reserved: number; sold: number }, capacity: number | null) =>
  capacity === null ? Infinity : Math.max(0, capacity - t.reserved - t.sold);

/**
 * Places a buyer could take now of one ticket type (for one session): the least of the
 * type's stock, the session's capacity, every covered day's capacity and every capacity
 * group's (pretix quota) the type shares.
 */
export function availablePlaces(
  type: TicketTypeRow,
  session: SessionRow | null,
  { days, groups }: Pick<SaleFacts, 'days' | 'groups'>,
): number {
  const covered = days.filter((d) => type.periodDays.includes(d.day));
  return Math.min(
    left(type, type.quantity),
    session ? left(session, session.capacity) : Infinity,
    ...covered.map((d) => left(d, d.capacity)),
    groupPlacesLeft(type.id, groups),
  );
}

/** Is the ticket type on sale at `now` (its window and the event's)? */
export function typeOnSale(event: EventRow, type: TicketTypeRow, now: Date): boolean {
  return isInSalesWindow({ salesStartAt: event.salesStartAt }, now) && isInSalesWindow(type, now);
}

/**
 * What shows a buyer reached a private (link-only) event through its link: the event's public
 * path, which is its link (/events/{path}: its random link token, shared/event-link.ts), or `known` where the owner already proved it (a line
 * of their cart was added with it). A numeric event_id alone is sequential, so it proves
 * nothing.
 */
export type EventAccess = { slug?: string | null } | 'known';

/**
 * The event must be published (or private and reached by its link) and not over. Throws
 * 404 (a private event without its link answers exactly like an unknown one) / 422.
 */
export function sellableEvent(event: EventRow | undefined, now: Date, access: EventAccess): EventRow {
  if (!event || event.status === 'draft') throw cartErrors.eventNotFound();
  if (event.visibility === 'private' && access !== 'known' && access.slug !== eventPublicPath(event))
    throw cartErrors.eventNotFound();
  if (event.status !== 'published' || event.endsAt <= now) throw cartErrors.eventNotOnSale();
  return event;
}

/** The owner's cart for an event (or their latest cart) with prices and availability. */
export async function getCart(
  db: DbOrTx,
  owner: CartOwner,
  eventId?: number,
  now = new Date(),
): Promise<CartView> {
  return cartView(await findCartContents(db, owner, eventId), now, eventId);
}

/** The cart as the API shows it, from what findCartContents read (one round trip). */
function cartView(contents: CartContents, now: Date, eventId?: number): CartView {
  const { cart, event, items, types, sessions, steps } = contents;
  if (!cart) {
    return {
      id: null,
      event_id: eventId ?? null,
      items: [],
      total_items: 0,
      subtotal_cents: 0,
      service_cents: 0,
      total_cents: 0,
      service_fee_bp: event?.serviceFeeBp ?? 0,
    };
  }
  const viewItems = items.flatMap((i) => {
    const type = types.find((t) => t.id === i.ticketTypeId);
    if (!type) return [];
    const session = sessions.find((s) => s.id === i.sessionId) ?? null;
    const { priceCents } = ticketPrice(type, steps, now);
    return [
      {
        identifier: i.id,
        ticket_id: type.id,
        ticket_name: type.name,
        session_id: session?.id ?? null,
        session_date: session ? toSessionDate(session.date) : null,
        session_hour: session?.hour ?? null,
        event_id: cart.eventId,
        amount: priceCents,
        qty: i.qty,
        line_cents: priceCents * i.qty,
        min_per_order: type.minPerOrder,
        max_per_order: type.maxPerOrder,
        available: availablePlaces(type, session, contents),
      },
    ];
  });
  const subtotal = viewItems.reduce((n, i) => n + i.line_cents, 0);
  const service = ticketsServiceCents(
    viewItems.map((i) => ({ unitCents: i.amount, qty: i.qty })),
    event ? eventServiceFee(event) : { bp: 0, vatPercent: 0 },
  );
  return {
    id: cart.id,
    event_id: cart.eventId,
    items: viewItems,
    total_items: viewItems.reduce((n, i) => n + i.qty, 0),
    subtotal_cents: subtotal,
    service_cents: service,
    total_cents: subtotal + service,
    service_fee_bp: event?.serviceFeeBp ?? 0,
  };
}

/** The validated add-item body (session date DD/MM/YYYY already checked by the schema). */
export interface AddItemInput {
  event_id: number;
  ticket_id: number;
  session_id?: number;
  session_date?: string;
  session_hour?: string;
  amount: number;
  /** the event's slug: needed for a private event (sellableEvent) */
  event_slug?: string;
  /** the access code that unlocks a hidden ticket type (pricing/codes.service.ts) */
  access_code?: string;
  /** the buyer's address: code attempts are counted per address */
  ip?: string | null;
}

/**
 * Sets the quantity of one line (spec §4: same ticket and same session or event updates
 * the line, else appends; 0 removes). Checks the event, the ticket type, the session,
 * the per-order maximum and what is left. Throws 404 / 422.
 */
export async function addItem(
  db: Db,
  owner: CartOwner,
  body: AddItemInput,
  now: Date,
  access: EventAccess = { slug: body.event_slug },
) {
  // One read for the event, the ticket type, the session and the stock (with the cart's
  // lines, for the per-order maximum over all of them); one write; one read of the whole
  // cart to answer (it may have changed in another tab meanwhile).
  const [facts, current] = await Promise.all([
    findSaleFacts(db, body.event_id, [body.ticket_id], body.session_id ? [body.session_id] : []),
    body.amount > 0 ? findCartContents(db, owner, body.event_id) : null,
  ]);
  const event = sellableEvent(facts.event, now, access);
  const type = facts.types[0];
  if (!type || type.eventId !== event.id) throw cartErrors.ticketNotFound();
  // a hidden type exists only for who holds a code unlocking it (a line already in the cart
  // was added with it)
  if (type.hidden && body.amount > 0 && access !== 'known') await assertUnlocked(db, body, type.id, now);
  let session: SessionRow | null = null;
  if (event.isSession) {
    if (body.session_id) {
      session = facts.sessions[0] ?? null;
    } else if (body.session_date && body.session_hour) {
      const date = fromSessionDate(body.session_date)!;
      session = (await findSessionByDateHour(db, event.id, date, body.session_hour)) ?? null;
    } else {
      throw cartErrors.sessionRequired({}, { fieldErrors: { session_id: ['cart.session_required'] } });
    }
    if (!session || session.eventId !== event.id) throw cartErrors.sessionNotFound();
    if (body.session_date && fromSessionDate(body.session_date) !== session.date)
      throw cartErrors.sessionNotFound();
    if (session.startsAt <= now) throw cartErrors.sessionPast();
  }
  const params = { name: type.name, max: type.maxPerOrder };
  if (body.amount > 0) {
    if (!typeOnSale(event, type, now)) throw cartErrors.ticketNotOnSale(params);
    // this line at its new quantity and every other line of the type (other sessions)
    const others = (current?.items ?? []).filter(
      (i) => i.ticketTypeId === type.id && i.sessionId !== (session?.id ?? null),
    );
    const lines = [...others, { ticketTypeId: type.id, qty: body.amount }];
    if (perOrderProblems(lines, [type]).above.length) throw cartErrors.aboveMaximum(params);
    const available = availablePlaces(type, session, facts);
    if (available <= 0) throw cartErrors.soldOut(params);
    if (body.amount > available) throw cartErrors.notEnoughStock({ ...params, available });
  }
  await saveCartLine(
    db,
    owner,
    { eventId: event.id, ticketTypeId: type.id, sessionId: session?.id ?? null, qty: body.amount },
    now,
  );
  return getCart(db, owner, event.id, now);
}

/** A hidden type without a code unlocking it answers 404, like an unknown type. */
async function assertUnlocked(db: Db, body: AddItemInput, typeId: number, now: Date): Promise<void> {
  if (!body.access_code) throw cartErrors.ticketNotFound();
  const who = { ip: body.ip ?? null };
  const code = await checkoutAccess(db, { eventId: body.event_id, code: body.access_code }, who, now);
  if (!code.ticketTypeIds.includes(typeId)) throw cartErrors.ticketNotFound();
}

/** Changes one line's quantity (0 removes it). Another owner's line answers 404. */
export async function changeItemQty(db: Db, owner: CartOwner, itemId: number, qty: number, now: Date) {
  const found = await findOwnedItem(db, owner, itemId);
  if (!found) throw cartErrors.itemNotFound();
  // the line is in the owner's cart: they reached the event by its link when adding it
  return addItem(
    db,
    owner,
    {
      event_id: found.cart.eventId,
      ticket_id: found.item.ticketTypeId,
      session_id: found.item.sessionId ?? undefined,
      amount: qty,
    },
    now,
    'known',
  );
}

export async function removeItem(db: Db, owner: CartOwner, itemId: number, now: Date) {
  const found = await findOwnedItem(db, owner, itemId);
  if (!found) throw cartErrors.itemNotFound();
  await deleteItem(db, itemId);
  await touchCart(db, found.cart.id, now);
  return getCart(db, owner, found.cart.eventId, now);
}

/**
 * Joins the carts a visitor filled before logging in to the customer's (their newer lines
 * win). Called on the first authenticated cart or checkout call that carries the
 * Visitor-Id; safe to call again (nothing left to move).
 */
export async function mergeCartsAtLogin(
  db: Db,
  visitorId: string | null,
  customerId: number,
  now: Date,
): Promise<void> {
  if (!visitorId) return;
  // Nearly always there is nothing left to move: one read, a transaction only when there is.
  if (!(await hasVisitorCarts(db, visitorId))) return;
  await db.transaction((tx) => mergeVisitorCarts(tx, visitorId, customerId, now));
}

/** What other modules (orders) read of the carts' sale facts: reached here, not in the repository. */
export {
  findCartContents,
  findEventSaleFacts,
  findSaleFacts,
  findSessionsByIds,
  type EventRow,
  type SaleFacts,
  type SessionRow,
} from './carts.repository';
