import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { events } from './catalog';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One wallet per customer per event (customer may be null for an anonymous bracelet). */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /**
     * Cached sum of the ledger, updated in the same transaction as each ledger row under a
     * conditional UPDATE (balance + delta >= 0): a test checks it always equals the sum.
     */
    balanceCents: integer('balance_cents').notNull().default(0),
    /** Part of the balance that came from online top-ups (the only refundable part). */
    onlineCents: integer('online_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wallets_customer_event_idx').on(t.customerId, t.eventId)],
);

export const bracelets = pgTable('bracelets', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  uid: text('uid').notNull().unique(),
  /** 6-digit code printed under the bracelet's QR */
  code: text('code').notNull().unique(),
  walletId: integer('wallet_id').references(() => wallets.id),
  /** active | blocked */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/** Bars, shops and cash points; key stored hashed. */
export const stations = pgTable('stations', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: createdAt(),
});

/** Append-only ledger. type: consumption | topup | refund | fee | transfer */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: serial('id').primaryKey(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    type: text('type').notNull(),
    /** signed cents: credits positive, debits negative */
    amountCents: integer('amount_cents').notNull(),
    /** signed change of the online (refundable) part */
    onlineDeltaCents: integer('online_delta_cents').notNull().default(0),
    stationId: integer('station_id').references(() => stations.id),
    braceletId: integer('bracelet_id').references(() => bracelets.id),
    description: text('description').notNull().default(''),
    invoice: text('invoice'),
    /** scoped per source: station:<id>:<client id>, order:<id>, refund:<id>… */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_transactions_wallet_idx').on(t.walletId, t.occurredAt)],
);

/** requested | approved | paid | rejected */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    customerId: integer('customer_id').references(() => customers.id),
    iban: text('iban').notNull(),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    status: text('status').notNull().default('requested'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refund_requests_wallet_idx').on(t.walletId)],
);
