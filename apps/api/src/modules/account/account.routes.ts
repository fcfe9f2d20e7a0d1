import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import { customerView } from '@bilheteira/shared/schemas/customers';
import {
  customerTogglesBody,
  customerUpdateBody,
  customerUpdateResponse,
  mobileCodeBody,
} from '@bilheteira/shared/schemas/account';
import { translate } from '../../i18n/messages';
import { forbidImpersonation } from '../../plugins/auth';
import { customerActor } from '../../plugins/http-helpers';
import { toCustomerView } from '../identity/customer-view';
import { saveMyToggles, updateMyAccount } from './account.service';
import { requestMobileCode } from './mobile-change.service';
import './account.messages';

/** The account form, the quiet toggles and the SMS code for a new mobile. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/update',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Saves personal and billing data (multipart or form); answers the updated customer',
        body: customerUpdateBody,
        response: { 200: customerUpdateResponse },
      },
    },
    async (req) => {
      const { customer, confirmationSentTo } = await updateMyAccount(
        app.db,
        customerActor(req),
        req.body,
        {
          locale: req.locale,
          publicUrl: app.config.PUBLIC_URL,
          supportEmail: app.config.SUPPORT_EMAIL,
        },
        new Date(),
      );
      return {
        data: toCustomerView(customer, !!req.auth!.impersonatedBy),
        message: confirmationSentTo
          ? translate(req.locale, 'identity.email.change_sent', { email: confirmationSentTo })
          : translate(req.locale, 'account.update.success'),
      };
    },
  );

  app.post(
    '/customers/customer',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Saves the quiet toggles (marketing consent, invoice by email) as they change',
        body: customerTogglesBody,
        response: { 200: envelope(customerView) },
      },
    },
    async (req) => {
      const customer = await saveMyToggles(app.db, customerActor(req), req.body, new Date());
      return {
        data: toCustomerView(customer, !!req.auth!.impersonatedBy),
        message: translate(req.locale, 'account.toggles.saved'),
      };
    },
  );

  app.post(
    '/customers/mobile-code',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['customers'],
        summary: 'Sends an SMS code to a new mobile number (needed to change it)',
        body: mobileCodeBody,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      const { target } = await requestMobileCode(
        app.db,
        customerActor(req),
        {
          dialCode: req.body.mobile_country_code,
          mobile: req.body.mobile,
          locale: req.locale,
        },
        new Date(),
      );
      const masked = `${target.slice(0, 4)} ••• ${target.slice(-3)}`;
      return { data: { message: translate(req.locale, 'account.mobile.code_sent', { mobile: masked }) } };
    },
  );
};
export default accountRoutes;
