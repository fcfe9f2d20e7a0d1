import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  activateBody,
  changePasswordBody,
  codeSentResponse,
  confirmEmailBody,
  customerView,
  impersonateBody,
  loginMobileBody,
  loginMobileResponse,
  loginPasswordBody,
  loginPasswordResponse,
  messageResponse,
  registerBody,
  requestPasswordBody,
  resendCodeBody,
  resetPasswordBody,
  sessionResponse,
} from '@bilheteira/shared/schemas/customers';
import { toE164 } from '@bilheteira/shared/phone';
import { forbidImpersonation } from '../../plugins/auth';
import {
  activateCustomer,
  displayMobile,
  registerCustomer,
  resendActivationCode,
} from './registration.service';
import { confirmEmail } from './email-change.service';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import { startImpersonation } from './impersonation.service';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { loginWithPassword, lookupMobile } from './login.service';
import { endSession } from './session.service';
import { toCustomerView } from './customer-view';
import './identity.messages';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/login-mobile',
    {
      schema: {
        tags: ['customers'],
        summary: 'Phone step of the login: does this number have an account?',
        body: loginMobileBody,
        response: { 200: loginMobileResponse },
      },
    },
    async (req) => {
      const mobile = toE164(req.body.mobile_country_code, req.body.mobile);
      const exists = await lookupMobile(app.db, mobile, clientIp(req), new Date());
      const message = translate(req.locale, exists ? 'login.mobile_ok' : 'login.mobile_unknown');
      return { data: { exists, message } };
    },
  );

  app.post(
    '/customers/login-password',
    {
      schema: {
        tags: ['customers'],
        summary: 'Password step of the login; answers the bearer access token',
        body: loginPasswordBody,
        response: { 200: loginPasswordResponse },
      },
    },
    async (req) => {
      const mobile = toE164(req.body.mobile_country_code, req.body.mobile);
      const { token } = await loginWithPassword(
        app.db,
        {
          mobile,
          password: req.body.password,
          ip: clientIp(req),
          visitorId: req.visitorId,
        },
        new Date(),
      );
      const message = translate(req.locale, 'login.success');
      return { data: { message, accessToken: token }, message, accessToken: token };
    },
  );

  app.post(
    '/customers/logout',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Ends the current session server-side',
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      await endSession(app.db, req.auth!.token, new Date());
      return { data: { message: translate(req.locale, 'logout.success') } };
    },
  );

  app.get(
    '/customers/customer',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'The signed-in customer',
        response: { 200: envelope(customerView) },
      },
    },
    async (req) => ({ data: toCustomerView(req.auth!.customer, !!req.auth!.impersonatedBy) }),
  );

  const ctx = (req: FastifyRequest) => ({
    ip: clientIp(req),
    locale: req.locale,
    publicUrl: app.config.PUBLIC_URL.replace(/\/$/, ''),
  });

  app.post(
    '/customers/register',
    {
      schema: {
        tags: ['customers'],
        summary:
          'Creates an account awaiting mobile proof; sends the SMS code and the email confirmation link',
        body: registerBody,
        response: { 200: codeSentResponse },
      },
    },
    async (req) => {
      const b = req.body;
      const mobile = toE164(b.mobile_country_code, b.mobile);
      const { resendAfter } = await registerCustomer(
        app.db,
        {
          first_name: b.first_name,
          last_name: b.last_name,
          email: b.email,
          mobile_country_code: b.mobile_country_code,
          mobile,
          birthday: b.birthday,
          gender: b.gender,
          password: b.password,
          marketing_consent: b.marketing_consent,
          invoice_by_email: b.invoice_by_email,
        },
        ctx(req),
        new Date(),
      );
      const message = translate(req.locale, 'identity.register.code_sent', {
        mobile: displayMobile(mobile),
        email: b.email,
      });
      return {
        data: {
          message,
          mobile: b.mobile,
          mobile_country_code: b.mobile_country_code,
          resend_after: resendAfter,
        },
        message,
      };
    },
  );

  app.post(
    '/customers/resend-code',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sends a new SMS activation code (cool-down and abuse limits apply)',
        body: resendCodeBody,
        response: { 200: codeSentResponse },
      },
    },
    async (req) => {
      const mobile = toE164(req.body.mobile_country_code, req.body.mobile);
      const { resendAfter } = await resendActivationCode(app.db, mobile, ctx(req), new Date());
      const message = translate(req.locale, 'identity.code.resent', { mobile: displayMobile(mobile) });
      return {
        data: {
          message,
          mobile: req.body.mobile,
          mobile_country_code: req.body.mobile_country_code,
          resend_after: resendAfter,
        },
        message,
      };
    },
  );

  app.post(
    '/customers/activate',
    {
      schema: {
        tags: ['customers'],
        summary: 'Proves the mobile with the 6-digit SMS code; activates the account and answers a session',
        body: activateBody,
        response: { 200: sessionResponse },
      },
    },
    async (req) => {
      const mobile = toE164(req.body.mobile_country_code, req.body.mobile);
      const { token, customer } = await activateCustomer(
        app.db,
        { mobile, code: req.body.code },
        { ip: clientIp(req) },
        new Date(),
      );
      const message = translate(req.locale, 'identity.activate.success', {
        name: `${customer.firstName} ${customer.lastName}`.trim(),
      });
      return { data: { message, accessToken: token }, message, accessToken: token };
    },
  );

  app.post(
    '/customers/confirm-email',
    {
      schema: {
        tags: ['customers'],
        summary:
          'The email confirmation link (/activate?token=…): confirms the email, or switches the account to a new one that asked to be confirmed',
        body: confirmEmailBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      await confirmEmail(app.db, req.body.token, new Date());
      const message = translate(req.locale, 'identity.email.confirmed');
      return { data: { message }, message };
    },
  );

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
