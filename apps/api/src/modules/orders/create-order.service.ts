import { randomInt } from 'node:crypto';
import { ticketsServiceCents } from '@bilheteira/shared/money';
import { perOrderProblems } from '@bilheteira/shared/order-limits';
import { toSessionDate } from '@bilheteira/shared/schemas/carts';
import type { createOrderBody, OrderDetailView } from '@bilheteira/shared/schemas/orders';
import type { Locale } from '@bilheteira/shared/locales';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { hitLimit, rateLimited } from '../../lib/rate-limit';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors';
import { translate } from '../../i18n/messages';
import { cartErrors } from '../carts/carts.errors';
import { mergeCartsAtLogin, sellableEvent, typeOnSale } from '../carts/carts.service';
import { cachedSaleFacts, type SaleFactsCache } from '../carts/sale-facts.cache';
import { findCartContents, type EventRow, type SaleFacts } from '../carts/carts.service';
import { assertOnlineTopUpFits } from '../wallet/wallet-ceiling.service';
import { orderErrors } from './orders.errors';
import { detailView } from './order-view.service';
import { freshFactsOf, shortageError, shortageIn, whichShortage } from './order-shortage';
import {
  findOrderByIdempotencyKey,
  hasPendingOrder,
  insertPendingOrder,
  isOrderRateLimited,
  isPendingOrderRace,
  type Buyer,
  type NewOrderLine,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository';
import { claimsOf, stockShortageKind, type StockClaim } from './stock.repository';
import { applyOrderCodes, type OrderCodes } from './order-codes';
import { codeWriteRefusal } from './order-code-refusal';
import { groupsOfType } from '../carts/capacity-groups';
import { eventServiceFee, ticketPrice } from '../carts/ticket-price';
import './orders.messages';

export type CreateOrderInput = z.output<typeof createOrderBody>;

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Public order reference: 10 characters without look-alikes (I/1, O/0). */
export const newReference = (prefix = 'B') =>
  prefix + Array.from({ length: 9 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');

interface WantedLine {
  ticketTypeId: number;
  sessionId: number | null;
  qty: number;
}

/**
 * Creates a pending order for the customer from their cart (or the given items) and/or a
 * wallet top-up, holding its tickets for `holdMs` (orderHoldMs of the config). Checks the event, sales windows,
 * sessions, min/max per order and stock; reserves atomically. A repeated Idempotency-Key
 * answers the first order. Throws 404 / 422 / 409.
 *
 * Round trips: the sale facts (a direct purchase reads the event's copy of at most one
 * PUBLIC_CACHE_MS, sale-facts.cache.ts; a cart checkout reads the cart with all of them),
 * then ONE statement that writes the order and holds the stock (insertPendingOrder). The
 * buyer was authenticated before (the auth plugin, like every customer route). A new order
 * is answered with its detail built in memory (`detail`); a repeated key answers the stored
 * order (`detail` null: read it with orderDetail).
 */
export async function createOrder(
  db: Db,
  input: CreateOrderArgs,
  now: Date,
): Promise<{ order: OrderRow; created: boolean; detail: OrderDetailView | null }> {
  const { customerId } = input.buyer;
  // The key is looked up only when something fails, so a new order costs no read for it.
  const first = async () =>
    input.idempotencyKey ? await findOrderByIdempotencyKey(db, customerId, input.idempotencyKey) : undefined;
  let order: PreparedOrder;
  try {
    // the per-address count is taken while the order is prepared (no round trip of its own)
    [order] = await Promise.all([prepareOrder(db, input, now), hitIpLimit(db, input.limits, now)]);
  } catch (err) {
    // a repeat answers the first order whatever refuses it now (sold out since, sale over)
    const existing = await first();
    if (existing) return { order: existing, created: false, detail: null };
    throw err;
  }
  try {
    return {
      ...(await writeOrder(
        db,
        order,
        { ...input, promoCode: input.body.promo_code, accessCode: input.body.access_code },
        now,
      )),
      created: true,
    };
  } catch (err) {
    const refusal = isOrderRateLimited(err)
      ? rateLimited(new Date(now.getTime() + 60_000), now)
      : isPendingOrderRace(err)
        ? orderErrors.idempotencyConflict()
        : null;
    // A repeated key fails on the order row, before any stock is touched (a repeat racing
    // the first waits for it on the unique index); a repeat refused for another reason
    // (the rate) also answers the first order.
    if (!input.idempotencyKey || !(refusal || isUniqueViolation(err))) throw refusal ?? err;
    const existing = await first();
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

export interface CreateOrderArgs {
  buyer: Buyer;
  visitorId: string | null;
  body: CreateOrderInput;
  idempotencyKey: string | null;
  locale: Locale;
  /** how long the order holds its tickets (orderHoldMs of the config) */
  holdMs: number;
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
  /** types priced by a step that ends after a number of tickets: the write's guard */
  stepGuards: Record<number, number>;
  /** the codes the order uses */
  codes: OrderCodes;
  /** the cart the lines came from (emptied with the order) */
  cartId: number | null;
  values: OrderValues;
}

/** Reads what the order needs (one round trip) and applies every rule of the checkout. */
async function prepareOrder(db: Db, input: CreateOrderArgs, now: Date): Promise<PreparedOrder> {
  const { body, idempotencyKey } = input;
  const { customerId } = input.buyer;

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
    await mergeCartsAtLogin(db, input.visitorId, customerId, now);
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
  const stepGuards: Record<number, number> = {};
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
    // the price step in force now (price-steps.ts), the same the event page and cart show
    const price = ticketPrice(type, facts.steps, now);
    if (price.guard !== null) stepGuards[type.id] = price.guard;
    lines.push({
      kind: 'ticket',
      ticketTypeId: type.id,
      sessionId: session?.id ?? null,
      qty: w.qty,
      unitCents: price.priceCents,
      description: session ? `${type.name} — ${toSessionDate(session.date)} ${session.hour}` : type.name,
      stockDays: type.periodDays,
      stockGroups: groupsOfType(type.id, facts.groups),
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
    if (fresh && !(await hasPendingOrder(db, customerId, event.id)))
      throw await shortageError(db, fresh, types);
  }
  if (belowMin.length) {
    const items = belowMin.map((b) => translate(input.locale, 'checkout.below_minimum_item', b)).join(', ');
    throw orderErrors.belowMinimum({ items }, { details: { items: belowMin } });
  }
  // hidden types need their access code; a promo code takes its discount off the tickets
  const coded = await applyOrderCodes(
    db,
    {
      event,
      types,
      lines,
      promoCode: body.promo_code,
      accessCode: body.access_code,
      customerId,
      ip: input.limits?.ip ?? null,
    },
    now,
  );
  lines.splice(0, lines.length, ...coded.lines);
  if (body.topup_cents) {
    if (!event.walletEnabled || !event.onlineTopupEnabled) throw orderErrors.topupUnavailable();
    // The tills' wallet ceiling, before anything is paid.
    await assertOnlineTopUpFits(db, customerId, event.id, body.topup_cents);
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
  const subtotal = lines.reduce((n, l) => n + l.unitCents * l.qty, 0);
  // the service cost is on tickets only, never on a wallet top-up
  const service = ticketsServiceCents(
    lines.filter((l) => l.kind === 'ticket'),
    eventServiceFee(event),
  );
  const values: OrderValues = {
    eventId: event.id,
    subtotalCents: subtotal,
    serviceCents: service,
    totalCents: subtotal + service,
    discountCents: coded.codes.discountCents,
    promoCodeId: coded.codes.promoCodeId,
    accessCodeId: coded.codes.accessCodeId,
    billing: body.billing as Record<string, unknown>,
    receiptEmail: body.receipt_email || null,
    idempotencyKey,
    expiresAt: new Date(now.getTime() + input.holdMs),
    createdAt: now,
  };

  return { event, types, sessions, lines, claims, stepGuards, codes: coded.codes, cartId, values };
}

/** Writes the order and holds its stock in one statement; maps a shortage to its 409. */
async function writeOrder(
  db: Db,
  prepared: PreparedOrder,
  {
    buyer,
    limits,
    ...input
  }: Pick<CreateOrderArgs, 'buyer' | 'limits'> & {
    promoCode?: string;
    accessCode?: string;
  },
  now: Date,
): Promise<{ order: OrderRow; detail: OrderDetailView }> {
  const { event, types, sessions, lines, claims, stepGuards, codes, cartId, values } = prepared;
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
        stepGuards,
      });
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
        stockGroups: l.stockGroups ?? [],
        discountCents: l.discountCents ?? 0,
        refundedQty: 0,
        refundedCents: 0,
      }));
      const code = codes.promoCodeId === null ? null : (input.promoCode ?? null);
      return { order, detail: detailView(order, rows, event, sessions, [], [], now, code) };
    } catch (err) {
      const kind = stockShortageKind(err);
      if (kind) throw await shortageError(db, await whichShortage(db, kind, prepared), types);
      const refusal = await codeWriteRefusal(
        db,
        err,
        prepared,
        { promo: input.promoCode ?? '', access: input.accessCode ?? '' },
        now,
      );
      if (refusal) throw refusal;
      // a deadlock fails the whole statement (nothing written), and so does another order
      // of the buyer for the event becoming their pending one meanwhile: try again (this one
      // then replaces it)
      if ((isDeadlock(err) || isPendingOrderRace(err)) && attempt < 5) continue;
      throw err;
    }
  }
}
