import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import {
  cartItems,
  carts,
  contactMessages,
  customerKnownDevices,
  customerSessions,
  customerTickets,
  events,
  oneTimeCodes,
  orders,
  outbox,
  revokedTokens,
} from '../../db/schema/index';
import {
  count,
  identifiers,
  LATER_ERASURE_STEPS,
  type ErasedPerson,
  type ErasureStep,
} from './erasure-steps.repository';

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
  ...LATER_ERASURE_STEPS,
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
