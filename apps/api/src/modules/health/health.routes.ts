import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInfo } from '../../config';
import { checkReady } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: database reachable and migrated',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      await checkReady(app.db);
      return { status: 'ready' as const, database: app.dbDriver };
    },
  );

  app.get(
    '/site-urls',
    {
      schema: {
        tags: ['platform'],
        summary: 'Site, back office and customer dashboard URLs (spec §7) and the company the footer names',
        response: {
          200: z.object({
            data: z.object({
              site: z.string(),
              backend: z.string(),
              customerDashboard: z.string(),
              /** the company named in the footer; null when not configured */
              company: z.object({ name: z.string(), nif: z.string(), address: z.string() }).nullable(),
            }),
          }),
        },
      },
    },
    async () => {
      const site = app.config.PUBLIC_URL.replace(/\/$/, '');
      return {
        data: {
          site,
          backend: app.config.BACKOFFICE_URL,
          customerDashboard: `${site}/dashboard/home`,
          company: companyInfo(app.config),
        },
      };
    },
  );
};
export default healthRoutes;
