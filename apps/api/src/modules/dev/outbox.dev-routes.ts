import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRecentMessages } from '../../lib/outbox';

/**
 * Development tools, mounted only when DEV_TOOLS is on (default outside production):
 * the outbox of emails and SMS with their codes and links.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Emails and SMS sent (development only)',
        querystring: z.object({ recipient: z.string().max(200).optional() }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                channel: z.string(),
                recipient: z.string(),
                subject: z.string(),
                body: z.string(),
                meta: z.record(z.string(), z.unknown()),
                status: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => {
      const rows = await listRecentMessages(app.db, 200);
      const filtered = req.query.recipient ? rows.filter((r) => r.recipient === req.query.recipient) : rows;
      return {
        data: filtered.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          meta: r.meta,
          status: r.status,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
export default devRoutes;
