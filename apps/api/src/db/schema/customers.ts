import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** where every message goes; only ever an address its owner confirmed or registered with */
    email: text('email'),
    /** a new email waiting for its confirmation link (issue 23 item 7); null when none */
    pendingEmail: text('pending_email'),
    /** E.164 (+351912345678): the customer's identity; null once erased. */
    mobile: text('mobile').unique(),
    mobileCountryCode: text('mobile_country_code').notNull().default('351'),
    birthday: date('birthday'),
    /** male | female | other */
    gender: text('gender'),
    nameBilling: text('name_billing'),
    documentBilling: text('document_billing'),
    postalCode: text('postal_code'),
    iban: text('iban'),
    passwordHash: text('password_hash'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    invoiceByEmail: boolean('invoice_by_email').notNull().default(false),
    locale: text('locale').notNull().default('pt-pt'),
    /** pending (mobile not proved) | active | erased */
    status: text('status').notNull().default('pending'),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One active account per email, whatever its case (issue 23).
  (t) => [
    uniqueIndex('customers_email_active_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`status = 'active'`),
    // the back office's order search by the start of a buyer's name or surname (LIKE 'ana s%')
    index('customers_name_prefix_idx').on(
      sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`,
    ),
    index('customers_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revocable and expiring. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Support operator id when the session is an impersonation (read-mostly, audited). */
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/** One-time codes and links (SMS activation, email confirm, reset, forget-data), hashed. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    /** the mobile or email the code was sent to */
    target: text('target').notNull(),
    /** sms_activation | email_confirm | password_reset | forget_data | mobile_change | impersonation */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_target_idx').on(t.target, t.purpose)],
);

/**
 * Devices that logged in to an account: SHA-256 of "visitor:<Visitor-Id>" or "ip:<address>".
 * Their correct password still works while failures from elsewhere slow the account down.
 */
export const customerKnownDevices = pgTable(
  'customer_known_devices',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    deviceHash: text('device_hash').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.deviceHash] })],
);
