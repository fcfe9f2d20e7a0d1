import { randomInt } from 'node:crypto';
import { serviceCostCents } from '@bilheteira/shared/money';
import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { perOrderProblems } from '@bilheteira/shared/order-limits';
import { toSessionDate } from '@bilheteira/shared/schemas/carts';
import type {
  OrderDetailView,
  OrderFilter,
  OrderStatus,
  OrderSummaryView,
  PaymentView,
} from '@bilheteira/shared/schemas/orders';
import type { z } from 'zod';
import type { createOrderBody } from '@bilheteira/shared/schemas/orders';
import { PAYMENT_VIEW_STATUSES } from '@bilheteira/shared/schemas/orders';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { type AppError, unauthorized } from '../../lib/errors';
import { hitLimit, rateLimited } from '../../lib/rate-limit';
import { cartErrors } from '../carts/carts.errors';
import { orderErrors } from './orders.errors';
import { translate } from '../../i18n/messages';
import type { Locale } from '@bilheteira/shared/locales';
import { mergeCartsAtLogin, sellableEvent, typeOnSale } from '../carts/carts.service';
import { cachedSaleFacts, type SaleFactsCache } from '../carts/sale-facts.cache';
import {
  findCartContents,
  findSaleFacts,
  findSessionsByIds,
  type EventRow,
  type SaleFacts,
  type SessionRow,
} from '../carts/carts.repository';
import {
  claimExpiredOrders,
  findEventsByIds,
  forceExpire,
  findLines,
  findOrderByIdempotencyKey,
  findOwnedOrder,
  findPaymentsOfOrder,
  findSessionsForLines,
  findTicketIdsOfOrder,
  hasPendingOrder,
  insertPendingOrder,
  isOrderRateLimited,
  isPendingOrderRace,
  isSessionRefused,
  listOrders,
  refusedOrderSession,
  setOrderExpiry,
  type NewOrderLine,
  type OrderLineRow,
  type Buyer,
  type OrderRow,
  type PaymentRow,
} from './orders.repository';
import { findLiveSession, type SessionIdentity } from '../identity/session.repository';
import { assertOnlineTopUpFits } from '../wallet/wallet-ceiling.service';
import {
  counters,
  releaseStock,
  stockShortageKind,
  type StockClaim,
  type StockShortage,
} from './stock.repository';
import './orders.messages';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors';

export type CreateOrderInput = z.output<typeof createOrderBody>;

/** How long a pending order holds its tickets (ORDER_HOLD_MINUTES, default 15). */
export function orderHoldMs(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.ORDER_HOLD_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000;
}

/**
 * How long past its creation an unpaid order may hold its tickets at most: the hold plus one
 * MB WAY window and its grace minute. Payment attempts extend a hold (the customer is in
 * their MB WAY app or 3-D Secure) only up to here, however many there are, declined or not;
 * past it the expiry job cancels the order even while an attempt is open.
 */
export const holdCapMs = (env: NodeJS.ProcessEnv = process.env): number =>
  orderHoldMs(env) + MBWAY_COUNTDOWN_MS + PAYMENT_GRACE_MS;

/** Time a payment attempt's answer may take to reach us after the attempt expires. */
export const PAYMENT_GRACE_MS = 60_000;

/** The latest a pending order may hold its tickets (holdCapMs after it was created). */
export const holdDeadline = (order: Pick<OrderRow, 'createdAt'>): Date =>
  new Date(order.createdAt.getTime() + holdCapMs());

/**
 * The hold of `order` while a payment attempt that expires at `attemptExpiresAt` is open:
 * the attempt's end plus its grace, never shorter than the hold it has, never past
 * holdDeadline. Null when the hold stays as it is.
 */
