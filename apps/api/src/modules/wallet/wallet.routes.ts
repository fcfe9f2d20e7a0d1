import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@bilheteira/shared/schemas/common';
import {
  quickChargeEvent,
  walletEventQuery,
  walletEventResponse,
  walletTransactionsQuery,
  walletTransactionsResponse,
} from '@bilheteira/shared/schemas/wallet';
import { getWalletEvent, listWalletTransactions, resolveWalletEvent } from './wallet.service';

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
        req.locale,
      );
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
