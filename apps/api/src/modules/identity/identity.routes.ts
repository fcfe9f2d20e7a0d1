import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { impersonateBody, sessionResponse } from '@bilheteira/shared/schemas/customers';
import { startImpersonation } from './impersonation.service';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import './identity.messages';

/** A support session started from an operator single-use link. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/impersonate',
    {
      schema: {
        tags: ['customers'],
        summary: 'Exchanges a single-use support token (5 minutes) for an audited, impersonated session',
        body: impersonateBody,
        response: { 200: sessionResponse },
      },
    },
    async (req) => {
      const token = await startImpersonation(
        app.db,
        { token: req.body.token, ip: clientIp(req) },
        new Date(),
      );
      const message = translate(req.locale, 'identity.impersonation.started');
      return { data: { message, accessToken: token }, message, accessToken: token };
    },
  );
};
export default identityRoutes;