export function holdForAttempt(
  order: Pick<OrderRow, 'createdAt' | 'expiresAt'>,
  attemptExpiresAt: Date,
): Date | null {
  const wanted = Math.min(attemptExpiresAt.getTime() + PAYMENT_GRACE_MS, holdDeadline(order).getTime());
  return wanted > order.expiresAt.getTime() ? new Date(wanted) : null;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Public order reference: 10 characters without look-alikes (I/1, O/0). */
export const newReference = (prefix = 'B') =>
  prefix + Array.from({ length: 9 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');

/** Stock claims of an order's ticket lines (what was reserved, released exactly so). */
export const claimsOf = (
  lines: Pick<NewOrderLine, 'kind' | 'ticketTypeId' | 'sessionId' | 'qty' | 'stockDays'>[],
): StockClaim[] =>
  lines
    .filter((l) => l.kind === 'ticket' && l.ticketTypeId != null)
    .map((l) => ({
      ticketTypeId: l.ticketTypeId!,
      sessionId: l.sessionId ?? null,
      qty: l.qty,
      days: l.stockDays ?? [],
    }));

interface WantedLine {
  ticketTypeId: number;
  sessionId: number | null;
  qty: number;
}

/** The first counter that has fewer places left than `claims` need, from freshly read stock. */
function shortageIn(
  eventId: number,
  claims: StockClaim[],
  facts: Pick<SaleFacts, 'types' | 'sessions' | 'days'>,
): StockShortage | null {
  const c = counters(eventId, claims);
  const left = (x: { reserved: number; sold: number }, capacity: number) => capacity - x.reserved - x.sold;
  for (const [id, n] of c.types) {
    const t = facts.types.find((x) => x.id === id);
    if (!t || left(t, t.quantity) < n) return { kind: 'type', ticketTypeId: id };
  }
  for (const [id, n] of c.sessions) {
    const s = facts.sessions.find((x) => x.id === id);
    if (!s || (s.capacity !== null && left(s, s.capacity) < n)) return { kind: 'session', sessionId: id };
  }
  for (const [day, n] of c.days) {
    const d = facts.days.find((x) => x.day === day);
    if (d && left(d, d.capacity) < n) return { kind: 'day', day };
  }
  return null;
}

/**
 * Creates a pending order for the customer from their cart (or the given items) and/or a
 * wallet top-up, holding its tickets for orderHoldMs(). Checks the event, sales windows,
 * sessions, min/max per order and stock; reserves atomically. A repeated Idempotency-Key
 * answers the first order. Throws 404 / 422 / 409.
 *
 * Round trips: the sale facts (a direct purchase reads the event's copy of at most one
 * PUBLIC_CACHE_MS, sale-facts.cache.ts; a cart checkout reads the cart with all of them),
 * then ONE statement that writes the order and holds the stock (insertPendingOrder) and,
 * for a direct purchase, authenticates its session first. A new order is answered with its
 * detail built in memory (`detail`); a repeated key answers the stored order (`detail`
 * null: read it with orderDetail). Only a live session is told why an order is refused:
 * without one, any refusal is a 401.
 */
export async function createOrder(
  db: Db,
  input: CreateOrderArgs,
  now: Date,
): Promise<{ order: OrderRow; created: boolean; detail: OrderDetailView | null }> {
  const { buyer } = input;
  /** The buyer's customer id on a path that failed: a token is authenticated now (401 if not live). */
  const customerOf = async (known: number | null): Promise<number> => {
    if ('customerId' in buyer) return buyer.customerId;
    if (known !== null) return known;
    const found = await findLiveSession(db, buyer.sessionTokenHash, now);
    if (!found) throw unauthorized();
    input.onSession?.({
      customerId: found.customer.id,
      sessionId: found.session.id,
      impersonatedBy: found.session.impersonatedBy,
    });
    return found.customer.id;
  };
  // The key is looked up only when something fails, so a new order costs no read for it.
  const first = async (customerId: number) =>
    input.idempotencyKey ? await findOrderByIdempotencyKey(db, customerId, input.idempotencyKey) : undefined;
  let order: PreparedOrder;
  try {
    // the per-address count is taken while the order is prepared (no round trip of its own)
    [order] = await Promise.all([
      prepareOrder(db, input, now, () => customerOf(null)),
      hitIpLimit(db, input.limits, now),
    ]);
  } catch (err) {
    // a repeat answers the first order whatever refuses it now (sold out since, sale over)
    const existing = await first(await customerOf(null));
    if (existing) return { order: existing, created: false, detail: null };
    throw err;
  }
  try {
    return { ...(await writeOrder(db, order, input, now)), created: true };
  } catch (err) {
    if (isSessionRefused(err)) throw unauthorized();
    const refusal = isOrderRateLimited(err)
      ? rateLimited(new Date(now.getTime() + 60_000), now)
      : isPendingOrderRace(err)
        ? orderErrors.idempotencyConflict()
        : null;
    // A repeated key fails on the order row, before any stock is touched (a repeat racing
    // the first waits for it on the unique index); a repeat refused for another reason
    // (the rate) also answers the first order.
    if (!input.idempotencyKey || !(refusal || isUniqueViolation(err))) throw refusal ?? err;
    const existing = await first(await customerOf(refusedOrderSession(err)?.customerId ?? null));
    if (existing) return { order: existing, created: false, detail: null };
    throw refusal ?? orderErrors.idempotencyConflict();
  }
}

/** Order creation limits (config ORDER_RATE_PER_CUSTOMER_PER_MINUTE / _PER_IP_; 0: off). */
export interface OrderLimits {
  perCustomerPerMinute: number;
  perIpPerMinute: number;
  ip: string;
}

/** Counts an order attempt from the address; 429 beyond the limit. */
async function hitIpLimit(db: Db, limits: OrderLimits | undefined, now: Date): Promise<void> {
  if (!limits?.perIpPerMinute) return;
  await hitLimit(db, { key: `order:ip:${limits.ip}`, max: limits.perIpPerMinute, windowSeconds: 60 }, now);
}

/** A direct purchase names its items; otherwise the order is the customer's cart. */
export const isDirectPurchase = <B extends Pick<CreateOrderInput, 'items'>>(
  body: B,
): body is B & { items: NonNullable<B['items']> } => !!body.items?.length;

interface CreateOrderArgs {
  buyer: Buyer;
  visitorId: string | null;
  body: CreateOrderInput;
  idempotencyKey: string | null;
  locale: Locale;
  /** told the session a `sessionTokenHash` buyer turned out to be (the impersonation audit) */
  onSession?: (session: SessionIdentity) => void;
  /** rate limits of a request (none for the seed) */
  limits?: OrderLimits;
  /** the app's copy of events' sale facts (`app.caches.saleFacts`; none for the seed: fresh reads) */
  saleFacts?: SaleFactsCache;
}

/** The customer is the buyer's, known once the order is written. */
type OrderValues = Omit<OrderRow, 'id' | 'reference' | 'status' | 'paidAt' | 'customerId'>;

/** An order checked and priced, ready to be written. */
interface PreparedOrder {
  event: EventRow;
  types: SaleFacts['types'];
  sessions: SaleFacts['sessions'];
  lines: Omit<NewOrderLine, 'id' | 'orderId'>[];
  claims: StockClaim[];
  /** the cart the lines came from (emptied with the order) */
  cartId: number | null;
  values: OrderValues;
}

/**
 * Reads what the order needs (one round trip) and applies every rule of the checkout.
 * `buyerId` authenticates the buyer where a rule needs them (only on a refusal's path).
 */
async function prepareOrder(
  db: Db,
  input: CreateOrderArgs,
  now: Date,
  buyerId: () => Promise<number>,
): Promise<PreparedOrder> {
  const { body, buyer, idempotencyKey } = input;
  const customerId = 'customerId' in buyer ? buyer.customerId : null;

  // The lines wanted (explicit items, else the customer's cart for this event) and the facts
  // they are checked against, read in one round trip.
  let wanted: WantedLine[] = [];
  let cartId: number | null = null;
  let facts: SaleFacts;
  if (isDirectPurchase(body)) {
    wanted = body.items.map((i) => ({
      ticketTypeId: i.ticket_id,
      sessionId: i.session_id ?? null,
      qty: i.qty,
    }));
    facts = await cachedSaleFacts(
      input.saleFacts,
      db,
      body.event_id,
      [...new Set(wanted.map((w) => w.ticketTypeId))],
      [...new Set(wanted.map((w) => w.sessionId).filter((s): s is number => s !== null))],
      now,
    );
  } else if (body.include_cart) {
    if (customerId === null) throw new Error('a cart checkout needs its customer authenticated first');
    await mergeCartsAtLogin(db, input.visitorId, customerId);
    const contents = await findCartContents(db, { customerId }, body.event_id);
    facts = contents;
    if (contents.cart) {
      cartId = contents.cart.id;
      wanted = contents.items.map((i) => ({
        ticketTypeId: i.ticketTypeId,
        sessionId: i.sessionId,
        qty: i.qty,
      }));
    }
  } else {
    facts = await cachedSaleFacts(input.saleFacts, db, body.event_id, [], [], now);
  }
  const { types, sessions } = facts;
  const event = sellableEvent(facts.event, now, { slug: body.event_slug });
  if (!wanted.length && !body.topup_cents) throw orderErrors.cartEmpty();

  const lines: Omit<NewOrderLine, 'id' | 'orderId'>[] = [];
  for (const w of wanted) {
    const type = types.find((t) => t.id === w.ticketTypeId);
    if (!type || type.eventId !== event.id) throw cartErrors.ticketNotFound();
    const params = { name: type.name, max: type.maxPerOrder };
    if (!typeOnSale(event, type, now)) throw cartErrors.ticketNotOnSale(params);
    const session = w.sessionId === null ? null : sessions.find((s) => s.id === w.sessionId);
    if (event.isSession && !session) throw cartErrors.sessionRequired();
    if (session && session.eventId !== event.id) throw cartErrors.sessionNotFound();
    if (session && session.startsAt <= now) throw cartErrors.sessionPast();
    lines.push({
      kind: 'ticket',
      ticketTypeId: type.id,
      sessionId: session?.id ?? null,
      qty: w.qty,
      unitCents: type.priceCents,
      description: session ? `${type.name} — ${toSessionDate(session.date)} ${session.hour}` : type.name,
      stockDays: type.periodDays,
    });
  }
  // min and max per order count every line of a type together (several sessions, or the
  // same type repeated): 20 lines of 10 are 200 tickets, not 10
  const limits = perOrderProblems(wanted, types);
  const above = limits.above[0];
  if (above) throw cartErrors.aboveMaximum({ name: above.name, max: above.max });
  const belowMin = limits.below.map((b) => ({ name: b.name, min: b.min, ticket_id: b.ticket_id }));
  const claims = claimsOf(lines);
  // Cheap early answer from the stock read, without taking any lock (a sold-out type never
  // queues for its row); the order statement is the one that counts. The stock read may be
  // the event's cached copy, so a shortage is confirmed on a fresh read before it refuses.
  if (shortageIn(event.id, claims, facts)) {
    const fresh = shortageIn(event.id, claims, await freshFactsOf(db, event.id, lines));
    // the buyer's pending order for the event gives its places back to this one (the
    // statement nets them): only the statement can tell then
    if (fresh && !(await hasPendingOrder(db, await buyerId(), event.id)))
      throw await shortageError(db, fresh, types);
  }
  if (belowMin.length) {
    const items = belowMin.map((b) => translate(input.locale, 'checkout.below_minimum_item', b)).join(', ');
    throw orderErrors.belowMinimum({ items }, { details: { items: belowMin } });
  }
  if (body.topup_cents) {
    if (!event.walletEnabled || !event.onlineTopupEnabled) throw orderErrors.topupUnavailable();
    // The tills' wallet ceiling, before anything is paid (a token buyer is authenticated for it).
    const holder =
      'customerId' in buyer
        ? buyer.customerId
        : (await findLiveSession(db, buyer.sessionTokenHash, now))?.customer.id;
    if (holder === undefined) throw unauthorized();
    await assertOnlineTopUpFits(db, holder, event.id, body.topup_cents);
    lines.push({
      kind: 'topup',
      ticketTypeId: null,
      sessionId: null,
      qty: 1,
      unitCents: body.topup_cents,
      description: translate(input.locale, 'checkout.topup_line'),
      stockDays: [],
    });
  }
  const ticketSubtotal = lines
    .filter((l) => l.kind === 'ticket')
    .reduce((n, l) => n + l.unitCents * l.qty, 0);
  const subtotal = lines.reduce((n, l) => n + l.unitCents * l.qty, 0);
  const service = serviceCostCents(ticketSubtotal, event.serviceFeeBp);
  const values: OrderValues = {
    eventId: event.id,
    subtotalCents: subtotal,
    serviceCents: service,
    totalCents: subtotal + service,
    billing: body.billing as Record<string, unknown>,
    receiptEmail: body.receipt_email || null,
    idempotencyKey,
    expiresAt: new Date(now.getTime() + orderHoldMs()),
    createdAt: now,
  };

  return { event, types, sessions, lines, claims, cartId, values };
}

/** Writes the order and holds its stock in one statement; maps a shortage to its 409. */
async function writeOrder(
  db: Db,
  prepared: PreparedOrder,
  { buyer, onSession, limits }: Pick<CreateOrderArgs, 'buyer' | 'onSession' | 'limits'>,
  now: Date,
): Promise<{ order: OrderRow; detail: OrderDetailView }> {
  const { event, types, sessions, lines, claims, cartId, values } = prepared;
  for (let attempt = 1; ; attempt++) {
    const reference = newReference();
    try {
      const written = await insertPendingOrder(db, {
        buyer,
        order: { ...values, reference },
        lines,
        claims,
        auditData: { total_cents: values.totalCents, lines: lines.length },
        clearCartId: cartId,
        ratePerMinute: limits?.perCustomerPerMinute || null,
      });
      if (written.session) onSession?.(written.session);
      const { orderId, lineIds, customerId } = written;
      const order: OrderRow = {
        ...values,
        customerId,
        id: orderId,
        reference,
        status: 'pending',
        paidAt: null,
      };
      const rows: OrderLineRow[] = lines.map((l, i) => ({
        ...l,
        id: lineIds[i]!,
        orderId,
        ticketTypeId: l.ticketTypeId ?? null,
        sessionId: l.sessionId ?? null,
        description: l.description ?? '',
        stockDays: l.stockDays ?? [],
      }));
      return { order, detail: detailView(order, rows, event, sessions, [], [], now) };
    } catch (err) {
      const session = refusedOrderSession(err);
      if (session) onSession?.(session);
      const kind = stockShortageKind(err);
      if (kind) throw await shortageError(db, await whichShortage(db, kind, prepared), types);
      // a deadlock fails the whole statement (nothing written), and so does another order
      // of the buyer for the event becoming their pending one meanwhile: try again (this one
      // then replaces it)
      if ((isDeadlock(err) || isPendingOrderRace(err)) && attempt < 5) continue;
      throw err;
    }
  }
}

/** The stock of what `lines` claim, read from the database now. */
const freshFactsOf = (db: Db, eventId: number, lines: Pick<NewOrderLine, 'ticketTypeId' | 'sessionId'>[]) =>
  findSaleFacts(
    db,
    eventId,
    [...new Set(lines.flatMap((l) => (l.ticketTypeId == null ? [] : [l.ticketTypeId])))],
    [...new Set(lines.flatMap((l) => (l.sessionId == null ? [] : [l.sessionId])))],
  );

/**
 * The counter of `kind` that ran out when the statement failed on its CHECK: the only one
 * of its kind, else the first one short in a fresh read (only for the message).
 */
async function whichShortage(
  db: Db,
  kind: StockShortage['kind'],
  { event, lines, claims }: PreparedOrder,
): Promise<StockShortage> {
  const c = counters(event.id, claims);
  const only =
    kind === 'type'
      ? c.types.length === 1
      : kind === 'session'
        ? c.sessions.length === 1
        : c.days.length === 1;
  const fresh = only ? null : shortageIn(event.id, claims, await freshFactsOf(db, event.id, lines));
  if (fresh?.kind === kind) return fresh;
  if (kind === 'type') return { kind, ticketTypeId: c.types[0]![0] };
  if (kind === 'session') return { kind, sessionId: c.sessions[0]![0] };
  return { kind, day: c.days[0]![0] };
}

async function shortageError(
  db: DbOrTx,
  s: StockShortage,
  types: { id: number; name: string }[],
): Promise<AppError> {
  if (s.kind === 'type') {
    const name = types.find((t) => t.id === s.ticketTypeId)?.name ?? '';
    return orderErrors.soldOut({ name }, { details: { ticket_id: s.ticketTypeId } });
  }
  if (s.kind === 'session') {
    const [session] = await findSessionsByIds(db, [s.sessionId]);
    return orderErrors.sessionFull(
      { date: session ? toSessionDate(session.date) : '', hour: session?.hour ?? '' },
      { details: { session_id: s.sessionId } },
    );
  }
  return orderErrors.dayFull({ date: toSessionDate(s.day) }, { details: { day: s.day } });
}

const FILTER_STATUSES: Record<OrderFilter, string[] | null> = {
  all: null,
  paid: ['paid'],
  pending: ['pending', 'processing'],
  cancelled: ['cancelled', 'refunded'],
};

const asStatus = (s: string): OrderStatus =>
  (['pending', 'processing', 'paid', 'cancelled', 'refunded'] as const).find((x) => x === s) ?? 'pending';

export const isPayable = (o: OrderRow, now: Date) => o.status === 'pending' && o.expiresAt > now;

type EventFacts = Pick<EventRow, 'slug' | 'name' | 'startsAt'>;

/** The list view of one order, from its row, its lines and its event. */
function summaryView(
  o: OrderRow,
  lines: OrderLineRow[],
  e: EventFacts | undefined,
  now: Date,
): OrderSummaryView {
  return {
    id: o.id,
    reference: o.reference,
    status: asStatus(o.status),
    event: {
      id: o.eventId,
      slug: e?.slug ?? '',
      name: e?.name ?? '',
      starts_at: (e?.startsAt ?? o.createdAt).toISOString(),
    },
    quantity: lines.filter((l) => l.orderId === o.id && l.kind === 'ticket').reduce((n, l) => n + l.qty, 0),
    subtotal_cents: o.subtotalCents,
    service_cents: o.serviceCents,
    total_cents: o.totalCents,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    expires_at: o.expiresAt.toISOString(),
    payable: isPayable(o, now),
  };
}

async function summaries(db: DbOrTx, rows: OrderRow[], now: Date): Promise<OrderSummaryView[]> {
  const [lines, evs] = await Promise.all([
    findLines(
      db,
      rows.map((r) => r.id),
    ),
    findEventsByIds(db, [...new Set(rows.map((r) => r.eventId))]),
  ]);
  return rows.map((o) =>
    summaryView(
      o,
      lines,
      evs.find((x) => x.id === o.eventId),
      now,
    ),
  );
}

/** Public view of a payment: a masked display, never a card number. */
export function toPaymentView(p: PaymentRow): PaymentView {
  const meta = p.meta as { display?: string; redirect_url?: string; client_secret?: string };
  return {
    id: p.id,
    reference: p.providerRef ?? String(p.id),
    provider: p.provider,
    method: (['mbway', 'card', 'google_pay', 'apple_pay'] as const).find((m) => m === p.method) ?? 'card',
    status:
      // refund_failed is the refund job's business: the customer is still owed the money
      p.status === 'refund_failed'
        ? 'refund_pending'
        : (PAYMENT_VIEW_STATUSES.find((s) => s === p.status) ?? 'pending'),
    amount_cents: p.amountCents,
    expires_at: p.expiresAt?.toISOString() ?? null,
    redirect_url: p.status === 'requires_action' ? (meta.redirect_url ?? null) : null,
    client_secret:
      p.status === 'pending' || p.status === 'requires_action' ? (meta.client_secret ?? null) : null,
    display: meta.display ?? '',
    created_at: p.createdAt.toISOString(),
  };
}

/** An order with its lines, payments and issued tickets. Another customer's: 404. */
export async function getOrderDetail(
  db: DbOrTx,
  customerId: number,
  orderId: number,
  now: Date,
): Promise<OrderDetailView> {
  const order = await findOwnedOrder(db, customerId, orderId);
  if (!order) throw orderErrors.notFound();
  return orderDetail(db, order, now);
}

export async function orderDetail(db: DbOrTx, order: OrderRow, now: Date): Promise<OrderDetailView> {
  const [lines, [event], pays, ticketIds] = await Promise.all([
    findLines(db, [order.id]),
    findEventsByIds(db, [order.eventId]),
    findPaymentsOfOrder(db, order.id),
    findTicketIdsOfOrder(db, order.id),
  ]);
  const sessions = await findSessionsForLines(db, [
    ...new Set(lines.map((l) => l.sessionId).filter((s): s is number => s !== null)),
  ]);
  return detailView(order, lines, event, sessions, pays, ticketIds, now);
}

/** The detail view of one order from everything it shows (no I/O). */
function detailView(
  order: OrderRow,
  lines: OrderLineRow[],
  event: EventFacts | undefined,
  sessions: Pick<SessionRow, 'id' | 'date' | 'hour'>[],
  pays: PaymentRow[],
  ticketIds: number[],
  now: Date,
): OrderDetailView {
  const b = order.billing as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...summaryView(order, lines, event, now),
    lines: lines.map((l) => {
      const s = sessions.find((x) => x.id === l.sessionId);
      return {
        id: l.id,
        kind: l.kind === 'topup' ? 'topup' : 'ticket',
        description: l.description,
        ticket_id: l.ticketTypeId,
        session_id: l.sessionId,
        session_date: s ? toSessionDate(s.date) : null,
        session_hour: s?.hour ?? null,
        qty: l.qty,
        unit_cents: l.unitCents,
        total_cents: l.unitCents * l.qty,
      };
    }),
    billing: {
      name: str(b.name),
      country: str(b.country) || 'PT',
      document: str(b.document),
      postal_code: str(b.postal_code),
    },
    receipt_email: order.receiptEmail,
    payments: pays.map(toPaymentView),
    ticket_ids: ticketIds,
  };
}

/** A page of the customer's orders for one filter (All, Paid, Pending, Cancelled). */
export async function listCustomerOrders(
  db: DbOrTx,
  customerId: number,
  q: { status: OrderFilter; page: number; per_page: number },
  now: Date,
) {
  const { rows, total } = await listOrders(db, {
    customerId,
    statuses: FILTER_STATUSES[q.status],
    page: q.page,
    perPage: q.per_page,
  });
  return {
    data: await summaries(db, rows, now),
    meta: {
      page: q.page,
      per_page: q.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}

/**
 * Cancels pending orders whose hold is over and gives their tickets back to sale, in
 * batches; several instances can run it at once (SKIP LOCKED). Answers how many expired.
 * The stock of the whole batch goes back in one UPDATE per counter, last, in the global lock
 * order: an on-sale's hot rows are locked for one round trip, not one per expired order.
 */
export async function expireOrders(db: Db, now: Date, batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await claimExpiredOrders(tx, now, batch, holdCapMs());
    if (!expired.length) return 0;
    const lines = await findLines(
      tx,
      expired.map((o) => o.id),
    );
    for (const o of expired)
      await audit(tx, { actor: 'system', action: 'order.expire', entity: 'order', entityId: o.id });
    for (const eventId of [...new Set(expired.map((o) => o.eventId))].sort((a, b) => a - b)) {
      const ids = new Set(expired.filter((o) => o.eventId === eventId).map((o) => o.id));
      await releaseStock(tx, eventId, claimsOf(lines.filter((l) => ids.has(l.orderId))));
    }
    return expired.length;
  });
}

/** Development: ends a pending order's hold now and runs the expiry (tests, demos). */
export async function expireOrderNow(db: Db, orderId: number, now: Date): Promise<number> {
  await forceExpire(db, orderId, now);
  return expireOrders(db, now);
}

/** Sets how long a pending order holds its tickets (seed: a day-long reference). */
export async function setOrderHold(db: DbOrTx, orderId: number, until: Date): Promise<void> {
  await setOrderExpiry(db, orderId, until);
}
