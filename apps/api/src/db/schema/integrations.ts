import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizers } from './catalog';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** An organiser's API keys for the integration API (/api/v1); the key is stored as SHA-256. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    name: text('name').notNull(),
    /** orders:read | checkins:read | events:read (packages/shared backoffice-integrations.ts) */
    scopes: text('scopes').array().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** the key's first characters, shown in the list to tell keys apart */
    keyPrefix: text('key_prefix').notNull(),
    /** the staff user who made it */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    /** written at most once a minute per key */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_organizer_idx').on(t.organizerId)],
);

/** Where an organiser's webhook events go, signed with the endpoint's secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    url: text('url').notNull(),
    /** the event types it receives */
    events: text('events').array().notNull(),
    /** HMAC-SHA256 key of the signatures: kept in clear, the signer needs it */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_organizer_idx').on(t.organizerId)],
);

/**
 * One event for webhooks, made once from its source row (a check-in, a ledger row, a transfer,
 * an order's paid or refunded audit entry): (type, source_id) is unique, so the dispatcher can
 * read a row again without making a second event. `body` is the exact JSON every delivery sends.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    organizerId: integer('organizer_id').notNull(),
    type: text('type').notNull(),
    sourceId: integer('source_id').notNull(),
    body: text('body').notNull(),
    /** when the source row was written */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webhook_events_source_idx').on(t.type, t.sourceId)],
);

/**
 * One event to one endpoint: unique per (endpoint, event), so an event is delivered at most
 * once per endpoint however often it is dispatched, retried or replayed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    /** attempts of the current series (a replay starts a new one) */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** while a worker is sending it: no other worker takes it before this time */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    // an endpoint's delivery log, newest first
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

/** How far the dispatcher has read each source table (every id up to `last_id` is settled). */
export const webhookCursors = pgTable('webhook_cursors', {
  source: text('source').primaryKey(),
  lastId: integer('last_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
