import { randomInt } from 'node:crypto';
import { serviceCostCents } from '@bilheteira/shared/money';
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
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { translate } from '../../i18n/messages';
import type { Locale } from '@bilheteira/shared/locales';
import {
  availablePlaces,
  findCart,
  findItems,
  loadSellableEvent,
  mergeCartsAtLogin,
  typeOnSale,
} from '../carts/carts.service';
import { clearCart, findDayStock, findSessionsByIds, findTicketTypesByIds } from '../carts/carts.repository';
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
  insertLines,
  insertOrder,
  listOrders,
  setOrderExpiry,
  type OrderLineRow,
  type OrderRow,
  type PaymentRow,
} from './orders.repository';
import { releaseStock, reserveStock, type StockClaim, type StockShortage } from './stock.repository';
import './orders.messages';

export type CreateOrderInput = z.output<typeof createOrderBody>;

/** How long a pending order holds its tickets (ORDER_HOLD_MINUTES, default 15). */
export function orderHoldMs(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.ORDER_HOLD_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000;
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Public order reference: 10 characters without look-alikes (I/1, O/0). */
export const newReference = (prefix = 'B') =>
  prefix + Array.from({ length: 9 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');

/** Stock claims of an order's ticket lines (what was reserved, released exactly so). */
export const claimsOf = (lines: OrderLineRow[]): StockClaim[] =>
  lines
    .filter((l) => l.kind === 'ticket' && l.ticketTypeId !== null)
    .map((l) => ({ ticketTypeId: l.ticketTypeId!, sessionId: l.sessionId, qty: l.qty, days: l.stockDays }));

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

interface WantedLine {
  ticketTypeId: number;
  sessionId: number | null;
  qty: number;
}

/**
 * Creates a pending order for the customer from their cart (or the given items) and/or a
 * wallet top-up, holding its tickets for orderHoldMs(). Checks the event, sales windows,
 * sessions, min/max per order and stock; reserves atomically. A repeated Idempotency-Key
 * answers the first order. Throws 404 / 409 / 422.
 */
export async function createOrder(
  db: Db,
  input: {
    customerId: number;
    visitorId: string | null;
    body: CreateOrderInput;
    idempotencyKey: string | null;
    locale: Locale;
    actor: string;
  },
  now: Date,
): Promise<{ order: OrderRow; created: boolean }> {
  const { body, customerId, idempotencyKey } = input;
  if (idempotencyKey) {
    const existing = await findOrderByIdempotencyKey(db, customerId, idempotencyKey);
    if (existing) return { order: existing, created: false };
  }
  const event = await loadSellableEvent(db, body.event_id, now);

  // The lines wanted: explicit items, else the customer's cart for this event.
  let wanted: WantedLine[] = [];
  let cartId: number | null = null;
  if (body.items?.length) {
    wanted = body.items.map((i) => ({
      ticketTypeId: i.ticket_id,
      sessionId: i.session_id ?? null,
      qty: i.qty,
    }));
  } else if (body.include_cart) {
    await mergeCartsAtLogin(db, input.visitorId, customerId);
    const cart = await findCart(db, { customerId }, event.id);
    if (cart) {
      cartId = cart.id;
      wanted = (await findItems(db, cart.id)).map((i) => ({
        ticketTypeId: i.ticketTypeId,
        sessionId: i.sessionId,
        qty: i.qty,
      }));
    }
  }
  if (!wanted.length && !body.topup_cents) throw new AppError(422, 'cart_empty', 'checkout.empty');

  const types = await findTicketTypesByIds(db, [...new Set(wanted.map((w) => w.ticketTypeId))]);
  const sessions = await findSessionsByIds(db, [
    ...new Set(wanted.map((w) => w.sessionId).filter((s): s is number => s !== null)),
  ]);
  const days = await findDayStock(db, event.id, [...new Set(types.flatMap((t) => t.periodDays))]);
  const lines: (typeof import('../../db/schema/index').orderLines.$inferInsert)[] = [];
  const belowMin: { name: string; min: number; ticket_id: number }[] = [];
  for (const w of wanted) {
    const type = types.find((t) => t.id === w.ticketTypeId);
    if (!type || type.eventId !== event.id)
      throw new AppError(404, 'ticket_not_found', 'cart.ticket_not_found');
    const params = { name: type.name, max: type.maxPerOrder };
    if (!typeOnSale(event, type, now))
      throw new AppError(422, 'ticket_not_on_sale', 'cart.ticket_not_on_sale', params);
    const session = w.sessionId === null ? null : sessions.find((s) => s.id === w.sessionId);
    if (event.isSession && !session) throw new AppError(422, 'session_required', 'cart.session_required');
    if (session && session.eventId !== event.id)
      throw new AppError(404, 'session_not_found', 'cart.session_not_found');
    if (session && session.startsAt <= now) throw new AppError(422, 'session_past', 'cart.session_past');
    if (w.qty > type.maxPerOrder) throw new AppError(422, 'above_maximum', 'cart.above_maximum', params);
    if (w.qty < type.minPerOrder)
      belowMin.push({ name: type.name, min: type.minPerOrder, ticket_id: type.id });
    // Cheap early answer without locking; reserveStock below is the one that counts.
    if (w.qty > availablePlaces(type, session ?? null, days)) {
      const tight = days.find(
        (d) => type.periodDays.includes(d.day) && d.capacity - d.reserved - d.sold < w.qty,
      );
      const shortage: StockShortage =
        type.quantity - type.reserved - type.sold < w.qty
          ? { kind: 'type', ticketTypeId: type.id }
          : session && session.capacity !== null && session.capacity - session.reserved - session.sold < w.qty
            ? { kind: 'session', sessionId: session.id }
            : { kind: 'day', day: tight?.day ?? '' };
      throw await shortageError(db, shortage, types);
    }
    lines.push({
      orderId: 0,
      kind: 'ticket',
      ticketTypeId: type.id,
      sessionId: session?.id ?? null,
      qty: w.qty,
      unitCents: type.priceCents,
      description: session ? `${type.name} — ${toSessionDate(session.date)} ${session.hour}` : type.name,
      stockDays: type.periodDays,
    });
  }
  if (belowMin.length) {
    const items = belowMin.map((b) => translate(input.locale, 'checkout.below_minimum_item', b)).join(', ');
    throw new AppError(422, 'below_minimum', 'checkout.below_minimum', { items }, {}, { items: belowMin });
  }
  if (body.topup_cents) {
    if (!event.walletEnabled || !event.onlineTopupEnabled)
      throw new AppError(422, 'topup_unavailable', 'checkout.topup_unavailable');
    lines.push({
      orderId: 0,
      kind: 'topup',
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
  const billing = body.billing;

  try {
    const order = await db.transaction(async (tx) => {
      const row = await insertOrder(tx, {
        reference: newReference(),
        customerId,
        eventId: event.id,
        status: 'pending',
        subtotalCents: subtotal,
        serviceCents: service,
        totalCents: subtotal + service,
        billing,
        receiptEmail: body.receipt_email || null,
        idempotencyKey,
        expiresAt: new Date(now.getTime() + orderHoldMs()),
        createdAt: now,
      });
      await insertLines(
        tx,
        lines.map((l) => ({ ...l, orderId: row.id })),
      );
      // Stock last: the hot rows stay locked for the shortest time before commit.
      const shortage = await reserveStock(tx, event.id, claimsOf(lines as OrderLineRow[]));
      if (shortage) throw await shortageError(tx, shortage, types);
      if (cartId) await clearCart(tx, cartId);
      await audit(tx, {
        actor: input.actor,
        action: 'order.create',
        entity: 'order',
        entityId: row.id,
        data: { total_cents: row.totalCents, lines: lines.length },
      });
      return row;
    });
    return { order, created: true };
  } catch (err) {
    if (idempotencyKey && isUniqueViolation(err)) {
      const existing = await findOrderByIdempotencyKey(db, customerId, idempotencyKey);
      if (existing) return { order: existing, created: false };
      throw new AppError(409, 'idempotency_conflict', 'order.idempotency_conflict');
    }
    throw err;
  }
}

async function shortageError(
  tx: DbOrTx,
  s: StockShortage,
  types: { id: number; name: string }[],
): Promise<AppError> {
  if (s.kind === 'type') {
    const name = types.find((t) => t.id === s.ticketTypeId)?.name ?? '';
    return new AppError(409, 'sold_out', 'checkout.sold_out', { name }, {}, { ticket_id: s.ticketTypeId });
  }
  if (s.kind === 'session') {
    const [session] = await findSessionsByIds(tx, [s.sessionId]);
    return new AppError(
      409,
      'session_full',
      'checkout.session_full',
      { date: session ? toSessionDate(session.date) : '', hour: session?.hour ?? '' },
      {},
      { session_id: s.sessionId },
    );
  }
  return new AppError(
    409,
    'day_full',
    'checkout.day_full',
    { date: toSessionDate(s.day) },
    {},
    { day: s.day },
  );
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

async function summaries(db: DbOrTx, rows: OrderRow[], now: Date): Promise<OrderSummaryView[]> {
  const [lines, evs] = await Promise.all([
    findLines(
      db,
      rows.map((r) => r.id),
    ),
    findEventsByIds(db, [...new Set(rows.map((r) => r.eventId))]),
  ]);
  return rows.map((o) => {
    const e = evs.find((x) => x.id === o.eventId);
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
  });
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
      (['pending', 'requires_action', 'approved', 'declined', 'expired', 'refund_pending'] as const).find(
        (s) => s === p.status,
      ) ?? 'pending',
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
  if (!order) throw new AppError(404, 'order_not_found', 'order.not_found');
  return orderDetail(db, order, now);
}

export async function orderDetail(db: DbOrTx, order: OrderRow, now: Date): Promise<OrderDetailView> {
  const [[summary], lines, pays, ticketIds] = await Promise.all([
    summaries(db, [order], now),
    findLines(db, [order.id]),
    findPaymentsOfOrder(db, order.id),
    findTicketIdsOfOrder(db, order.id),
  ]);
  const sessions = await findSessionsForLines(db, [
    ...new Set(lines.map((l) => l.sessionId).filter((s): s is number => s !== null)),
  ]);
  const b = order.billing as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...summary!,
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
 */
export async function expireOrders(db: Db, now: Date, batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await claimExpiredOrders(tx, now, batch);
    if (!expired.length) return 0;
    const lines = await findLines(
      tx,
      expired.map((o) => o.id),
    );
    for (const o of expired) {
      await releaseStock(tx, o.eventId, claimsOf(lines.filter((l) => l.orderId === o.id)));
      await audit(tx, { actor: 'system', action: 'order.expire', entity: 'order', entityId: o.id });
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
