/**
 * The organisers' integration API under /api/v1, authenticated by an API key
 * (`Authorization: Bearer bhk_…`, made in the back office). Each route needs a scope of the
 * key; a wrong, revoked or malformed key is 401 with one answer for all, and wrong keys are
 * counted per client IP as door and till keys are (lib/key-guard.ts). Each key may make
 * V1_REQUESTS_PER_MINUTE requests a minute.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiKeyScope } from '@bilheteira/shared/schemas/backoffice-integrations';
import {
  v1CheckinsQuery,
  v1CheckinsResponse,
  v1EventsResponse,
  v1OrdersQuery,
  v1OrdersResponse,
} from '@bilheteira/shared/schemas/integrations-v1';
import { clientIp } from '../../lib/client-ip';
import { guardKeyAttempt } from '../../lib/key-guard';
import { hitLimit } from '../../lib/rate-limit';
import { authenticateApiKey } from './api-keys.service';
import { integrationErrors } from './integrations.errors';
import { listCheckinsForKey, listEventsForKey, listOrdersForKey } from './integrations-v1.service';

export const V1_REQUESTS_PER_MINUTE = 120;
const TAGS = ['integrations'];
const SECURITY = [{ organizerApiKey: [] }];

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: { id: number; organizerId: number; scopes: ApiKeyScope[] } | null;
  }
}

function bearer(req: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

const integrationsV1Routes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('apiKey', null);

  /** preValidation: the key's organiser and scopes, before its input is looked at. */
  const requireScope = (scope: ApiKeyScope) => async (req: FastifyRequest) => {
    const now = new Date();
    const key = bearer(req);
    const found = await authenticateApiKey(app.db, key, now);
    await guardKeyAttempt(app.caches.keyGuard, app.db, 'api', clientIp(req), key, !!found, now);
    if (!found) throw integrationErrors.keyUnauthorized();
    await hitLimit(
      app.db,
      { key: `api-key:${found.id}`, max: V1_REQUESTS_PER_MINUTE, windowSeconds: 60 },
      now,
    );
    if (!found.scopes.includes(scope)) throw integrationErrors.scopeMissing({ scope });
    req.apiKey = found;
  };

  app.get(
    '/v1/orders',
    {
      preValidation: requireScope('orders:read'),
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The organiser's orders (scope orders:read), 100 a page, oldest first",
        description:
          'Pending orders (being paid) are not listed. `updated_since` keeps the orders created, paid, or whose payment changed (a refund) at or after that instant. `meta.has_more` says whether `page + 1` has more.',
        querystring: v1OrdersQuery,
        response: { 200: v1OrdersResponse },
      },
    },
    async (req) => listOrdersForKey(app.db, req.apiKey!.organizerId, req.query),
  );

  app.get(
    '/v1/checkins',
    {
      preValidation: requireScope('checkins:read'),
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The organiser's check-ins after `since_id` (scope checkins:read), 500 at a time",
        description: 'Call again with `since_id = meta.next_since_id` while `meta.has_more` is true.',
        querystring: v1CheckinsQuery,
        response: { 200: v1CheckinsResponse },
      },
    },
    async (req) => listCheckinsForKey(app.db, req.apiKey!.organizerId, req.query),
  );

  app.get(
    '/v1/events',
    {
      preValidation: requireScope('events:read'),
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "The organiser's events (scope events:read)",
        response: { 200: v1EventsResponse },
      },
    },
    async (req) => ({ data: await listEventsForKey(app.db, req.apiKey!.organizerId) }),
  );
};
export default integrationsV1Routes;
