import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizers } from './catalog';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Back-office users: organisers' team members and Bilheteira's platform operators. Not
 * customers (DESIGN §2b): email + password + a second factor, cookie sessions.
 */
export const staffUsers = pgTable('staff_users', {
  id: serial('id').primaryKey(),
  /** lower-cased */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** base32 TOTP secret once enabled; `totpPendingSecret` while being set up */
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** the last TOTP time step accepted: a code is never accepted twice */
  totpLastStep: integer('totp_last_step'),
  /** 'operator' for Bilheteira staff who approve organisers and see all of them */
  platformRole: text('platform_role'),
  /** active | disabled */
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/** One-time recovery codes (hashed), for a lost authenticator. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/** Cookie sessions (token stored as SHA-256), revocable and listed per user. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** when the second factor was given in this session (null: password only so far) */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/** A user's role preset in an organiser's team (packages/shared/src/backoffice-roles.ts). */
export const organizerMembers = pgTable(
  'organizer_members',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => staffUsers.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizer_members_org_user_idx').on(t.organizerId, t.userId)],
);

/** Invitations to an organiser's team, by email; the link's token is stored as SHA-256. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    organizerId: integer('organizer_id')
      .notNull()
      .references(() => organizers.id),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** the inviting user; null when the platform operator's approval sent it */
    invitedBy: integer('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one open invitation per organiser and email
    uniqueIndex('staff_invitations_open_idx')
      .on(t.organizerId, t.email)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
  ],
);
