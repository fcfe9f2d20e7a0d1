import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '@bilheteira/shared/schemas/common';
import {
  organizerMessageBody,
  unsubscribeBody,
  unsubscribeResponse,
} from '@bilheteira/shared/schemas/account';
import { translate } from '../../i18n/messages';
import { sendMessageToOrganizer, unsubscribeByToken } from './messages.service';

/** Messages to organisers and the marketing unsubscribe link. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/events/:id/message',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['dashboard'],
        summary: 'Sends a message to the organiser of one of the customer’s events',
        params: z.object({ id: idParam }),
        body: organizerMessageBody,
        response: { 200: envelope(z.object({ message: z.string() })) },
      },
    },
    async (req) => {
      await sendMessageToOrganizer(
        app.db,
        { customer: req.auth!.customer, impersonatedBy: req.auth!.impersonatedBy },
        { eventId: req.params.id, subject: req.body.subject, message: req.body.message },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'messages.sent') } };
    },
  );

  app.post(
    '/marketing/unsubscribe',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Withdraws marketing consent with the signed link of a marketing email (no login)',
        body: unsubscribeBody,
        response: { 200: unsubscribeResponse },
      },
    },
    async (req) => {
      const { emailHint } = await unsubscribeByToken(
        app.db,
        {
          token: req.body.token,
          publicUrl: app.config.PUBLIC_URL,
          linkSigningSecret: app.config.LINK_SIGNING_SECRET,
          // production refuses to start without the secret; warn if a derived key is ever used there
          warn: app.config.NODE_ENV === 'production' ? (m) => req.log.warn(m) : undefined,
        },
        new Date(),
      );
      return { data: { message: translate(req.locale, 'messages.unsub.done'), email_hint: emailHint } };
    },
  );
};
export default messagesRoutes;
