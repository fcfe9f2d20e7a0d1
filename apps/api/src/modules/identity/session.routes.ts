import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  customerView,
  loginMobileBody,
  loginMobileResponse,
  loginPasswordBody,
  loginPasswordResponse,
} from '@bilheteira/shared/schemas/customers';
import { toE164 } from '@bilheteira/shared/phone';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { loginWithPassword, lookupMobile } from './login.service';
import { endSession } from './session.service';
import { chosenLocale, rememberCustomerLocale } from './customer-language.service';
import { toCustomerView } from './customer-view';
import './identity.messages';

/** Login (phone step, password), logout and the current customer. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const { token, customerId } = await loginWithPassword(
        app.db,
        {
          mobile,
          password: req.body.password,
          ip: clientIp(req),
          visitorId: req.visitorId,
        },
        new Date(),
      );
      await rememberCustomerLocale(app.db, customerId, chosenLocale(req));
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
};
export default sessionRoutes;
