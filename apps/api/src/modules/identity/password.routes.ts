import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  changePasswordBody,
  messageResponse,
  requestPasswordBody,
  resetLinkCheckBody,
  resetPasswordBody,
} from '@bilheteira/shared/schemas/customers';
import { toE164 } from '@bilheteira/shared/phone';
import { forbidImpersonation } from '../../plugins/auth';
import { changePassword, checkResetLink, requestPasswordReset, resetPassword } from './password.service';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import './identity.messages';
import { identityRequestContext } from './request-context';

/** Password reset by link and password change. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest) => identityRequestContext(req, app.config.PUBLIC_URL);

  app.post(
    '/customers/request-password',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Sends a single-use password reset link; same answer whether or not the number has an account',
        body: requestPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      const mobile = toE164(req.body.mobile_country_code, req.body.mobile);
      await requestPasswordReset(app.db, { mobile, eventId: req.eventIdHeader }, ctx(req), new Date());
      const message = translate(req.locale, 'identity.password.reset_requested');
      return { data: { message }, message };
    },
  );

  app.post(
    '/customers/reset-password/check',
    {
      schema: {
        tags: ['customers'],
        summary: 'Whether the emailed reset link still works: 400 link_expired, link_used or link_invalid',
        body: resetLinkCheckBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await checkResetLink(app.db, req.body.token, { ip: clientIp(req) }, new Date());
      const message = translate(req.locale, 'identity.link.live');
      return { data: { message }, message };
    },
  );

  app.post(
    '/customers/reset-password',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sets a new password from the emailed link and ends every session',
        body: resetPasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await resetPassword(
        app.db,
        { token: req.body.token, password: req.body.password },
        { ip: clientIp(req) },
        new Date(),
      );
      const message = translate(req.locale, 'identity.password.reset_done');
      return { data: { message }, message };
    },
  );

  app.post(
    '/customers/change-password',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['customers'],
        summary: 'Changes the password (current + new); other sessions end. Not allowed when impersonated',
        body: changePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await changePassword(
        app.db,
        {
          customerId: req.auth!.customer.id,
          sessionId: req.auth!.sessionId,
          oldPassword: req.body.old_password,
          password: req.body.password,
        },
        { ip: clientIp(req) },
        new Date(),
      );
      const message = translate(req.locale, 'identity.password.changed');
      return { data: { message }, message };
    },
  );
};
export default passwordRoutes;
