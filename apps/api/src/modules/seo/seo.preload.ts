import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import { LANDING_NAMESPACES } from '@bilheteira/shared/landing-namespaces';
import { eventListQuery } from '@bilheteira/shared/schemas/events';
import type { DbOrTx } from '../../db/client';
import { getEventDetailCached, listEventsCached, type PublicEventCaches } from '../events/events.cache';
import { jsonForScript } from './seo.html';

/**
 * Breaks the load waterfall of the public pages (entry JS → page chunk → texts → data):
 * index.html for these routes names the page's chunks and the active language's text
 * catalogues as modulepreloads, and carries the page's first API answer as inert JSON
 * (`<script type="application/json" id="initial-data">`, read by main.tsx into TanStack
 * Query), so the browser fetches everything at once and the page renders without a
 * round trip for data.
 */
export interface InitialQuery {
  /** TanStack Query key the web app uses for this answer */
  key: readonly unknown[];
  data: unknown;
}

interface PreloadRoute {
  pattern: RegExp;
  /** Vite manifest keys (paths under apps/web) of the page modules the route table loads */
  modules: string[];
  /** i18n namespaces the page renders with (besides the shell's common and layout) */
  namespaces: readonly string[];
  data?: (reads: CatalogueReads, match: RegExpExecArray) => Promise<InitialQuery | null>;
}

/** How a page reads the catalogue: through the app's public cache, at the request's `now`. */
export interface CatalogueReads {
  db: DbOrTx;
  caches: PublicEventCaches;
  now: Date;
}

/** Same query as the web app's publicEventsQuery (features/home/api/public-events.ts). */
const HOME_EVENTS_QUERY = eventListQuery.parse({ per_page: '6', sort: 'date', upcoming: '1' });

function decodeSlug(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const slug = decodeURIComponent(raw);
    return slug.length <= 120 ? slug : null;
  } catch {
    return null;
  }
}

/** Routes of apps/web/src/app/route-table.ts worth preloading (the public landing pages). */
export const PRELOAD_ROUTES: PreloadRoute[] = [
  {
    pattern: /^\/$/,
    modules: ['src/features/home/pages/home-page.tsx'],
    namespaces: LANDING_NAMESPACES['/'],
    data: async (r) => ({
      key: ['events', 'home'],
      data: await listEventsCached(r.caches, r.db, HOME_EVENTS_QUERY, r.now),
    }),
  },
  {
    pattern: /^\/events\/?$/,
    modules: ['src/features/catalog/pages/events-page.tsx'],
    namespaces: LANDING_NAMESPACES['/events'],
  },
  {
    pattern: /^\/events\/([^/]+)\/?$/,
    modules: ['src/app/pages/event-details-page.tsx'],
    namespaces: LANDING_NAMESPACES['/events/:slug'],
    data: async (r, m) => {
      const slug = decodeSlug(m[1]);
      if (!slug) return null;
      // an unknown slug throws 404: the page then asks the API itself and shows its 404
      const data = await getEventDetailCached(r.caches, r.db, slug, r.now).catch(() => null);
      return data ? { key: ['events', 'detail', slug], data } : null;
    },
  },
  {
    pattern: /^\/organizer\/([^/]+)\/?$/,
    modules: ['src/features/catalog/pages/organizer-page.tsx'],
    namespaces: LANDING_NAMESPACES['/organizer/:slug'],
  },
];

export const LOCALE_COOKIE = 'locale';

/** The visitor's language: the cookie the web app keeps beside its saved choice. */
export function requestLocale(req: FastifyRequest): Locale {
  const cookie = req.headers.cookie ?? '';
  const m = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie);
  return m?.[1] ? normalizeLocale(decodeURIComponent(m[1])) : DEFAULT_LOCALE;
}

/** What to add to index.html for `pathname`: preload links and the initial data, or null. */
export async function preloadHead(
  reads: CatalogueReads,
  req: FastifyRequest,
  pathname: string,
  modulePreloads: (keys: readonly string[]) => string,
): Promise<string | null> {
  for (const route of PRELOAD_ROUTES) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    const locale = requestLocale(req);
    const catalogues = ['common', 'layout', ...route.namespaces].map(
      (ns) => `src/i18n/locales/${locale}/${ns}.json`,
    );
    let head = modulePreloads([...route.modules, ...catalogues]);
    const initial = route.data ? await route.data(reads, m).catch(() => null) : null;
    if (initial) {
      head += `<script type="application/json" id="initial-data">${jsonForScript([initial])}</script>`;
    }
    return head || null;
  }
  return null;
}
