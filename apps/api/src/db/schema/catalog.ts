import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Texts of an event in the other languages (pt-PT lives in the columns and is required). */
export type EventTranslations = Partial<
  Record<'en' | 'es', { name?: string; information?: string; terms?: string; venue_name?: string }>
>;
/** Texts of a ticket type in the other languages. */
export type TicketTypeTranslations = Partial<Record<'en' | 'es', { name?: string; description?: string }>>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizers = pgTable('organizers', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  email: text('email').notNull(),
  website: text('website'),
  logoUrl: text('logo_url'),
  /** Portuguese tax number and payout account, given at approval (null for the seeded demo until set) */
  nif: text('nif'),
  iban: text('iban'),
  /** Origins (https://host[:port]) allowed to frame this organiser's mini-sites; see minisite-frames. */
  frameOrigins: text('frame_origins')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    /** About text shown on the event page (spec §3 "information"). */
    information: text('information').notNull().default(''),
    /** en/es texts; the public answers fall back to the pt-PT columns for what is missing */
    translations: jsonb('translations').$type<EventTranslations>().notNull().default({}),
    /** The venue's name ("Coliseu dos Recreios"); `address` is where it is. */
    venueName: text('venue_name').notNull().default(''),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    latitude: text('latitude'),
    longitude: text('longitude'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull().default('Europe/Lisbon'),
    /** published | cancelled | draft */
    status: text('status').notNull().default('published'),
    /** public | private (private: reachable by link, never listed) */
    visibility: text('visibility').notNull().default('public'),
    /**
     * The link of a private event (/events/{link_token}): random and unguessable, set when it
     * is published as private. A private event is reached by it, never by its slug.
     */
    linkToken: text('link_token').unique(),
    isSession: boolean('is_session').notNull().default(false),
    imageUrl: text('image_url'),
    contactEmail: text('contact_email').notNull(),
    terms: text('terms').notNull().default(''),
    /** Service cost percentage in basis points (1% = 100); VAT is added on top. */
    serviceFeeBp: integer('service_fee_bp').notNull().default(0),
    /** VAT rate (percent) charged on the service cost. */
    serviceFeeVatPercent: integer('service_fee_vat_percent').notNull().default(23),
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    /**
     * The organiser's stock display: with this many places left or fewer, the public pages
     * say "últimos bilhetes" instead of the count (0: always the exact count).
     */
    lastTicketsAt: integer('last_tickets_at').notNull().default(50),
    walletEnabled: boolean('wallet_enabled').notNull().default(false),
    /** When tills may start recording (null: WALLET_OPENS_DEFAULT_LEAD_MS before starts_at). */
    walletOpensAt: timestamp('wallet_opens_at', { withTimezone: true }),
    /** How far back a till may upload what it recorded offline. */
    walletOfflineWindowMinutes: integer('wallet_offline_window_minutes').notNull().default(1440),
    onlineTopupEnabled: boolean('online_topup_enabled').notNull().default(false),
    refundsAllowed: boolean('refunds_allowed').notNull().default(false),
    refundOpensAt: timestamp('refund_opens_at', { withTimezone: true }),
    refundClosesAt: timestamp('refund_closes_at', { withTimezone: true }),
    /** Ticket transfers: allowed at all, until how many hours before doors, how many times a ticket. */
    transferAllowed: boolean('transfer_allowed').notNull().default(true),
    /** null: until the doors open */
    transferUntilHours: integer('transfer_until_hours'),
    /** null: no limit */
    transferMaxCount: integer('transfer_max_count'),
    /** Origins (https://host[:port]) allowed to frame this event's mini-site, besides the organiser's. */
    embedOrigins: text('embed_origins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Promoter and partners lists shown on the quick-charge page. */
    promoters: jsonb('promoters').$type<string[]>().notNull().default([]),
    partners: jsonb('partners').$type<string[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt),
    index('events_organizer_idx').on(t.organizerId),
    check('events_wallet_offline_window_check', sql`${t.walletOfflineWindowMinutes} between 1 and 10080`),
    check('events_last_tickets_at_check', sql`${t.lastTicketsAt} >= 0`),
    check('events_service_fee_check', sql`${t.serviceFeeBp} between 0 and 10000`),
    check('events_service_fee_vat_check', sql`${t.serviceFeeVatPercent} between 0 and 23`),
    check(
      'events_transfer_policy_check',
      sql`coalesce(${t.transferUntilHours}, 0) >= 0 and coalesce(${t.transferMaxCount}, 0) >= 0`,
    ),
    check('events_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A dated performance of a session event: date + hour, with an optional capacity. */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** YYYY-MM-DD in the event's time zone */
    date: text('date').notNull(),
    /** HH:MM in the event's time zone */
    hour: text('hour').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity'),
    reserved: integer('reserved').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    /** 'scheduled', or 'cancelled' by the organiser (its change is in event_changes) */
    status: text('status').notNull().default('scheduled'),
  },
  (t) => [
    index('event_sessions_event_idx').on(t.eventId),
    // The database itself refuses oversell (see ticket_types_within_quantity).
    check(
      'event_sessions_within_capacity',
      sql`${t.capacity} IS NULL OR ${t.reserved} + ${t.sold} <= ${t.capacity}`,
    ),
  ],
);

export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translations: jsonb('translations').$type<TicketTypeTranslations>().notNull().default({}),
    priceCents: integer('price_cents').notNull(),
    /** VAT rate (percent) included in the price: 6 mainland, 5 Madeira, 4 Azores for shows. */
    vatPercent: integer('vat_percent').notNull().default(6),
    /** Not shown on the event page (sold by an access code, or held back). */
    hidden: boolean('hidden').notNull().default(false),
    /** Total stock of this type (per session for session events). */
    quantity: integer('quantity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order').notNull().default(10),
    salesStartAt: timestamp('sales_start_at', { withTimezone: true }),
    salesEndAt: timestamp('sales_end_at', { withTimezone: true }),
    /** Days (YYYY-MM-DD) a ticket of this type admits; more than one = multi-day pass. */
    periodDays: jsonb('period_days').$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('ticket_types_event_idx').on(t.eventId),
    // The database itself refuses oversell, whatever the code path: a reservation that
    // would pass the quantity fails the whole statement (checkout relies on it to take
    // all of an order's counters in ONE statement, all or nothing).
    check('ticket_types_within_quantity', sql`${t.reserved} + ${t.sold} <= ${t.quantity}`),
    check('ticket_types_price_check', sql`${t.priceCents} >= 0`),
    check('ticket_types_vat_check', sql`${t.vatPercent} between 0 and 23`),
    check(
      'ticket_types_per_order_check',
      sql`${t.minPerOrder} >= 1 and ${t.maxPerOrder} >= ${t.minPerOrder}`,
    ),
  ],
);

/**
 * Admission capacity of one day of a multi-day event (a festival's site holds so many
 * people a day). A multi-day pass takes one place on each day it covers, a day ticket on
 * its day; days without a row are not limited beyond their ticket types. Checkout moves
 * places reserved → sold with conditional UPDATEs, like ticket types and sessions.
 */
export const eventDayStock = pgTable(
  'event_day_stock',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** YYYY-MM-DD in the event's time zone */
    day: text('day').notNull(),
    capacity: integer('capacity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.day] }),
    // The database itself refuses oversell (see ticket_types_within_quantity).
    check('event_day_stock_within_capacity', sql`${t.reserved} + ${t.sold} <= ${t.capacity}`),
  ],
);
