import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import { blockBraceletBody, linkBraceletBody, replaceBraceletBody } from '@bilheteira/shared/schemas/wallet';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { auditActor } from '../../plugins/http-helpers';
import { blockLostBracelet, linkBracelet, replaceBracelet, resolveWalletEvent } from './wallet.service';

const messageOnly = envelope(z.object({ message: z.string() }));

/** A customer's bracelets for an event's wallet: link (with proof of possession), block, replace. */
export const braceletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/wallet/bracelets',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['wallet'],
        summary:
          'Links a bracelet by its 6-digit code and proof of possession (the secret printed inside or the NFC UID)',
        body: linkBraceletBody,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const event = await resolveWalletEvent(app.db, {
        eventId: req.body.event_id,
        customerId: req.auth!.customer.id,
      });
      await linkBracelet(
        app.db,
        req.auth!.customer.id,
        event.id,
        req.body.code,
        { secret: req.body.secret, uid: req.body.uid },
        { ip: clientIp(req), actor: auditActor(req) },
        new Date(),
      );
      const message = translate(req.locale, 'wallet.bracelet_linked');
      return { data: { message }, message };
    },
  );

  app.post(
    '/customers/wallet/bracelets/block',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['wallet'],
        summary: 'Blocks a lost bracelet of the customer',
        body: blockBraceletBody,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const event = await resolveWalletEvent(app.db, {
        eventId: req.body.event_id,
        customerId: req.auth!.customer.id,
      });
      await blockLostBracelet(
        app.db,
        req.auth!.customer.id,
        event.id,
        req.body.code,
        new Date(),
        auditActor(req),
      );
      const message = translate(req.locale, 'wallet.bracelet_blocked_ok');
      return { data: { message }, message };
    },
  );

  app.post(
    '/customers/wallet/bracelets/replace',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['wallet'],
        summary: 'Blocks a lost bracelet and links a new one; the balance moves with the wallet',
        body: replaceBraceletBody,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const event = await resolveWalletEvent(app.db, {
        eventId: req.body.event_id,
        customerId: req.auth!.customer.id,
      });
      await replaceBracelet(
        app.db,
        req.auth!.customer.id,
        event.id,
        req.body.old_code,
        req.body.new_code,
        { secret: req.body.new_secret, uid: req.body.new_uid },
        { ip: clientIp(req), actor: auditActor(req) },
        new Date(),
      );
      const message = translate(req.locale, 'wallet.bracelet_replaced');
      return { data: { message }, message };
    },
  );
};
export default braceletRoutes;
