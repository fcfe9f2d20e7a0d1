import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toE164 } from '@bilheteira/shared/phone';
import { mobileWithCountry } from '@bilheteira/shared/schemas/customers';
import { clientIp } from '../../lib/client-ip';
import { safeEqual } from '../../lib/crypto';
import { identityErrors } from './identity.errors';
import { guardKeyAttempt } from '../../lib/key-guard';
import { issueImpersonationToken } from './impersonation.service';
import './identity.messages';

/**
 * Operator API for support tools, guarded by the X-Operator-Key header (OPERATOR_KEY).
 * Without OPERATOR_KEY configured it answers 404: the API does not exist.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/operator/impersonations',
    {
      schema: {
        tags: ['operator'],
        summary: 'Issues a single-use, 5-minute impersonation link for a customer (X-Operator-Key)',
        body: mobileWithCountry.and(z.object({ operator: z.string().trim().min(1).max(80) })),
        response: {
          200: z.object({
            data: z.object({ token: z.string(), url: z.string(), expires_at: z.string() }),
          }),
        },
      },
      preHandler: async (req) => {
        const key = app.config.OPERATOR_KEY;
        if (!key) throw identityErrors.operatorDisabled();
        const given = req.headers['x-operator-key'];
        const right = typeof given === 'string' && safeEqual(given, key);
        await guardKeyAttempt(
          app.caches.keyGuard,
          app.db,
          'operator',
          clientIp(req),
          typeof given === 'string' ? given : null,
          right,
          new Date(),
        );
        if (!right) throw identityErrors.operatorInvalidKey();
      },
    },
    async (req) => {
      const result = await issueImpersonationToken(
        app.db,
        {
          mobile: toE164(req.body.mobile_country_code, req.body.mobile),
          operator: req.body.operator,
          publicUrl: app.config.PUBLIC_URL.replace(/\/$/, ''),
          via: 'api',
        },
        new Date(),
      );
      return { data: { token: result.token, url: result.url, expires_at: result.expiresAt.toISOString() } };
    },
  );
};
export default operatorRoutes;
