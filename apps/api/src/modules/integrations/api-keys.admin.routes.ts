/**
 * An organiser's API keys in the back office, under
 * /api/backoffice/organizers/:organizerId/api-keys (all need `organizer.settings`); the keys
 * open the integration API (integrations-v1.routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@bilheteira/shared/schemas/common';
import {
  apiKeyResponse,
  apiKeysResponse,
  apiKeyWithSecretResponse,
  createApiKeyBody,
} from '@bilheteira/shared/schemas/backoffice-integrations';
import { translate } from '../../i18n/messages';
import { staffAuditActor } from '../../plugins/http-helpers';
import { BACKOFFICE_TAGS, organizerParams } from '../events/events.admin.http';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import './integrations.messages';

const BASE = '/backoffice/organizers/:organizerId';
const keyParams = z.object({ organizerId: idParam, keyId: idParam });

const apiKeysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.requireStaff({ permission: 'organizer.settings' });

  app.get(
    `${BASE}/api-keys`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: "The organiser's API keys (never the keys themselves)",
        params: organizerParams,
        response: { 200: apiKeysResponse },
      },
    },
    async (req) => ({ data: await listApiKeys(app.db, req.params.organizerId) }),
  );

  app.post(
    `${BASE}/api-keys`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Makes an API key with scopes; the key is in this answer only (stored as SHA-256)',
        params: organizerParams,
        body: createApiKeyBody,
        response: { 201: apiKeyWithSecretResponse },
      },
    },
    async (req, reply) => {
      const data = await createApiKey(app.db, req.params.organizerId, req.body, {
        audit: staffAuditActor(req),
        userId: req.staff!.user.id,
      });
      return reply.code(201).send({ data, message: translate(req.locale, 'integrations.api_key_created') });
    },
  );

  app.post(
    `${BASE}/api-keys/:keyId/revoke`,
    {
      preValidation: settings,
      schema: {
        tags: BACKOFFICE_TAGS,
        summary: 'Revokes an API key: refused from the next request on',
        params: keyParams,
        response: { 200: apiKeyResponse },
      },
    },
    async (req) => ({
      data: await revokeApiKey(
        app.db,
        req.params.organizerId,
        req.params.keyId,
        staffAuditActor(req),
        new Date(),
      ),
      message: translate(req.locale, 'integrations.api_key_revoked'),
    }),
  );
};
export default apiKeysAdminRoutes;
