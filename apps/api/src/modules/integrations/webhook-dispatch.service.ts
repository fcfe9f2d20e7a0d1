/**
 * Turns what happened into webhook events and deliveries, off the hot paths.
 *
 * Why a dispatcher and not an insert beside each write: a door scan (checkin_scan_batch.sql),
 * a bar payment (station_pay_batch.sql) and a checkout stay exactly as they are, with not one
 * statement more; and order payments and refunds are read the same way (their audit entry,
 * written once in the transaction that pays or refunds the order), so there is one path for
 * every event type. A job on every instance reads, per source table, the rows after a stored
 * cursor for organisers that have an endpoint subscribed, makes one event per row
 * (unique per type and row) and one delivery per subscribed endpoint (unique per endpoint and
 * event), in one transaction holding that cursor's row lock (SKIP LOCKED: one dispatcher per
 * source at a time, others skip it).
 *
 * Serial ids are taken in insert order but become visible at commit, so a row with a smaller
 * id can appear after a larger one. The cursor therefore moves only over rows written more than
 * SETTLE_MS ago (every writer of these tables is one short transaction); newer rows are read
 * on every run, and the unique (type, source row) index stops a second event for one already
 * made. An event is sent the moment it is read: the settle window delays nothing.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@bilheteira/shared/schemas/backoffice-integrations';
import type { Db, DbOrTx } from '../../db/client';
import {
  checkinsByIds,
  ordersByIds,
  transfersByIds,
  walletTransactionsByIds,
} from './integrations-v1.repository';
import {
  claimCursor,
  insertEventsWithDeliveries,
  moveCursor,
  rowsWithoutEvent,
  settledUpTo,
  subscribedTypes,
  WEBHOOK_SOURCES,
  type NewEvent,
  type SourceRow,
  type WebhookSource,
} from './webhook-dispatch.repository';

/** How long after its write a source row is assumed visible (committed or rolled back). */
export const SETTLE_MS = 60_000;
/** Most rows one source turns into events per run. */
const BATCH = 500;

type Reader = (db: DbOrTx, organizerId: number, ids: number[]) => Promise<{ id: number }[]>;

/** The record each event type's `data` shows (the same readers as the integration API). */
const DATA_OF: Record<WebhookEventType, Reader> = {
  'order.paid': ordersByIds,
  'order.refunded': ordersByIds,
  'checkin.created': checkinsByIds,
  'ticket.transferred': transfersByIds,
  'wallet.transaction': walletTransactionsByIds,
};

/** The events of these rows, each with its payload `{ id, type, created_at, organizer_id, data }`. */
async function eventsOf(db: DbOrTx, rows: SourceRow[]): Promise<NewEvent[]> {
  const groups = new Map<string, SourceRow[]>();
  for (const r of rows) {
    const key = `${r.type}|${r.organizer_id}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const events: NewEvent[] = [];
  for (const group of groups.values()) {
    const { type, organizer_id: organizerId } = group[0]!;
    const records = await DATA_OF[type](db, organizerId, [...new Set(group.map((r) => Number(r.record_id)))]);
    const byId = new Map(records.map((d) => [d.id, d]));
    for (const r of group) {
      const data = byId.get(Number(r.record_id));
      if (!data) continue;
      const id = randomUUID();
      const occurredAt = new Date(r.occurred_at);
      events.push({
        id,
        organizerId,
        type,
        sourceId: Number(r.source_id),
        occurredAt,
        body: JSON.stringify({
          id,
          type,
          created_at: occurredAt.toISOString(),
          organizer_id: organizerId,
          data,
        }),
      });
    }
  }
  return events;
}

async function dispatchSource(
  db: Db,
  source: WebhookSource,
  subscribed: Set<string>,
  now: Date,
  batch: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const settledBefore = new Date(now.getTime() - SETTLE_MS);
    const after = await claimCursor(tx, source.table, settledBefore);
    if (after === null) return 0;
    // no endpoint wants these types: the cursor still moves, nothing is read
    const rows = source.types.some((type) => subscribed.has(type))
      ? await rowsWithoutEvent(tx, source, after, batch)
      : [];
    const made = await insertEventsWithDeliveries(tx, await eventsOf(tx, rows), now);
    let settled = await settledUpTo(tx, source.table, after, settledBefore);
    // a full batch may have left rows unread: the cursor never passes what was not read
    if (settled !== null && rows.length === batch)
      settled = Math.min(settled, Number(rows.at(-1)!.source_id));
    if (settled !== null && settled > after) await moveCursor(tx, source.table, settled, now);
    return made;
  });
}

/**
 * One dispatcher run at `now`: every source's new rows become events and pending deliveries.
 * Safe to run on any number of instances at once. Answers how many deliveries it made.
 */
export async function dispatchWebhookEvents(db: Db, now: Date, batch = BATCH): Promise<number> {
  const subscribed = await subscribedTypes(db);
  // no enabled endpoint: nothing to read (a first endpoint starts from rows made after it)
  if (!subscribed.size) return 0;
  let made = 0;
  for (const source of WEBHOOK_SOURCES) made += await dispatchSource(db, source, subscribed, now, batch);
  return made;
}
