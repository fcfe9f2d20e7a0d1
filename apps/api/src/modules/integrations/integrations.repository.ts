/**
 * An organiser's API keys, webhook endpoints and their deliveries, as the back office and the
 * integration API read and change them. Every lookup is scoped by organiser.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { apiKeys, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const apiKeysOf = (db: DbOrTx, organizerId: number) =>
  db.select().from(apiKeys).where(eq(apiKeys.organizerId, organizerId)).orderBy(desc(apiKeys.id));

export async function countLiveApiKeys(db: DbOrTx, organizerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizerId, organizerId), isNull(apiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function findApiKey(
  db: DbOrTx,
  organizerId: number,
  id: number,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizerId, organizerId)));
  return row;
}

/** Revokes a live key; answers the row (already revoked: as it was). */
export async function revokeApiKeyRow(db: DbOrTx, id: number, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/** The live key with this hash, or undefined (wrong and revoked look the same). */
export async function liveApiKeyByHash(db: DbOrTx, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Records a use: at most one write a minute per key. */
export async function touchApiKey(db: DbOrTx, id: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    UPDATE api_keys SET last_used_at = ${at}
    WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < ${at}::timestamptz - interval '1 minute')`);
}

export interface EndpointWithCounts extends WebhookEndpointRow {
  pending: number;
  failed: number;
}

export async function endpointsOf(db: DbOrTx, organizerId: number): Promise<EndpointWithCounts[]> {
  const rows = await queryRows<{
    id: number;
    organizer_id: number;
    url: string;
    events: string[];
    secret: string;
    enabled: boolean;
    created_at: string | Date;
    pending: number | string;
    failed: number | string;
  }>(
    db,
    sql`
    SELECT w.*,
      (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'pending') AS pending,
      (SELECT count(*) FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'failed') AS failed
    FROM webhook_endpoints w WHERE w.organizer_id = ${organizerId} ORDER BY w.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    organizerId: r.organizer_id,
    url: r.url,
    events: r.events,
    secret: r.secret,
    enabled: r.enabled,
    createdAt: new Date(r.created_at),
    pending: Number(r.pending),
    failed: Number(r.failed),
  }));
}

export async function countEndpoints(db: DbOrTx, organizerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizerId, organizerId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: DbOrTx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function findEndpoint(
  db: DbOrTx,
  organizerId: number,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizerId, organizerId)));
  return row;
}

export async function updateEndpointRow(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'enabled'>>,
): Promise<WebhookEndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

/** Deletes an endpoint and its deliveries (the events stay for the organiser's other endpoints). */
export async function deleteEndpointRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export const DELIVERIES_PER_PAGE = 50;

export async function deliveriesOf(
  db: DbOrTx,
  endpointId: number,
  only: { status?: string; id?: number } = {},
) {
  return db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      type: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      lastStatus: webhookDeliveries.lastStatus,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        only.status ? eq(webhookDeliveries.status, only.status) : undefined,
        only.id ? eq(webhookDeliveries.id, only.id) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_PER_PAGE);
}
export type DeliveryLogRow = Awaited<ReturnType<typeof deliveriesOf>>[number];

/**
 * Puts a delivery back to pending, due now, with a new series of attempts; refused (undefined)
 * while a worker holds it, so a replay never sends it twice at once.
 */
export async function replayDeliveryRow(db: DbOrTx, endpointId: number, id: number, now: Date) {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ${at},
      last_error = NULL
    WHERE id = ${id} AND endpoint_id = ${endpointId}
      AND (claimed_until IS NULL OR claimed_until <= ${at}::timestamptz)
    RETURNING id`,
  );
  return rows[0];
}

export async function deliveryExists(db: DbOrTx, endpointId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return !!row;
}

/**
 * Serialises an organiser's integration changes until the transaction ends, so two creations
 * at once cannot both pass the per-organiser limit.
 */
export async function lockOrganizerIntegrations(db: DbOrTx, organizerId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`integrations:${organizerId}`}))`);
}
