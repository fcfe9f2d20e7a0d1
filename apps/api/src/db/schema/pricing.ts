import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events, organizers, ticketTypes } from './catalog';

/*
 * Pricing tools of issue 26 item 4 (tables only; their rules live in the module that sells
 * with them): pre-announced price steps, promo codes, access codes that unlock hidden ticket
 * types, and capacity groups (pretix quotas) shared by several ticket types.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A pre-announced price of a ticket type (early bird → regular → door): the step applies until
 * `ends_at` or until `ends_after_sold` tickets of the type are sold, whichever comes first; a
 * step with neither is the last one. Never opaque demand pricing.
 */
export const ticketPriceSteps = pgTable(
  'ticket_price_steps',
  {
    id: serial('id').primaryKey(),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    label: text('label').notNull(),
    priceCents: integer('price_cents').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endsAfterSold: integer('ends_after_sold'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_price_steps_type_idx').on(t.ticketTypeId),
    check('ticket_price_steps_price_check', sql`${t.priceCents} >= 0`),
    check('ticket_price_steps_sold_check', sql`${t.endsAfterSold} IS NULL OR ${t.endsAfterSold} > 0`),
  ],
);

/**
 * A promo code of an organiser, for one event or all of theirs: a percentage (basis points) or
 * an amount off, on some ticket types (empty: all), within a validity window, with a total and
 * a per-customer limit. `used` never passes `max_uses` (the database refuses it).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    /** null: every event of the organiser */
    eventId: integer('event_id').references(() => events.id),
    /** upper-cased */
    code: text('code').notNull(),
    /** percent | amount */
    kind: text('kind').notNull(),
    /** basis points for percent (1000 = 10 %), cents for amount */
    value: integer('value').notNull(),
    ticketTypeIds: integer('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    perCustomerLimit: integer('per_customer_limit'),
    used: integer('used').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_organizer_code_idx').on(t.organizerId, t.code),
    check('promo_codes_kind_check', sql`${t.kind} in ('percent', 'amount')`),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check('promo_codes_uses_check', sql`${t.maxUses} IS NULL OR ${t.used} <= ${t.maxUses}`),
    check('promo_codes_used_check', sql`${t.used} >= 0`),
  ],
);

/** A code that unlocks hidden ticket types of an event; `used` never passes `max_uses`. */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** upper-cased */
    code: text('code').notNull(),
    ticketTypeIds: integer('ticket_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    used: integer('used').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_codes_event_code_idx').on(t.eventId, t.code),
    check('access_codes_uses_check', sql`${t.maxUses} IS NULL OR ${t.used} <= ${t.maxUses}`),
    check('access_codes_used_check', sql`${t.used} >= 0`),
  ],
);

/**
 * A capacity shared by several ticket types (pretix quota: day passes and 3-day passes sharing
 * a day's capacity). Checkout moves places reserved → sold with conditional UPDATEs, like
 * ticket types; the database refuses oversell.
 */
export const capacityGroups = pgTable(
  'capacity_groups',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('capacity_groups_event_idx').on(t.eventId),
    check('capacity_groups_within_capacity', sql`${t.reserved} + ${t.sold} <= ${t.capacity}`),
  ],
);

export const capacityGroupMembers = pgTable(
  'capacity_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => capacityGroups.id),
    ticketTypeId: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.ticketTypeId] }),
    index('capacity_group_members_type_idx').on(t.ticketTypeId),
  ],
);
