import { eq, getTableColumns, or, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  auditLog,
  customers,
  orders,
  rateLimits,
  refundRequests,
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

export const count = async (rows: Promise<unknown[]>) => (await rows).length;

/** The person's identifiers that key rows of their own (see ErasedPerson). */
export const identifiers = (who: ErasedPerson) => [
  ...new Set(
    [who.mobile, who.confirmedEmail, who.confirmedEmail?.toLowerCase()].filter((v): v is string => !!v),
  ),
];

/** The later steps of ERASURE_PLAN (erasure.repository.ts), from rate_limits on, in order. */
export const LATER_ERASURE_STEPS: readonly ErasureStep[] = [
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
    table: 'payment_disputes',
    does: 'keep',
    why: "a bank's dispute of a kept order's payment (provider ref, amount, status, reason code); no personal data",
  },
  {
    table: 'order_refunds',
    does: 'keep',
    why: "a refund of a kept order's lines (amounts, the provider's refund id, the team's reason about the order): a money movement kept 10 years, no customer field",
  },
  {
    table: 'webhook_events',
    does: 'pseudonymise',
    rows: "events made from the customer's orders, check-ins, wallet rows and tickets' transfers",
    columns: ['body (its data → {"erased": true})'],
    why: "the organiser's endpoints got them when they happened; our copy, kept for replays, names the buyer",
    run: async (db, who) =>
      (
        await queryRows(
          db,
          sql`UPDATE webhook_events e SET body = jsonb_set(e.body::jsonb, '{data}', '{"erased": true}')::text
              WHERE (e.type IN ('order.paid', 'order.refunded') AND e.source_id IN (
                  SELECT a.id FROM audit_log a JOIN orders o ON a.entity = 'order' AND a.entity_id = o.id::text
                  WHERE o.customer_id = ${who.customerId}))
                OR (e.type = 'checkin.created' AND e.source_id IN (
                  SELECT c.id FROM checkins c JOIN customer_tickets t ON t.id = c.ticket_id
                  WHERE t.customer_id = ${who.customerId}))
                OR (e.type = 'wallet.transaction' AND e.source_id IN (
                  SELECT x.id FROM wallet_transactions x JOIN wallets w ON w.id = x.wallet_id
                  WHERE w.customer_id = ${who.customerId}))
                OR (e.type = 'ticket.transferred' AND e.source_id IN (
                  SELECT r.id FROM ticket_transfers r JOIN customer_tickets t ON t.id = r.ticket_id
                  WHERE t.customer_id = ${who.customerId} OR r.from_customer_id = ${who.customerId}))
              RETURNING e.id`,
        )
      ).length,
  },
  {
    table: 'webhook_deliveries',
    does: 'keep',
    why: 'delivery attempts of an event to an endpoint (status, HTTP answer); no personal data',
  },
  { table: 'webhook_endpoints', does: 'keep', why: "an organiser's receiving addresses and secrets" },
  { table: 'webhook_cursors', does: 'keep', why: 'how far the dispatcher has read; no personal data' },
  { table: 'api_keys', does: 'keep', why: "an organiser's integration keys (hashed)" },
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
    table: 'ledger_totals',
    does: 'keep',
    why: "an event's ledger added up per type and till (a trigger keeps it); no personal data",
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
  {
    table: 'checkin_lists',
    does: 'keep',
    why: "an event's check-in lists (types, days, gate); no personal data",
  },
  { table: 'checkins', does: 'keep', why: 'admissions by ticket id; no personal data' },
  { table: 'checkin_scans', does: 'keep', why: 'scan log by device, nonce and token hash; no personal data' },
  { table: 'stations', does: 'keep', why: 'bars and top-up points of an event' },
  {
    table: 'station_submissions',
    does: 'keep',
    why: 'till answers (amounts, bracelet code); no personal data',
  },
  { table: 'bar_products', does: 'keep', why: "an event's bar products (catalogue)" },
  { table: 'station_menu_items', does: 'keep', why: "a station's menu (catalogue)" },
  {
    table: 'bar_product_sales',
    does: 'keep',
    why: 'units and prices per product of a bar payment, by ledger row id; no personal data',
  },
  { table: 'ticket_price_steps', does: 'keep', why: 'catalogue prices' },
  { table: 'capacity_groups', does: 'keep', why: 'catalogue stock counters' },
  {
    table: 'event_broadcasts',
    does: 'keep',
    why: "an organiser's message and how many it went to; each email is an outbox row of its customer",
  },
  { table: 'capacity_group_members', does: 'keep', why: 'catalogue stock counters' },
  { table: 'promo_codes', does: 'keep', why: "an organiser's codes and their use counts; no personal data" },
  { table: 'access_codes', does: 'keep', why: "an organiser's codes; no personal data" },
  {
    table: 'staff_users',
    does: 'keep',
    why: 'back-office users are organiser or platform staff, not customers; their own erasure goes through support',
  },
  { table: 'staff_sessions', does: 'keep', why: 'back-office sessions of staff users' },
  {
    table: 'staff_recovery_codes',
    does: 'keep',
    why: 'second-factor recovery codes of staff users (hashed)',
  },
  { table: 'staff_invitations', does: 'keep', why: 'team invitations sent to staff emails' },
  { table: 'organizer_members', does: 'keep', why: 'who belongs to which organiser team' },
  {
    table: 'event_images',
    does: 'keep',
    why: "an event's image files (metadata stripped) and who uploaded them; no customer data",
  },
  {
    table: 'event_changes',
    does: 'keep',
    why: "an event's postponements and cancellations (dates, staff actor); no customer data",
  },
];
