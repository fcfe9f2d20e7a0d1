/** Chargebacks (payment_disputes): written from the provider's dispute events, read by payouts. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { paymentDisputes } from '../../db/schema/index';

export type DisputeStatus = 'inquiry' | 'open' | 'won' | 'lost' | 'closed';

/** One provider dispute, created or moved to its latest status (by its ref: a repeat changes nothing more). */
export async function upsertDispute(
  db: DbOrTx,
  d: {
    paymentId: number;
    provider: string;
    disputeRef: string;
    amountCents: number;
    status: DisputeStatus;
    reason: string;
  },
  now: Date,
) {
  const rows = await db
    .insert(paymentDisputes)
    .values({ ...d, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: paymentDisputes.disputeRef,
      set: { status: d.status, amountCents: d.amountCents, reason: d.reason, updatedAt: now },
    })
    .returning();
  return rows[0]!;
}

/**
 * Per event, the disputes of its orders' payments whose money is taken back (open or lost),
 * opened in [fromAt, toAt). Reached through the event's orders (orders_event_status_idx), their
 * payments (payments_order_idx) and disputes (payment_disputes_payment_idx).
 */
export async function chargebacksOfEvents(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<Map<number, number>> {
  if (!eventIds.length) return new Map();
  const where: SQL[] = [
    sql`o.event_id in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`o.status in ('paid', 'refunded')`,
    sql`d.status in ('open', 'lost')`,
  ];
  if (fromAt) where.push(sql`d.created_at >= ${fromAt.toISOString()}::timestamptz`);
  if (toAt) where.push(sql`d.created_at < ${toAt.toISOString()}::timestamptz`);
  const rows = await queryRows<{ event_id: number; cents: unknown }>(
    db,
    sql`select o.event_id, coalesce(sum(d.amount_cents), 0) as cents
        from orders o join payments p on p.order_id = o.id join payment_disputes d on d.payment_id = p.id
        where ${sql.join(where, sql` and `)}
        group by o.event_id`,
  );
  return new Map(rows.map((r) => [Number(r.event_id), Number(r.cents)]));
}
