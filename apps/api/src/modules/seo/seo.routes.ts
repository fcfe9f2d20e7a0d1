import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preloadHead, requestLocale } from './seo.preload';
import { homeHead, prerenderRoot } from './seo.prerender';
import {
  buildSitemap,
  eventExists,
  eventHead,
  organizerExists,
  organizerHead,
  robotsTxt,
} from './seo.service';

const EVENT_PAGE = /^\/events\/([^/]+)\/?$/;
const ORGANIZER_PAGE = /^\/organizer\/([^/]+)\/?$/;

function slugFrom(re: RegExp, pathname: string): string | null {
  const m = re.exec(pathname);
  if (!m) return null;
  try {
    const slug = decodeURIComponent(m[1]!);
    return slug.length <= 120 ? slug : null;
  } catch {
    return null;
  }
}

/**
 * Findable pages: event and organiser pages are sent with their title, description, Open
 * Graph, Twitter card and schema.org JSON-LD in the HTML, so link previews and crawlers see
 * them without running JavaScript; /sitemap.xml and /robots.txt are built from PUBLIC_URL.
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.PUBLIC_URL;

  const reads = (now: Date) => ({ db: app.db, caches: app.caches.publicEvents, now });

  app.addHeadProvider(async (req, pathname) => {
    if (pathname === '/') return homeHead(requestLocale(req));
    const event = slugFrom(EVENT_PAGE, pathname);
    if (event) return eventHead(reads(new Date()), event, publicUrl);
    const organizer = slugFrom(ORGANIZER_PAGE, pathname);
    if (organizer) return organizerHead(app.db, organizer, publicUrl, new Date());
    return null;
  });

  // an unknown event or organiser is a real not-found, as an unknown address is (spa-routes.ts)
  app.addStatusProvider(async (_req, pathname) => {
    const event = slugFrom(EVENT_PAGE, pathname);
    if (event) return (await eventExists(reads(new Date()), event)) ? null : 404;
    const organizer = slugFrom(ORGANIZER_PAGE, pathname);
    if (organizer) return (await organizerExists(app.db, organizer, new Date())) ? null : 404;
    return null;
  });

  // the page's chunks, its texts and its first API answer, so nothing waits on anything
  app.addHeadProvider((req, pathname) =>
    preloadHead(reads(new Date()), req, pathname, app.spaModulePreloads),
  );

  // the landing pages' header and largest text painted from the HTML, before any JavaScript
  app.addRootProvider((req, pathname) => prerenderRoot(reads(new Date()), req, pathname));

  app.addRootRoute({
    method: ['GET', 'HEAD'],
    url: '/sitemap.xml',
    schema: { hide: true },
    handler: async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await buildSitemap(app.db, publicUrl)),
  });

  app.addRootRoute({
    method: ['GET', 'HEAD'],
    url: '/robots.txt',
    schema: { hide: true },
    handler: async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(publicUrl)),
  });
};
export default seoRoutes;
