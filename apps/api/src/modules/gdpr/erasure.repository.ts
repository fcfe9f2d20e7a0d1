import { and, eq, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  auditLog,
  cartItems,
  carts,
  contactMessages,
  customerKnownDevices,
  customerSessions,
  customerTickets,
  customers,
  events,
  oneTimeCodes,
  orders,
  outbox,
  rateLimits,
  refundRequests,
  revokedTokens,
  ticketTransfers,
} from '../../db/schema/index';
import { auditActors } from '../../lib/audit';

/**
 * The person being erased, as the rows that belong to them are found: by customer id (and
 * the foreign keys hanging off it), or by an identifier that only they can hold. The mobile
 * is unique among customers and proved by SMS; an email counts only once confirmed, since
 * anyone can type someone else's address into their profile.
 */
export interface ErasedPerson {
  customerId: number;
  mobile: string | null;
  confirmedEmail: string | null;
}

/**
 * delete: the rows exist only because of the person. pseudonymise: the rows stay (fiscal
 * law keeps orders, payments, refunds and the wallet ledger for 10 years; the audit log
 * keeps who did what) with the listed personal columns emptied. keep: the table holds no
 * personal data of a customer, said why.
 */
export interface ErasureStep {
  table: string;
  does: 'delete' | 'pseudonymise' | 'keep';
  /** which rows, in words, for review */
  rows?: string;
  /** pseudonymise: the columns emptied */
  columns?: readonly string[];
  why: string;
  /** answers the number of rows it changed */
  run?: (db: DbOrTx, who: ErasedPerson, now: Date) => Promise<number>;
}

/** Columns of `customers` that erasure leaves as they are: none says who the person was. */
export const CUSTOMER_COLUMNS_KEPT = [
  'id',
  'mobile_country_code',
  'locale',
  'status',
  'erased_at',
  'created_at',
  'updated_at',
] as const;

/** Every other column of `customers`, including any added later: set to its default (NULL, '' or false). */
export const customerColumnsCleared = (): string[] =>
  Object.values(getTableColumns(customers))
    .map((c) => c.name)
    .filter((name) => !(CUSTOMER_COLUMNS_KEPT as readonly string[]).includes(name));

const count = async (rows: Promise<unknown[]>) => (await rows).length;

/** The person's identifiers that key rows of their own (see ErasedPerson). */
const identifiers = (who: ErasedPerson) => [
  ...new Set(
    [who.mobile, who.confirmedEmail, who.confirmedEmail?.toLowerCase()].filter((v): v is string => !!v),
  ),
];

/**
 * What erasure touches, table by table: EVERY table of the schema is listed, and a test
 * fails when one is missing, so a new table gets a decision before it ships. Rows are
 * found by customer id, foreign keys or exact identifier columns; never by matching text
 * anywhere (a billing name of "active" once rewrote every station's status). The steps run
 * in this order inside one transaction.
 */
