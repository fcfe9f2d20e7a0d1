/**
 * Payout reads: an organiser's events (events_organizer_idx) and the orders paid on them in a
 * period (orders_event_status_idx: an event's paid and refunded orders), added up per event.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface PayoutEventRow {
  id: number;
  name: string;
  status: string;
  startsAt: Date;
  serviceFeeVatPercent: number;
}

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The organiser's events (one, with `eventId`), the latest first. */
export async function organizerPayoutEvents(
  db: DbOrTx,
  organizerId: number,
  eventId?: number,
): Promise<PayoutEventRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, name, status, starts_at, service_fee_vat_percent from events
        where organizer_id = ${organizerId} ${eventId ? sql`and id = ${eventId}` : sql``}
        order by starts_at desc, id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    status: String(r.status),
    startsAt: new Date(r.starts_at as string),
    serviceFeeVatPercent: Number(r.service_fee_vat_percent),
  }));
}

export interface SalesTotals {
  orders: number;
  subtotalCents: number;
  serviceCents: number;
  totalCents: number;
}

/**
 * Orders paid in [fromAt, toAt) per event (refunded ones too: they were paid, their refund is
 * counted apart): how many, tickets after discounts, service fee, and what the buyers paid.
 */
export async function salesOfEvents(
  db: DbOrTx,
  eventIds: number[],
  fromAt: Date | null,
  toAt: Date | null,
): Promise<Map<number, SalesTotals>> {
  if (!eventIds.length) return new Map();
  const where: SQL[] = [
    sql`event_id in (${list(eventIds)})`,
    sql`status in ('paid', 'refunded')`,
    sql`paid_at is not null`,
  ];
  if (fromAt) where.push(sql`paid_at >= ${fromAt.toISOString()}::timestamptz`);
  if (toAt) where.push(sql`paid_at < ${toAt.toISOString()}::timestamptz`);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select event_id, count(*) as orders, coalesce(sum(subtotal_cents), 0) as subtotal,
          coalesce(sum(service_cents), 0) as service, coalesce(sum(total_cents), 0) as total
        from orders where ${sql.join(where, sql` and `)}
        group by event_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.event_id),
      {
        orders: Number(r.orders),
        subtotalCents: Number(r.subtotal),
        serviceCents: Number(r.service),
        totalCents: Number(r.total),
      },
    ]),
  );
}
