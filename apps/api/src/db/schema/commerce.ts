import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { eventSessions, events, ticketTypes } from './catalog';
import { accessCodes, promoCodes } from './pricing';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A cart per visitor (Visitor-Id) or customer, per event. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    visitorId: text('visitor_id'),
    customerId: integer('customer_id').references(() => customers.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('carts_visitor_idx').on(t.visitorId),
    index('carts_customer_idx').on(t.customerId),
    // one cart per owner per event, so two tabs adding at once share it
    uniqueIndex('carts_visitor_event_idx')
      .on(t.visitorId, t.eventId)
      .where(sql`customer_id IS NULL`),
    uniqueIndex('carts_customer_event_idx')
      .on(t.customerId, t.eventId)
      .where(sql`customer_id IS NOT NULL`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    sessionId: integer('session_id').references(() => eventSessions.id),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // "same ticket and same session or event" is one line (spec §4)
    uniqueIndex('cart_items_line_idx').on(t.cartId, t.ticketTypeId, sql`coalesce(session_id, 0)`),
  ],
);

/** Order statuses: pending | processing | paid | cancelled | refunded (+ expired as cancelled). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** public reference shown to the customer */
    reference: text('reference').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    status: text('status').notNull().default('pending'),
    /** the ticket lines after their discount (`discount_cents` is already taken off) */
    subtotalCents: integer('subtotal_cents').notNull(),
    serviceCents: integer('service_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** what the promo code took off the tickets (0 without one); subtotal is after it */
    discountCents: integer('discount_cents').notNull().default(0),
    /** the promo code the order used (one use of it while the order is not cancelled) */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    /** the access code that unlocked hidden ticket types of the order */
    accessCodeId: integer('access_code_id').references(() => accessCodes.id),
    billing: jsonb('billing').$type<Record<string, unknown>>().notNull().default({}),
    receiptEmail: text('receipt_email'),
    idempotencyKey: text('idempotency_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // the back office's orders of an event, newest first (orders.admin.repository.ts)
    index('orders_event_created_idx').on(t.eventId, t.createdAt),
    index('orders_pending_idx').on(t.status, t.expiresAt),
    // an event's orders by status: the live dashboard's paid orders and its change fingerprint
    index('orders_event_status_idx').on(t.eventId, t.status),
    index('orders_promo_code_idx')
      .on(t.promoCodeId, t.customerId)
      .where(sql`promo_code_id IS NOT NULL`),
    check('orders_discount_check', sql`${t.discountCents} >= 0`),
    uniqueIndex('orders_idem_idx').on(t.customerId, t.idempotencyKey),
    // one open pending order per customer per event (a new one replaces it: migration 0013)
    uniqueIndex('orders_one_pending_idx')
      .on(t.customerId, t.eventId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** kind: ticket | topup */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').notNull(),
    ticketTypeId: integer('ticket_type_id').references(() => ticketTypes.id),
    sessionId: integer('session_id').references(() => eventSessions.id),
    qty: integer('qty').notNull(),
    /** what one ticket of the line costs the buyer: the price step in force, less the discount */
    unitCents: integer('unit_cents').notNull(),
    /** the promo discount of one ticket (its announced price is unit_cents + discount_cents) */
    discountCents: integer('discount_cents').notNull().default(0),
    description: text('description').notNull().default(''),
    /** event days (YYYY-MM-DD) whose day stock this line holds: released exactly as taken */
    stockDays: jsonb('stock_days').$type<string[]>().notNull().default([]),
    /** capacity groups (pretix quotas) whose places this line holds: released exactly as taken,
     * whatever the groups' members are later */
    stockGroups: jsonb('stock_groups').$type<number[]>().notNull().default([]),
    /** tickets of the line the back office refunded (order_refunds): their places were given back */
    refundedQty: integer('refunded_qty').notNull().default(0),
    /** what of the line the back office gave back (a top-up line may be refunded in part) */
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_discount_check', sql`${t.discountCents} >= 0`),
    check(
      'order_lines_refunded_check',
      sql`${t.refundedQty} >= 0 AND ${t.refundedQty} <= ${t.qty} AND ${t.refundedCents} >= 0`,
    ),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** sandbox | stripe */
    provider: text('provider').notNull(),
    /** mbway | card | google_pay | apple_pay */
    method: text('method').notNull(),
    providerRef: text('provider_ref').unique(),
    /** pending | requires_action (open) | approved | declined | expired | refund_pending | refunded | refund_failed */
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** set when the attempt is created: past it the expiry job closes an attempt left open */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** the provider's id of the refund (refund_pending → refunded by the refund job) */
    refundRef: text('refund_ref'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** the refund job retries a failed refund from this time (backoff) */
    refundNextAt: timestamp('refund_next_at', { withTimezone: true }),
    /** why the last refund attempt failed, for operators */
    refundError: text('refund_error'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_idx').on(t.status, t.createdAt),
    uniqueIndex('payments_idem_idx').on(t.orderId, t.idempotencyKey),
    // one open attempt per order: a second charge cannot start while one is open
    uniqueIndex('payments_one_open_idx')
      .on(t.orderId)
      .where(sql`status IN ('pending', 'requires_action')`),
    index('payments_refund_due_idx')
      .on(t.refundNextAt)
      .where(sql`status = 'refund_pending'`),
    index('payments_request_memory_idx')
      .on(t.updatedAt)
      .where(sql`meta ? 'request'`),
  ],
);

/** Provider events recorded once: fulfilment happens in the same transaction. */
export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  eventRef: text('event_ref').notNull().unique(),
  paymentId: integer('payment_id').references(() => payments.id),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * Refunds of some or all lines of a paid order decided in the back office
 * (payments/order-line-refund.admin.service.ts), one row per refund: its lines, what it gives
 * back to the original payment method, and the provider's answer. status: pending (decided,
 * the provider not yet answered) | refunded | failed (the provider refused: `error`, retried
 * from the order page). An event's cancellation refunds what is left through the payment
 * itself (payments.status refund_pending → refunded | refund_failed).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** the approved payment refunded (null when nothing was paid: a free order) */
    paymentId: integer('payment_id').references(() => payments.id),
    /** [{ line_id, kind, qty, cents }]: what of each line this refund gave back */
    lines: jsonb('lines').$type<{ line_id: number; kind: string; qty: number; cents: number }[]>().notNull(),
    ticketsCents: integer('tickets_cents').notNull(),
    topupCents: integer('topup_cents').notNull(),
    /** the share of the order's service cost given back with the tickets */
    serviceCents: integer('service_cents').notNull(),
    /** what goes back to the payment method: tickets + top-ups + service */
    amountCents: integer('amount_cents').notNull(),
    /** the tickets cancelled by this refund */
    ticketIds: jsonb('ticket_ids').$type<number[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    provider: text('provider'),
    refundRef: text('refund_ref'),
    attempts: integer('attempts').notNull().default(0),
    /** why the provider refused, for the team */
    error: text('error'),
    /** the team's reason (shown in the order's story, never to the customer) */
    reason: text('reason').notNull().default(''),
    /** staff:<id> */
    actor: text('actor').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    // a repeated request (same key) answers the first refund
    uniqueIndex('order_refunds_idem_idx').on(t.orderId, t.idempotencyKey),
    // the refunds queue's failed ones, and the job's stale pending ones
    index('order_refunds_open_idx')
      .on(t.status, t.createdAt)
      .where(sql`status IN ('pending', 'failed')`),
    check('order_refunds_status_check', sql`${t.status} IN ('pending', 'refunded', 'failed')`),
    check('order_refunds_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Chargebacks: a buyer's bank disputing a payment (Stripe `charge.dispute.*`; the sandbox
 * makes one by a development route). One row per provider dispute, updated as it moves.
 * status: inquiry (no money taken yet) | open (the money was taken back while it is decided)
 * | won (given back to us) | lost | closed (an inquiry that ended). Payouts count open and
 * lost ones.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    provider: text('provider').notNull(),
    disputeRef: text('dispute_ref').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    /** the provider's reason code (fraudulent, product_not_received…) */
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_disputes_payment_idx').on(t.paymentId),
    check('payment_disputes_status_check', sql`${t.status} IN ('inquiry', 'open', 'won', 'lost', 'closed')`),
  ],
);
