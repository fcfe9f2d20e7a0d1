/**
 * The dispatcher's reads and writes: its cursor per source table, the source rows of
 * organisers with a subscribed endpoint that have no event yet, the events and their
 * deliveries. See webhook-dispatch.service.ts for why it reads rows after a cursor.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEventType } from '@bilheteira/shared/schemas/backoffice-integrations';
import { queryRows, type DbOrTx } from '../../db/client';

/** A table the dispatcher reads, and how its rows become events. */
export interface WebhookSource {
  /** the cursor's name and the table read */
  table: 'checkins' | 'wallet_transactions' | 'ticket_transfers' | 'audit_log';
  /** `<table alias>` joins reaching the row's event (alias e) */
  from: SQL;
  /** the event types its rows become */
  types: WebhookEventType[];
  /** the event type of a row, an SQL expression */
  type: SQL;
  /** extra conditions on the row (alias s) */
  where: SQL;
  /** the id of the record the event's data shows (order id for audit entries) */
  record: SQL;
}

export const WEBHOOK_SOURCES: WebhookSource[] = [
  {
    table: 'checkins',
    from: sql`checkins s JOIN customer_tickets t ON t.id = s.ticket_id JOIN events e ON e.id = t.event_id`,
    types: ['checkin.created'],
    type: sql`'checkin.created'`,
    where: sql`TRUE`,
    record: sql`s.id`,
  },
  {
    table: 'wallet_transactions',
    from: sql`wallet_transactions s JOIN wallets w ON w.id = s.wallet_id JOIN events e ON e.id = w.event_id`,
    types: ['wallet.transaction'],
    type: sql`'wallet.transaction'`,
    where: sql`TRUE`,
    record: sql`s.id`,
  },
  {
    table: 'ticket_transfers',
    from: sql`ticket_transfers s JOIN customer_tickets t ON t.id = s.ticket_id JOIN events e ON e.id = t.event_id`,
    types: ['ticket.transferred'],
    type: sql`'ticket.transferred'`,
    where: sql`TRUE`,
    record: sql`s.id`,
  },
  {
    // an order is paid or refunded in the transaction that writes its audit entry, which
    // happens once: the entry is the order's event (orders have no row per change)
    table: 'audit_log',
    from: sql`audit_log s
      JOIN orders o ON o.id = CASE WHEN s.entity_id ~ '^[0-9]{1,9}$' THEN s.entity_id::int END
      JOIN events e ON e.id = o.event_id`,
    types: ['order.paid', 'order.refunded'],
    type: sql`CASE s.action WHEN 'order.paid' THEN 'order.paid' ELSE 'order.refunded' END`,
    where: sql`s.entity = 'order' AND s.action IN ('order.paid', 'order.refund')`,
    record: sql`o.id`,
  },
];

/**
 * Takes the source's cursor for this transaction (null when another dispatcher holds it);
 * a missing cursor starts at the newest row older than every endpoint (and than `settledBefore`):
 * what happened before an organiser had an endpoint is no event for anyone.
 */
export async function claimCursor(db: DbOrTx, table: string, settledBefore: Date): Promise<number | null> {
  const at = settledBefore.toISOString();
  // the first run only: where to start reads the whole table once, never again every 2 s
  const known = await queryRows(db, sql`SELECT 1 FROM webhook_cursors WHERE source = ${table}`);
  if (!known.length)
    await db.execute(sql`
    INSERT INTO webhook_cursors (source, last_id)
    SELECT ${table}, coalesce(max(id), 0) FROM ${sql.identifier(table)}
    WHERE created_at < least(${at}::timestamptz, coalesce((SELECT min(created_at) FROM webhook_endpoints), ${at}::timestamptz))
    ON CONFLICT (source) DO NOTHING`);
  const [row] = await queryRows<{ last_id: number }>(
    db,
    sql`SELECT last_id FROM webhook_cursors WHERE source = ${table} FOR UPDATE SKIP LOCKED`,
  );
  return row ? Number(row.last_id) : null;
}

