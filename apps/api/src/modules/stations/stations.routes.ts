import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  stationBatchBody,
  stationBatchResponse,
  stationBlocklistResponse,
  stationBraceletResponse,
} from '@bilheteira/shared/schemas/wallet';
import { tillMenuResponse } from '@bilheteira/shared/schemas/backoffice-bar-products';
import { buildStationBlocklist } from './station-blocklist.service';
import { authenticateStation, braceletForStation, processStationBatch } from './stations.service';
import { menuForStation } from './till-products.service';
import { guardKeyAttempt } from '../../lib/key-guard';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import { stationErrors } from './stations.errors';

/** `Authorization: Bearer <key>` or `X-Station-Key: <key>`. */
function stationKey(req: FastifyRequest): string | null {
  const direct = req.headers['x-station-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const m = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The station of the request's key; wrong keys are counted per IP, no oracle (lib/key-guard). */
  const authenticatedStation = async (req: FastifyRequest) => {
    const key = stationKey(req);
    const station = await authenticateStation(app.caches.stations, app.db, key, new Date()).catch(
      async (err: unknown) => {
        if (err instanceof AppError && err.code === stationErrors.unauthorized.spec.code)
          await guardKeyAttempt(
            app.caches.keyGuard,
            app.db,
            'station',
            clientIp(req),
            key,
            false,
            new Date(),
          );
        throw err;
      },
    );
    await guardKeyAttempt(app.caches.keyGuard, app.db, 'station', clientIp(req), key, true, new Date());
    return station;
  };

  app.post(
    '/stations/transactions',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['stations'],
        summary: 'Uploads a batch of bracelet transactions (in order, with their original times)',
        description:
          "Each transaction is answered on its own: accepted, duplicate or rejected with a reason. A station records only what its role allows (bar and shop: consumption; topup: topup and refund), else `not_allowed_for_station`. `occurred_at` must lie between the event's wallet opening (or 48 h before it starts), the event's offline window (default 24 h) and the bracelet's link time, and now plus 5 minutes: else `occurred_at_out_of_range` or `invalid_time`.",
        security: [{ bearer: [] }],
        body: stationBatchBody,
        response: { 200: stationBatchResponse },
      },
    },
    async (req) => {
      const station = await authenticatedStation(req);
      const results = await processStationBatch(
        app.caches.stations,
        app.db,
        station,
        req.body.transactions,
        new Date(),
      );
      const count = (s: string) => results.filter((r) => r.status === s).length;
      return {
        data: {
          results,
          accepted: count('accepted'),
          rejected: count('rejected'),
          duplicates: count('duplicate'),
        },
      };
    },
  );

  app.get(
    '/stations/blocklist',
    {
      schema: {
        tags: ['stations'],
        summary: "The event's blocked bracelets, signed with the event's Ed25519 key, for tills offline",
        security: [{ bearer: [] }],
        response: { 200: stationBlocklistResponse },
      },
    },
    async (req, reply) => {
      const station = await authenticatedStation(req);
      reply.header('cache-control', 'no-store');
      return { data: await buildStationBlocklist(app.db, station, new Date()) };
    },
  );

  app.get(
    '/stations/menu',
    {
      schema: {
        tags: ['stations'],
        summary:
          "What the station sells: its menu's active products in order, with price (VAT included) and VAT rate",
        description:
          "A sale names its product with `product_id` on each item of `POST /stations/transactions`: the product's units sold and spend are counted, and what is left of its stock (`remaining`, null when not counted) goes down. Stock never refuses a sale; a product id of another event is refused with `unknown_product`.",
        security: [{ bearer: [] }],
        response: { 200: tillMenuResponse },
      },
    },
    async (req, reply) => {
      const station = await authenticatedStation(req);
      reply.header('cache-control', 'no-store');
      return { data: await menuForStation(app.db, station) };
    },
  );

  app.get(
    '/stations/bracelets/:uid',
    {
      schema: {
        tags: ['stations'],
        summary: "Balance and status of a bracelet for the till's screen (NFC UID or 6-digit code)",
        security: [{ bearer: [] }],
        params: z.object({ uid: z.string().trim().min(1).max(64) }),
        response: { 200: stationBraceletResponse },
      },
    },
    async (req) => {
      const station = await authenticatedStation(req);
      const { bracelet, wallet, holderFirstName } = await braceletForStation(app.db, station, req.params.uid);
      return {
        data: {
          uid: bracelet.uid,
          code: bracelet.code,
          status: bracelet.status === 'blocked' ? ('blocked' as const) : ('active' as const),
          linked: !!wallet?.customerId,
          balance_cents: wallet?.balanceCents ?? 0,
          holder_first_name: holderFirstName,
        },
      };
    },
  );
};
export default stationsRoutes;
