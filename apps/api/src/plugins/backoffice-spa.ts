import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setStaticCacheHeaders } from './spa';

/** Where the back office is served (Vite `base` in apps/backoffice/vite.config.ts). */
export const BACKOFFICE_PREFIX = '/backoffice';

declare module 'fastify' {
  interface FastifyInstance {
    /** Is this a back-office page (history mode) the back office's index.html answers? */
    isBackofficePath(pathname: string): boolean;
    /** Serves the back office's index.html (its router shows the page, or its not-found page). */
    sendBackoffice(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}

/**
 * The built back office (apps/backoffice/dist) at /backoffice: hashed assets with immutable
 * caching and precompressed brotli/gzip files, like the customer site, and index.html for
 * every other GET under /backoffice (history mode). A missing asset is a 404, not the page.
 */
export const backofficeSpaPlugin = fp(async (app, opts: { distDir: string }) => {
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasDist = fs.existsSync(indexPath);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      prefix: `${BACKOFFICE_PREFIX}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      setHeaders: setStaticCacheHeaders,
    });
  }
  app.decorate(
    'isBackofficePath',
    (pathname: string) =>
      (pathname === BACKOFFICE_PREFIX || pathname.startsWith(`${BACKOFFICE_PREFIX}/`)) &&
      !pathname.startsWith(`${BACKOFFICE_PREFIX}/assets/`),
  );
  let template: string | null = null;
  app.decorate('sendBackoffice', async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!hasDist)
      return reply
        .code(503)
        .type('text/plain')
        .send('The back office is not built yet: run `npm run build`.');
    template ??= fs.readFileSync(indexPath, 'utf8');
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(template);
  });
});
