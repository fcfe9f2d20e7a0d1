import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StationRole } from '@bilheteira/shared/stations';
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
  (t) => [
    uniqueIndex('wallets_customer_event_idx').on(t.customerId, t.eventId),
    // an event's wallets (the dashboard's float, and its ledger through them)
    index('wallets_event_idx').on(t.eventId),
  ],
);

export const bracelets = pgTable(
  'bracelets',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    uid: text('uid').notNull().unique(),
    /** 6-digit code printed under the bracelet's QR */
    code: text('code').notNull().unique(),
    /**
     * SHA-256 of the secret printed inside the bracelet (bracelet-proof.ts), salted with the
     * UID; null when none was printed (then only the NFC UID proves possession).
     */
    secretHash: text('secret_hash'),
    walletId: integer('wallet_id').references(() => wallets.id),
    /** active | blocked */
    status: text('status').notNull().default('active'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** When a customer linked it to their wallet: tills may not charge it for an earlier time. */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // an event's bracelets, newest first (the back office's list and its counts)
  (t) => [index('bracelets_event_idx').on(t.eventId, t.id)],
);

/**
 * An event's ledger added up per type and till, kept by the database: a statement trigger on
 * wallet_transactions (functions/ledger_totals_add.sql, trigger in migration 0045) adds the
 * rows of every insert into the ledger, whatever wrote them, in the same transaction; ledger
 * rows are never updated or deleted. Readers add up an event's rows instead of reading its
 * whole ledger. One row per type, till and writing connection (`shard`, its backend pid), so
 * concurrent writers never wait on one another's row.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    eventId: integer('event_id').notNull(),
    type: text('type').notNull(),
    /** the till (stations.id), 0 when no till recorded the row (online top-up, refund request) */
    stationId: integer('station_id').notNull(),
    shard: integer('shard').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** credited online top-ups (type topup, online_delta_cents > 0) */
    onlineTopupCents: bigint('online_topup_cents', { mode: 'number' }).notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.type, t.stationId, t.shard] })],
);

/** Bars, shops and cash points; key stored hashed. */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** active | disabled (a disabled station's key is refused) */
    status: text('status').notNull().default('active'),
    /** bar | shop | topup | refund_desk: what it may record (packages/shared/src/stations.ts) */
    role: text('role').$type<StationRole>().notNull().default('bar'),
    createdAt: createdAt(),
  },
  (t) => [check('stations_role_check', sql`${t.role} in ('bar', 'shop', 'topup', 'refund_desk')`)],
);

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
    /** free text as a till sent it (its item list); '' when the row is described by a code */
    description: text('description').notNull().default(''),
    /**
     * What the system wrote, as a code rendered in the reader's language
     * (wallet/transaction-description.ts); null on rows written before codes (their text
     * stands) and on a till's own text.
     */
    descriptionCode: text('description_code'),
    descriptionParams: jsonb('description_params').$type<Record<string, string>>(),
    invoice: text('invoice'),
    /** scoped per source: station:<id>:<client id>, order:<id>, refund:<id>… */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_transactions_wallet_idx').on(t.walletId, t.occurredAt),
    // a till's totals over a shift or a day (the back office's end-of-shift report)
    index('wallet_transactions_station_idx').on(t.stationId, t.occurredAt),
  ],
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
    /** Account holder written on the SEPA transfer (the customer's billing or full name). */
    holderName: text('holder_name').notNull().default(''),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** Why it was rejected, as the organiser's team wrote it (emailed to the customer). */
    rejectionReason: text('rejection_reason'),
    /** SEPA message id of the pain.001 export that carried this refund. */
    exportId: text('export_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refund_requests_wallet_idx').on(t.walletId),
    /** One open (requested or approved) request per wallet, enforced by the database. */
    uniqueIndex('refund_requests_one_open_idx')
      .on(t.walletId)
      .where(sql`status in ('requested', 'approved')`),
  ],
);

/**
 * What a station was answered for each client-generated transaction id, so a repeated
 * upload (after a lost reply or an offline period) gets the same answer and never a
 * second ledger row. accepted | rejected (reason: insufficient_funds, bracelet_blocked…).
 */
export const stationSubmissions = pgTable(
  'station_submissions',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    clientId: text('client_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    walletTransactionId: integer('wallet_transaction_id').references(() => walletTransactions.id),
    /** The answer sent the first time (balance after, bracelet code…), repeated verbatim. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('station_submissions_client_idx').on(t.stationId, t.clientId)],
);
