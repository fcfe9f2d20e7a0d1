/**
 * An organiser's webhook endpoints (issue 27 item 8): an address, the events it receives, a
 * signing secret shown once, enabled or not; and its delivery log with manual replay. What
 * gets delivered, and how, is webhook-dispatch.service.ts and webhook-delivery.service.ts.
 */
import {
  INTEGRATIONS_MAX_PER_ORGANIZER,
  type CreateWebhookBody,
  type UpdateWebhookBody,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecretView,
  type WebhookEventType,
} from '@bilheteira/shared/schemas/backoffice-integrations';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { randomToken } from '../../lib/crypto';
import { validationFailed } from '../../lib/errors';
import { integrationErrors } from './integrations.errors';
import {
  countEndpoints,
  deleteEndpointRow,
  deliveriesOf,
  deliveryExists,
  endpointsOf,
  findEndpoint,
  insertEndpoint,
  lockOrganizerIntegrations,
  replayDeliveryRow,
  updateEndpointRow,
  type DeliveryLogRow,
  type WebhookEndpointRow,
} from './integrations.repository';
import { webhookUrlProblem } from './webhook-url';

/** `whsec_` + 32 random bytes: the HMAC key of the endpoint's signatures. */
const newSecret = () => `whsec_${randomToken(32)}`;

const endpointView = (
  w: WebhookEndpointRow,
  counts: { pending: number; failed: number } = { pending: 0, failed: 0 },
): WebhookEndpointView => ({
  id: w.id,
  url: w.url,
  events: w.events as WebhookEventType[],
  enabled: w.enabled,
  created_at: w.createdAt.toISOString(),
  pending: counts.pending,
  failed: counts.failed,
});

/** 400 on the `url` field when the environment refuses it (production: https, public). */
function checkUrl(url: string, production: boolean): void {
  const problem = webhookUrlProblem(url, production);
  if (problem) throw validationFailed({ url: [problem] });
}

export async function listEndpoints(db: DbOrTx, organizerId: number): Promise<WebhookEndpointView[]> {
  return (await endpointsOf(db, organizerId)).map((w) => endpointView(w, w));
}

/** Adds an endpoint; its secret is in this answer only. */
export async function createEndpoint(
  db: Db,
  organizerId: number,
  body: CreateWebhookBody,
  opts: { actor: string; production: boolean; now: Date },
): Promise<WebhookEndpointWithSecretView> {
  checkUrl(body.url, opts.production);
  return db.transaction(async (tx) => {
    await lockOrganizerIntegrations(tx, organizerId);
    if ((await countEndpoints(tx, organizerId)) >= INTEGRATIONS_MAX_PER_ORGANIZER)
      throw integrationErrors.tooMany({ max: INTEGRATIONS_MAX_PER_ORGANIZER });
    const secret = newSecret();
    const row = await insertEndpoint(tx, {
      organizerId,
      url: body.url,
      events: body.events,
      secret,
      createdAt: opts.now,
    });
    await audit(tx, {
      actor: opts.actor,
      action: 'webhook_endpoint.create',
      entity: 'webhook_endpoint',
      entityId: row.id,
      data: { organizer_id: organizerId, url: body.url, events: body.events },
    });
    return { ...endpointView(row), secret };
  });
}

async function ownEndpoint(db: DbOrTx, organizerId: number, id: number): Promise<WebhookEndpointRow> {
  const endpoint = await findEndpoint(db, organizerId, id);
  if (!endpoint) throw integrationErrors.endpointNotFound();
  return endpoint;
}

/** Changes the address or events, or enables/disables it (a disabled endpoint's deliveries wait). */
export async function updateEndpoint(
  db: Db,
  organizerId: number,
  id: number,
  body: UpdateWebhookBody,
  opts: { actor: string; production: boolean },
): Promise<WebhookEndpointView> {
  if (body.url) checkUrl(body.url, opts.production);
  return db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, organizerId, id);
    const row = await updateEndpointRow(tx, endpoint.id, body);
    await audit(tx, {
      actor: opts.actor,
      action: 'webhook_endpoint.update',
      entity: 'webhook_endpoint',
      entityId: endpoint.id,
      data: { ...body },
    });
    return endpointView(row);
  });
}

/** Deletes an endpoint with its delivery log. */
export async function deleteEndpoint(db: Db, organizerId: number, id: number, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, organizerId, id);
    await deleteEndpointRow(tx, endpoint.id);
    await audit(tx, {
      actor,
      action: 'webhook_endpoint.delete',
      entity: 'webhook_endpoint',
      entityId: endpoint.id,
      data: { url: endpoint.url },
    });
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const deliveryView = (d: DeliveryLogRow): WebhookDeliveryView => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.type as WebhookEventType,
  status: d.status as WebhookDeliveryStatus,
  attempts: d.attempts,
  last_status: d.lastStatus,
  last_error: d.lastError,
  next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  delivered_at: iso(d.deliveredAt),
  created_at: d.createdAt.toISOString(),
});

/** The endpoint's latest deliveries (DELIVERIES_PER_PAGE), newest first. */
export async function listDeliveries(
  db: DbOrTx,
  organizerId: number,
  endpointId: number,
  status?: WebhookDeliveryStatus,
): Promise<WebhookDeliveryView[]> {
  const endpoint = await ownEndpoint(db, organizerId, endpointId);
  return (await deliveriesOf(db, endpoint.id, { status })).map(deliveryView);
}

/**
 * Sends a delivery again: back to pending, due now, with a fresh series of attempts. 409
 * deliveryInFlight while a worker is sending it.
 */
export async function replayDelivery(
  db: Db,
  organizerId: number,
  endpointId: number,
  deliveryId: number,
  actor: string,
  now: Date,
): Promise<WebhookDeliveryView> {
  return db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, organizerId, endpointId);
    const replayed = await replayDeliveryRow(tx, endpoint.id, deliveryId, now);
    if (!replayed) {
      if (await deliveryExists(tx, endpoint.id, deliveryId)) throw integrationErrors.deliveryInFlight();
      throw integrationErrors.deliveryNotFound();
    }
    await audit(tx, {
      actor,
      action: 'webhook_delivery.replay',
      entity: 'webhook_delivery',
      entityId: deliveryId,
      data: { endpoint_id: endpoint.id },
    });
    const [row] = await deliveriesOf(tx, endpoint.id, { id: deliveryId });
    return deliveryView(row!);
  });
}
