import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  blockBraceletBody,
  linkBraceletBody,
  quickChargeEvent,
  replaceBraceletBody,
  walletEventQuery,
  walletEventResponse,
  walletTransactionsQuery,
  walletTransactionsResponse,
} from '@bilheteira/shared/schemas/wallet';
import { translate } from '../../i18n/messages';
import { clientIp } from '../../lib/client-ip';
import { auditActor } from '../../plugins/http-helpers';
import {
  blockLostBracelet,
  getWalletEvent,
  linkBracelet,
  listWalletTransactions,
  replaceBracelet,
  resolveWalletEvent,
} from './wallet.service';

const messageOnly = envelope(z.object({ message: z.string() }));

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/wallet-event',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['wallet'],
        summary: 'The customer wallet of the current event (Event-Id header, ?event_id or ?slug)',
        querystring: walletEventQuery,
        response: { 200: walletEventResponse },
      },
    },
    async (req) => {
      const event = await resolveWalletEvent(app.db, {
        eventId: req.query.event_id ?? (req.query.slug ? null : req.eventIdHeader),
        slug: req.query.slug,
        customerId: req.auth!.customer.id,
      });
      return { data: await getWalletEvent(app.db, req.auth!.customer.id, event, new Date()) };
    },
  );

  app.get(
    '/customers/wallet-transactions',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['wallet'],
        summary: 'Wallet transactions of the event, newest first, paginated by cursor',
        querystring: walletTransactionsQuery,
        response: { 200: walletTransactionsResponse },
      },
    },
    async (req) => {
      const event = await resolveWalletEvent(app.db, {
        eventId: req.query.event_id ?? (req.query.slug ? null : req.eventIdHeader),
        slug: req.query.slug,
        customerId: req.auth!.customer.id,
      });
      return listWalletTransactions(
        app.db,
        req.auth!.customer.id,
        event.id,
        req.query.limit,
        req.query.cursor,
      );
    },
  );

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

  app.get(
    '/wallet/events/:slug',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Public facts of an event for the quick-charge page',
        params: z.object({ slug: z.string().trim().min(1).max(120) }),
        response: { 200: envelope(quickChargeEvent) },
      },
    },
    async (req) => {
      const e = await resolveWalletEvent(app.db, { slug: req.params.slug }, { requireWallet: false });
      return {
        data: {
          id: e.id,
          slug: e.slug,
          name: e.name,
          wallet_enabled: e.walletEnabled,
          online_topup_enabled: e.walletEnabled && e.onlineTopupEnabled,
          promoters: e.promoters,
          partners: e.partners,
          terms: e.terms,
        },
      };
    },
  );
};
export default walletRoutes;
