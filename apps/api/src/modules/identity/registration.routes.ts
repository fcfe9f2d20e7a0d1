import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  activateBody,
  codeSentResponse,
  confirmEmailBody,
  messageResponse,
  registerBody,
  resendCodeBody,
  sessionResponse,
} from '@bilheteira/shared/schemas/customers';
import { toE164 } from '@bilheteira/shared/phone';
import {
  activateCustomer,
  displayMobile,
  registerCustomer,
  resendActivationCode,
} from './registration.service';
import { confirmEmail } from './email-change.service';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import './identity.messages';
import { identityRequestContext } from './request-context';

/** Registration, SMS activation and email confirmation. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (req: FastifyRequest) => identityRequestContext(req, app.config.PUBLIC_URL);

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
      const outcome = await confirmEmail(app.db, req.body.token, new Date());
      const message = translate(
        req.locale,
        outcome === 'already_confirmed' ? 'identity.email.already_confirmed' : 'identity.email.confirmed',
      );
      return { data: { message }, message };
    },
  );
};
export default registrationRoutes;