export interface SourceRow {
  source_id: number;
  record_id: number;
  type: WebhookEventType;
  organizer_id: number;
  occurred_at: string | Date;
}

/**
 * Rows after the cursor of organisers with an enabled endpoint subscribed to the row's type
 * (made before the row), that have no event yet, oldest first.
 */
export async function rowsWithoutEvent(
  db: DbOrTx,
  source: WebhookSource,
  afterId: number,
  limit: number,
): Promise<SourceRow[]> {
  return queryRows<SourceRow>(
    db,
    sql`
    SELECT * FROM (
      SELECT s.id AS source_id, ${source.record} AS record_id, ${source.type} AS type,
        e.organizer_id, s.created_at AS occurred_at
      FROM ${source.from}
      WHERE s.id > ${afterId} AND ${source.where}
    ) r
    WHERE EXISTS (
        SELECT 1 FROM webhook_endpoints w
        WHERE w.organizer_id = r.organizer_id AND w.enabled AND r.type = ANY(w.events)
          AND w.created_at <= r.occurred_at)
      AND NOT EXISTS (SELECT 1 FROM webhook_events we WHERE we.type = r.type AND we.source_id = r.source_id)
    ORDER BY r.source_id LIMIT ${limit}`,
  );
}

/** The newest row id after `afterId` written before `before` (rows older than that are settled). */
export async function settledUpTo(
  db: DbOrTx,
  table: string,
  afterId: number,
  before: Date,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`SELECT max(id) AS id FROM ${sql.identifier(table)}
        WHERE id > ${afterId} AND created_at < ${before.toISOString()}`,
  );
  return row?.id == null ? null : Number(row.id);
}

export async function moveCursor(db: DbOrTx, table: string, lastId: number, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE webhook_cursors SET last_id = greatest(last_id, ${lastId}), updated_at = ${now.toISOString()}
    WHERE source = ${table}`);
}

export interface NewEvent {
  id: string;
  organizerId: number;
  type: WebhookEventType;
  sourceId: number;
  body: string;
  occurredAt: Date;
}

/**
 * Writes the events (one per source row: a row already made into an event is skipped) and a
 * pending delivery, due now, to each enabled endpoint of the organiser subscribed to the type
 * and made before the row. Answers how many deliveries were made.
 */
export async function insertEventsWithDeliveries(db: DbOrTx, events: NewEvent[], now: Date): Promise<number> {
  if (!events.length) return 0;
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
    INSERT INTO webhook_events (id, organizer_id, type, source_id, body, occurred_at)
    SELECT * FROM json_to_recordset(${JSON.stringify(
      events.map((e) => ({
        id: e.id,
        organizer_id: e.organizerId,
        type: e.type,
        source_id: e.sourceId,
        body: e.body,
        occurred_at: e.occurredAt.toISOString(),
      })),
    )}::json) AS x(id uuid, organizer_id int, type text, source_id int, body text, occurred_at timestamptz)
    ON CONFLICT (type, source_id) DO NOTHING
    RETURNING id`,
  );
  if (!inserted.length) return 0;
  const deliveries = await queryRows<{ id: number }>(
    db,
    sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
    SELECT w.id, ev.id, ${now.toISOString()}
    FROM webhook_events ev
    JOIN webhook_endpoints w ON w.organizer_id = ev.organizer_id AND w.enabled
      AND ev.type = ANY(w.events) AND w.created_at <= ev.occurred_at
    WHERE ev.id = ANY(${`{${inserted.map((r) => r.id).join(',')}}`}::uuid[])
    ON CONFLICT (endpoint_id, event_id) DO NOTHING
    RETURNING id`,
  );
  return deliveries.length;
}

/** The event types some enabled endpoint receives (a source nobody subscribes to is not read). */
export async function subscribedTypes(db: DbOrTx): Promise<Set<string>> {
  const rows = await queryRows<{ type: string }>(
    db,
    sql`SELECT DISTINCT unnest(events) AS type FROM webhook_endpoints WHERE enabled`,
  );
  return new Set(rows.map((r) => r.type));
}
