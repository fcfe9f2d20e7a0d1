import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  stationBatchBody,
  stationBatchResponse,
  stationBraceletResponse,
} from '@bilheteira/shared/schemas/wallet';
import { authenticateStation, braceletForStation, processStationBatch } from './stations.service';

/** `Authorization: Bearer <key>` or `X-Station-Key: <key>`. */
function stationKey(req: FastifyRequest): string | null {
  const direct = req.headers['x-station-key'];
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const m = /^Bearer\s+(\S+)$/.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

export const stationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stations/transactions',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['stations'],
        summary: 'Uploads a batch of bracelet transactions (in order, with their original times)',
        security: [{ bearer: [] }],
        body: stationBatchBody,
        response: { 200: stationBatchResponse },
      },
    },
    async (req) => {
      const station = await authenticateStation(app.db, stationKey(req));
      const results = await processStationBatch(app.db, station, req.body.transactions, new Date());
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
      const station = await authenticateStation(app.db, stationKey(req));
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
