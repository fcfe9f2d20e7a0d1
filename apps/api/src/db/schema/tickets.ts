import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { eventSessions, events, ticketTypes } from './catalog';
import { orders } from './commerce';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A ticket a customer holds. The token (QR content) is unguessable and replaced on transfer. */
export const customerTickets = pgTable(
  'customer_tickets',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    /** null while a transfer waits for the recipient to register */
    customerId: integer('customer_id').references(() => customers.id),
    /** E.164 mobile of a pending transfer recipient without an account yet */
    pendingMobile: text('pending_mobile'),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    sessionId: integer('session_id').references(() => eventSessions.id),
    orderId: integer('order_id').references(() => orders.id),
    /** active | canceled */
    state: text('state').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_tickets_customer_idx').on(t.customerId, t.eventId),
    index('customer_tickets_pending_mobile_idx').on(t.pendingMobile),
    // an event's tickets (the dashboard reaches the event's check-ins through them), in id
    // order: the back office's attendee list and its exports walk it by keyset
    index('customer_tickets_event_idx').on(t.eventId, t.id),
    // the attendee list filtered by ticket type, and by session
    index('customer_tickets_event_type_idx').on(t.eventId, t.ticketTypeId, t.id),
    index('customer_tickets_session_idx').on(t.sessionId, t.id),
    // an order's tickets (fulfilment's once-only check, the back office's order story)
    index('customer_tickets_order_idx').on(t.orderId),
  ],
);

/** Tokens that stopped working (transfer or cancel): the offline revocation list. */
export const revokedTokens = pgTable('revoked_tokens', {
  token: text('token').primaryKey(),
  ticketId: integer('ticket_id')
    .notNull()
    .references(() => customerTickets.id),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => customerTickets.id),
    /** event-local day (YYYY-MM-DD) the check-in counts for */
    day: text('day').notNull(),
    deviceId: integer('device_id'),
    nonce: text('nonce').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** true when a scanner verified the token offline and uploaded the check-in later */
    offline: boolean('offline').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkins_ticket_day_idx').on(t.ticketId, t.day),
    index('checkins_nonce_idx').on(t.nonce),
  ],
);

/** Ownership changes, shown in the ticket's history. */
export const ticketTransfers = pgTable(
  'ticket_transfers',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => customerTickets.id),
    fromCustomerId: integer('from_customer_id').references(() => customers.id),
    toMobile: text('to_mobile').notNull(),
    oldToken: text('old_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_transfers_ticket_idx').on(t.ticketId)],
);

/**
 * Check-in lists: which ticket types, sessions and days a device on the list admits, at
 * which gate or zone (an empty array admits all). A device without a list admits every
 * valid ticket of its event.
 */
export const checkinLists = pgTable(
  'checkin_lists',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    gate: text('gate').notNull(),
    ticketTypeIds: integer('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    sessionIds: integer('session_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /** event-local admission days (YYYY-MM-DD) */
    days: text('days')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [index('checkin_lists_event_idx').on(t.eventId)],
);

/** Door devices with a per-event key (stored hashed). */
export const checkinDevices = pgTable('checkin_devices', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  name: text('name').notNull(),
  /** the check-in list it admits by; null: every valid ticket of the event */
  listId: integer('list_id').references(() => checkinLists.id),
  keyHash: text('key_hash').notNull().unique(),
  /** when the back office revoked it: its key was replaced by one nobody holds */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Per-event Ed25519 key pair that signs ticket tokens (QR payloads) for offline checks. */
export const eventSigningKeys = pgTable('event_signing_keys', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  /** raw 32-byte public key, base64url */
  publicKey: text('public_key').notNull(),
  /** PKCS#8 DER private key, base64url */
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * Every scan a door device sent, keyed by its nonce: a retried nonce answers the stored
 * result instead of scanning again (idempotent admission).
 */
export const checkinScans = pgTable(
  'checkin_scans',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => checkinDevices.id),
    nonce: text('nonce').notNull(),
    /** SHA-256 of the scanned text: a reused nonce with another token is refused */
    tokenHash: text('token_hash').notNull(),
    ticketId: integer('ticket_id').references(() => customerTickets.id),
    /** ok | already_used | not_valid_today | wrong_event | canceled | revoked | unknown | pending */
    result: text('result').notNull().default('pending'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkin_scans_device_nonce_idx').on(t.deviceId, t.nonce),
    // the back office's scan log: a device's scans, newest first
    index('checkin_scans_device_time_idx').on(t.deviceId, t.scannedAt),
  ],
);
