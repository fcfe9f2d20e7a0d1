import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  forgetConfirmBody,
  forgetPreview,
  portableBody,
  portableResponse,
} from '@bilheteira/shared/schemas/account';
import { translate } from '../../i18n/messages';
import { forbidImpersonation } from '../../plugins/auth';
import { confirmErasure, exportMyData, previewErasure, requestErasure } from './gdpr.service';

/** GDPR rights: data portability and erasure ("forget my data"). */
export const gdprRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/portable',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['gdpr'],
        summary:
          'Data portability: every field the customer gave plus orders, tickets and wallet, as XML and JSON',
        body: portableBody.optional(),
        response: { 200: portableResponse },
      },
    },
    async (req) =>
      exportMyData(
        app.db,
        { customer: req.auth!.customer, impersonatedBy: req.auth!.impersonatedBy },
        { format: req.body?.format ?? 'xml', locale: req.locale },
        new Date(),
      ),
  );

  app.get(
    '/customers/forget-data',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['gdpr'],
        summary: 'What erasure would change (future tickets, wallet balance, open refunds)',
        response: { 200: envelope(forgetPreview) },
      },
    },
    async (req) => ({ data: await previewErasure(app.db, req.auth!.customer.id, new Date()) }),
  );

  app.post(
    '/customers/forget-data',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['gdpr'],
        summary: 'Asks for erasure: sends a confirmation link by email',
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      const { target } = await requestErasure(
        app.db,
        { customer: req.auth!.customer, impersonatedBy: req.auth!.impersonatedBy },
        { locale: req.locale, publicUrl: app.config.PUBLIC_URL },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'gdpr.forget.requested', { target }) } };
    },
  );

  app.post(
    '/customers/forget-data/confirm',
    {
      preHandler: [app.requireCustomer, forbidImpersonation],
      schema: {
        tags: ['gdpr'],
        summary: 'Confirms erasure with the emailed link token; ends every session',
        body: forgetConfirmBody,
        response: {
          200: envelope(z.object({ message: z.string(), cancelled_tickets: z.number() })),
        },
      },
    },
    async (req) => {
      const { cancelledTickets } = await confirmErasure(
        app.db,
        { customer: req.auth!.customer, impersonatedBy: req.auth!.impersonatedBy },
        req.body.token,
        new Date(),
      );
      return {
        data: { message: translate(req.locale, 'gdpr.forget.done'), cancelled_tickets: cancelledTickets },
      };
    },
  );
};
export default gdprRoutes;