export const ERASURE_PLAN: readonly ErasureStep[] = [
  {
    table: 'customer_tickets',
    does: 'pseudonymise',
    rows: 'active tickets of the customer for events not yet ended; tickets waiting for their mobile',
    columns: ['state (→ canceled)', 'pending_mobile'],
    why: 'future admissions end with the person; past tickets stay with their order (fiscal) under the erased id',
    async run(db, who, now) {
      const future = db.select({ id: events.id }).from(events).where(gt(events.endsAt, now));
      const cancelled = await db
        .update(customerTickets)
        .set({ state: 'canceled' })
        .where(
          and(
            eq(customerTickets.customerId, who.customerId),
            eq(customerTickets.state, 'active'),
            inArray(customerTickets.eventId, future),
          ),
        )
        .returning({ id: customerTickets.id, token: customerTickets.token });
      if (cancelled.length) {
        await db
          .insert(revokedTokens)
          .values(cancelled.map((t) => ({ token: t.token, ticketId: t.id, reason: 'erasure' })))
          .onConflictDoNothing();
      }
      if (who.mobile) {
        await db
          .update(customerTickets)
          .set({ pendingMobile: null })
          .where(eq(customerTickets.pendingMobile, who.mobile));
      }
      return cancelled.length;
    },
  },
  {
    table: 'revoked_tokens',
    does: 'keep',
    why: 'the customer_tickets step adds the cancelled tokens so offline scanners refuse them; tokens are random',
  },
  {
    table: 'outbox',
    does: 'delete',
    rows: 'messages with customer_id = the customer; older rows without it: meta customer_id, order_id or contactMessageId of theirs, or sent to their mobile or confirmed email',
    why: 'emails and SMS to or about the person (codes, links, receipts with names, their messages to organisers)',
    async run(db, who) {
      const id = String(who.customerId);
      const ids = identifiers(who);
      const legacy = sql.join(
        [
          sql`${outbox.meta} ->> 'customer_id' = ${id}`,
          sql`${outbox.meta} ->> 'order_id' IN (SELECT ${orders.id}::text FROM ${orders} WHERE ${orders.customerId} = ${who.customerId})`,
          sql`${outbox.meta} ->> 'contactMessageId' IN (SELECT ${contactMessages.id}::text FROM ${contactMessages} WHERE ${contactMessages.customerId} = ${who.customerId})`,
          ...(ids.length ? [sql`${outbox.recipient} IN (${sql.join(ids, sql`, `)})`] : []),
        ],
        sql` OR `,
      );
      return count(
        db
          .delete(outbox)
          // a row attributed to another customer is theirs, whatever its recipient
          .where(or(eq(outbox.customerId, who.customerId), and(isNull(outbox.customerId), legacy)))
          .returning({ id: outbox.id }),
      );
    },
  },
  {
    table: 'one_time_codes',
    does: 'delete',
    rows: 'customer_id = the customer; codes for nobody sent to their mobile or confirmed email',
    why: 'activation, reset, email and erasure codes exist only for the person',
    async run(db, who) {
      const ids = identifiers(who);
      return count(
        db
          .delete(oneTimeCodes)
          .where(
            or(
              eq(oneTimeCodes.customerId, who.customerId),
              ids.length
                ? and(isNull(oneTimeCodes.customerId), inArray(oneTimeCodes.target, ids))
                : undefined,
            ),
          )
          .returning({ id: oneTimeCodes.id }),
      );
    },
  },
  {
    table: 'customer_sessions',
    does: 'delete',
    rows: 'customer_id = the customer',
    why: 'every session ends at once',
    run: (db, who) =>
      count(
        db
          .delete(customerSessions)
          .where(eq(customerSessions.customerId, who.customerId))
          .returning({ id: customerSessions.id }),
      ),
  },
  {
    table: 'customer_known_devices',
    does: 'delete',
    rows: 'customer_id = the customer',
    why: 'hashes of the browsers and IP addresses the person logged in from',
    run: (db, who) =>
      count(
        db
          .delete(customerKnownDevices)
          .where(eq(customerKnownDevices.customerId, who.customerId))
          .returning({ id: customerKnownDevices.customerId }),
      ),
  },
  {
    table: 'cart_items',
    does: 'delete',
    rows: 'lines of the carts of the customer',
    why: 'an unbought cart is no record anyone must keep',
    run: (db, who) =>
      count(
        db
          .delete(cartItems)
          .where(
            inArray(
              cartItems.cartId,
              db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, who.customerId)),
            ),
          )
          .returning({ id: cartItems.id }),
      ),
  },
  {
    table: 'carts',
    does: 'delete',
    rows: 'customer_id = the customer',
    why: 'as cart_items',
    run: (db, who) =>
      count(db.delete(carts).where(eq(carts.customerId, who.customerId)).returning({ id: carts.id })),
  },
  {
    table: 'contact_messages',
    does: 'delete',
    rows: 'customer_id = the customer; messages by nobody signed with their confirmed email',
    why: 'what the person wrote to support or an organiser, with their name and email',
    async run(db, who) {
      return count(
        db
          .delete(contactMessages)
          .where(
            or(
              eq(contactMessages.customerId, who.customerId),
              who.confirmedEmail
                ? and(
                    isNull(contactMessages.customerId),
                    sql`lower(${contactMessages.email}) = ${who.confirmedEmail.toLowerCase()}`,
                  )
                : undefined,
            ),
          )
          .returning({ id: contactMessages.id }),
      );
    },
  },
  {
    table: 'rate_limits',
    does: 'delete',
    rows: 'counters whose key ends in :customer:<id>, :<mobile> or :<confirmed email> (the key conventions of hitLimit)',
    why: 'the keys carry the mobile or email; the counters mean nothing once the account is gone',
    async run(db, who) {
      const suffixes = [`:customer:${who.customerId}`, ...identifiers(who).map((v) => `:${v}`)];
      return count(
        db
          .delete(rateLimits)
          .where(or(...suffixes.map((s) => sql`right(${rateLimits.key}, ${s.length}) = ${s}`)))
          .returning({ key: rateLimits.key }),
      );
    },
  },
  {
    table: 'orders',
    does: 'pseudonymise',
    rows: 'customer_id = the customer',
    columns: ['billing (→ {"anonymised": true})', 'receipt_email'],
    why: 'invoices and sales are kept 10 years (fiscal law); the billing snapshot names the person',
    run: (db, who) =>
      count(
        db
          .update(orders)
          .set({ billing: { anonymised: true }, receiptEmail: null })
          .where(eq(orders.customerId, who.customerId))
          .returning({ id: orders.id }),
      ),
  },
  {
    table: 'order_lines',
    does: 'keep',
    why: 'ticket type, quantity and price of a kept order; no personal data',
  },
  {
    table: 'payments',
    does: 'keep',
    why: 'fiscal record of the order; meta holds provider refs and a masked display (MB WAY •••678), no personal field',
  },
  { table: 'payment_events', does: 'keep', why: 'provider event ids; no personal data' },
  {
    table: 'refund_requests',
    does: 'pseudonymise',
    rows: 'customer_id = the customer',
    columns: ['iban', 'holder_name'],
    why: 'a paid refund is a money movement kept 10 years; the account and holder identify the person',
    run: (db, who) =>
      count(
        db
          .update(refundRequests)
          .set({ iban: '', holderName: '' })
          .where(eq(refundRequests.customerId, who.customerId))
          .returning({ id: refundRequests.id }),
      ),
  },
  {
    table: 'wallets',
    does: 'keep',
    why: 'balance and ledger of the erased id (fiscal); no personal column',
  },
  {
    table: 'wallet_transactions',
    does: 'keep',
    why: 'append-only ledger kept 10 years; descriptions carry a masked IBAN or a bracelet code, never a name',
  },
  {
    table: 'bracelets',
    does: 'keep',
    why: 'a device (UID, printed code) linked to a wallet, not to a person',
  },
  {
    table: 'ticket_transfers',
    does: 'pseudonymise',
    rows: 'transfers sent to the mobile of the customer',
    columns: ['to_mobile'],
    why: 'the ticket history stays (its old token was revoked); whom it went to is personal. Transfers the person sent name the recipient, who is someone else, and stay',
    async run(db, who) {
      if (!who.mobile) return 0;
      return count(
        db
          .update(ticketTransfers)
          .set({ toMobile: '' })
          .where(eq(ticketTransfers.toMobile, who.mobile))
          .returning({ id: ticketTransfers.id }),
      );
    },
  },
  {
    table: 'audit_log',
    does: 'pseudonymise',
    rows: 'rows about the customer or by them; ticket transfers to them',
    columns: ['data.ip', 'data.to'],
    why: 'who did what stays, under the erased id; the IP address and the recipient mobile are personal',
    async run(db, who) {
      const id = String(who.customerId);
      const byOrAbout = await queryRows<{ id: number }>(
        db,
        sql`UPDATE ${auditLog} SET data = data - 'ip'
            WHERE data ? 'ip'
              AND ((${auditLog.entity} = 'customer' AND ${auditLog.entityId} = ${id})
                   OR ${auditLog.actor} = ${auditActors.customer(who.customerId)})
            RETURNING id`,
      );
      const transfers = await queryRows<{ id: number }>(
        db,
        sql`UPDATE ${auditLog} SET data = data - 'to'
            WHERE ${auditLog.action} = 'ticket.transfer' AND data ? 'to'
              AND (data ->> 'toCustomerId' = ${id}
                   ${who.mobile ? sql`OR data ->> 'to' = ${who.mobile}` : sql``})
            RETURNING id`,
      );
      return byOrAbout.length + transfers.length;
    },
  },
  {
    table: 'customers',
    does: 'pseudonymise',
    rows: 'the customer',
    columns: ['every column but CUSTOMER_COLUMNS_KEPT (→ its default: NULL, empty or false)'],
    why: 'the row stays (orders, wallets and tickets point at it) as status erased, holding nothing about the person; a column added later is cleared unless someone decides to keep it',
    async run(db, who, now) {
      const cleared = customerColumnsCleared().map((name) => sql`${sql.identifier(name)} = DEFAULT`);
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE ${customers}
            SET ${sql.join(cleared, sql`, `)}, status = 'erased', erased_at = ${now.toISOString()},
                updated_at = ${now.toISOString()}
            WHERE id = ${who.customerId}
            RETURNING id`,
      );
      return rows.length;
    },
  },
  {
    table: 'organizer_requests',
    does: 'keep',
    why: 'an organiser applicant is not a customer account and is not linked to one; their own erasure goes through support',
  },
  { table: 'organizers', does: 'keep', why: 'organisers, not customers' },
  { table: 'events', does: 'keep', why: 'catalogue' },
  { table: 'event_sessions', does: 'keep', why: 'catalogue and stock counters' },
  { table: 'ticket_types', does: 'keep', why: 'catalogue and stock counters' },
  { table: 'event_day_stock', does: 'keep', why: 'stock counters' },
  { table: 'event_signing_keys', does: 'keep', why: 'event keys' },
  { table: 'checkin_devices', does: 'keep', why: 'door devices of an event' },
  { table: 'checkins', does: 'keep', why: 'admissions by ticket id; no personal data' },
  { table: 'checkin_scans', does: 'keep', why: 'scan log by device, nonce and token hash; no personal data' },
  { table: 'stations', does: 'keep', why: 'bars and top-up points of an event' },
  {
    table: 'station_submissions',
    does: 'keep',
    why: 'till answers (amounts, bracelet code); no personal data',
  },
];

/**
 * Runs every step of ERASURE_PLAN in order, in the caller's transaction (which holds the
 * customer row locked). Answers the rows changed per table.
 */
export async function runErasurePlan(
  db: DbOrTx,
  who: ErasedPerson,
  now: Date,
): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  for (const step of ERASURE_PLAN) {
    if (step.run) changed[step.table] = await step.run(db, who, now);
  }
  return changed;
}
