/**
 * Integrations in the back office (issue 27 item 8): an organiser's API keys (scoped, shown
 * once) and webhook endpoints (signed deliveries, a delivery log, manual replay). The back
 * office's forms and the API validate with these same schemas.
 */
import { z } from 'zod';
import { envelope } from './common';

/** What an API key may read through /api/v1 (integrations-v1.ts). */
export const API_KEY_SCOPES = ['orders:read', 'checkins:read', 'events:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'ticket.transferred',
  'checkin.created',
  'wallet.transaction',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** pending (waiting for its next attempt) | delivered (2xx) | failed (gave up after ~24 h) */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Most API keys and endpoints one organiser keeps (revoked keys do not count). */
export const INTEGRATIONS_MAX_PER_ORGANIZER = 20;

const name = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(80, { message: 'validation.too_big' });

export const createApiKeyBody = z.strictObject({
  name,
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: 'validation.invalid' }), { message: 'validation.required' })
    .min(1, { message: 'integrations.scopes_required' })
    .max(API_KEY_SCOPES.length, { message: 'validation.invalid' })
    .transform((s) => [...new Set(s)]),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

export const apiKeyView = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** the key's first characters, to tell keys apart (never enough to use it) */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.output<typeof apiKeyView>;

/** A new key with its secret: shown once, stored only as SHA-256. */
export const apiKeyWithSecretView = apiKeyView.extend({ key: z.string() });
export type ApiKeyWithSecretView = z.output<typeof apiKeyWithSecretView>;

export const apiKeysResponse = envelope(z.array(apiKeyView));
export const apiKeyResponse = envelope(apiKeyView);
export const apiKeyWithSecretResponse = envelope(apiKeyWithSecretView);

/**
 * An endpoint's address: http(s) only here; the API also refuses plain http and private or
 * loopback addresses in production (webhook-url.ts), where only it knows the environment.
 */
export const webhookUrl = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(2000, { message: 'validation.too_big' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'integrations.url_invalid' },
  );

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: 'validation.invalid' }), { message: 'validation.required' })
  .min(1, { message: 'integrations.events_required' })
  .max(WEBHOOK_EVENT_TYPES.length, { message: 'validation.invalid' })
  .transform((s) => [...new Set(s)]);

export const createWebhookBody = z.strictObject({ url: webhookUrl, events: eventTypes });
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

export const updateWebhookBody = z
  .strictObject({
    url: webhookUrl.optional(),
    events: eventTypes.optional(),
    enabled: z.boolean({ message: 'validation.invalid' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'validation.required' });
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

export const webhookEndpointView = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  created_at: z.string(),
  /** deliveries waiting for an attempt, and those that gave up */
  pending: z.number(),
  failed: z.number(),
});
export type WebhookEndpointView = z.output<typeof webhookEndpointView>;

/** A new endpoint with its signing secret: shown once. */
export const webhookEndpointWithSecretView = webhookEndpointView.extend({ secret: z.string() });
export type WebhookEndpointWithSecretView = z.output<typeof webhookEndpointWithSecretView>;

export const webhookEndpointsResponse = envelope(z.array(webhookEndpointView));
export const webhookEndpointResponse = envelope(webhookEndpointView);
export const webhookEndpointWithSecretResponse = envelope(webhookEndpointWithSecretView);

export const webhookDeliveryView = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  last_status: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;

export const webhookDeliveriesQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: 'validation.invalid' }).optional(),
});

export const webhookDeliveriesResponse = envelope(z.array(webhookDeliveryView));
export const webhookDeliveryResponse = envelope(webhookDeliveryView);
