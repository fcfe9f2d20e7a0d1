import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Emails and SMS to send, drained by workers with FOR UPDATE SKIP LOCKED. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    /** email | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    /** The customer the message is to or about: erasure finds their messages by this, never by text. */
    customerId: integer('customer_id'),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    /** codes and links, for the dev outbox page and tests */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** the organiser's message to holders this row is one email of (event_broadcasts) */
    broadcastId: integer('broadcast_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.status, t.runAt),
    // a message's delivery counts
    index('outbox_broadcast_idx')
      .on(t.broadcastId, t.status)
      .where(sql`broadcast_id IS NOT NULL`),
    index('outbox_customer_idx')
      .on(t.customerId)
      .where(sql`customer_id IS NOT NULL`),
  ],
);

/** Fixed-window counters shared by every instance (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Who did what: money, admission, identity and support actions. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** the organiser whose back office the action was taken in (lib/audit.ts), else null */
    organizerId: integer('organizer_id'),
    /** the event the action was about, when the back-office route or the entry names one */
    eventId: integer('event_id'),
    /** the back-office session that acted (staff_sessions: its IP and browser) */
    staffSessionId: integer('staff_session_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // the activity log: an organiser's entries (or an event's), newest first by id
    index('audit_log_organizer_idx')
      .on(t.organizerId, t.id)
      .where(sql`organizer_id IS NOT NULL`),
    index('audit_log_event_idx')
      .on(t.eventId, t.id)
      .where(sql`event_id IS NOT NULL`),
  ],
);

/** Organiser account requests (spec §3). */
export const organizerRequests = pgTable('organizer_requests', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  nameCompany: text('name_company').notNull(),
  email: text('email').notNull().unique(),
  mobile: text('mobile').notNull(),
  countryCallCode: text('country_call_code').notNull().default('351'),
  passwordHash: text('password_hash').notNull(),
  description: text('description').notNull(),
  lang: text('lang').notNull().default('pt-pt'),
  /** pending | approved | rejected (by a platform operator) */
  status: text('status').notNull().default('pending'),
  decidedBy: integer('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionReason: text('decision_reason'),
  /** the organiser the approval created */
  organizerId: integer('organizer_id'),
  createdAt: createdAt(),
});

/** Contact form and "send message to the organiser" messages. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  /** support | organizer */
  kind: text('kind').notNull().default('support'),
  customerId: integer('customer_id'),
  eventId: integer('event_id'),
  name: text('name').notNull(),
  company: text('company'),
  email: text('email'),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
