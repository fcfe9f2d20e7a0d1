import { EVENT_STATUS } from '@bilheteira/shared/event-status';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getEventDetailCached } from '../events/events.cache';
import { getOrganizerPage } from '../events/events.service';
import type { CatalogueReads } from './seo.preload';
import { escapeXml, renderHead, summary } from './seo.html';
import { listSitemapEvents, listSitemapOrganizers } from './seo.repository';

/** Public pages listed in the sitemap besides events and organisers. */
const STATIC_PATHS = ['/', '/events', '/about', '/faq', '/need-help', '/terms', '/privacy', '/cookies'];

const abs = (base: string, p: string) => new URL(p, base.endsWith('/') ? base : `${base}/`).toString();

const isNotFound = (e: unknown) => e instanceof AppError && e.statusCode === 404;

function availability(e: EventDetail, available: number, onSale: boolean): string {
  if (e.status === EVENT_STATUS.soon || !onSale) return 'https://schema.org/PreOrder';
  if (available <= 0 || e.status === EVENT_STATUS.soldOut) return 'https://schema.org/SoldOut';
  return 'https://schema.org/InStock';
}

/** schema.org Event for an event page (Google's event rich result fields). */
export function eventJsonLd(e: EventDetail, url: string, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.name,
    description: summary(e.information, 500),
    startDate: e.starts_at,
    endDate: e.ends_at,
    eventStatus:
      e.status === EVENT_STATUS.cancelled
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    ...(e.image_url ? { image: [abs(publicUrl, e.image_url)] } : {}),
    location: {
      '@type': 'Place',
      name: e.address.split(',')[0]!.trim(),
      address: {
        '@type': 'PostalAddress',
        streetAddress: e.address,
        addressLocality: e.city || undefined,
        addressCountry: 'PT',
      },
      ...(e.latitude && e.longitude
        ? { geo: { '@type': 'GeoCoordinates', latitude: Number(e.latitude), longitude: Number(e.longitude) } }
        : {}),
    },
    organizer: {
      '@type': 'Organization',
      name: e.organizer.name,
      url: abs(publicUrl, `/organizer/${encodeURIComponent(e.organizer.slug)}`),
    },
    offers: e.ticket_types.map((t) => ({
      '@type': 'Offer',
      name: t.name,
      price: (t.price_cents / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: availability(e, t.available, t.on_sale),
      url,
    })),
  };
}

/** Head tags of /events/:slug, or a noindex head for an unknown slug. */
export async function eventHead(reads: CatalogueReads, slug: string, publicUrl: string) {
  const url = abs(publicUrl, `/events/${encodeURIComponent(slug)}`);
  try {
    // the same cached read the page's inlined data uses (seo.preload.ts): one query per page
    const e = await getEventDetailCached(reads.caches, reads.db, slug, reads.now);
    return renderHead({
      title: `${e.name} | Bilheteira`,
      description: summary(e.information || `${e.name} — ${e.address}`),
      url,
      // uploaded images are served at /api/media/…: previews need an absolute address
      image: e.image_url ? abs(publicUrl, e.image_url) : null,
      type: 'event',
      // a private event is shared by link: previews yes, search results no
      noindex: e.visibility === 'private',
      jsonLd: e.visibility === 'private' ? undefined : eventJsonLd(e, url, publicUrl),
    });
  } catch (err) {
    if (isNotFound(err)) return '<meta name="robots" content="noindex">';
    throw err;
  }
}

/** Whether /events/:slug has an event to show (else the server answers 404). */
export async function eventExists(reads: CatalogueReads, slug: string): Promise<boolean> {
  try {
    await getEventDetailCached(reads.caches, reads.db, slug, reads.now);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/** Whether /organizer/:slug has an organiser to show (else the server answers 404). */
export async function organizerExists(db: DbOrTx, slug: string, now: Date): Promise<boolean> {
  try {
    await getOrganizerPage(db, slug, now);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

/** Head tags of /organizer/:slug. */
export async function organizerHead(db: DbOrTx, slug: string, publicUrl: string, now: Date) {
  const url = abs(publicUrl, `/organizer/${encodeURIComponent(slug)}`);
  try {
    const { organizer: o } = await getOrganizerPage(db, slug, now);
    return renderHead({
      title: `${o.name} | Bilheteira`,
      description: summary(o.description || `Eventos e bilhetes de ${o.name} na Bilheteira.`),
      url,
      image: o.logo_url,
      type: 'profile',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: o.name,
        url: o.website ?? url,
        ...(o.logo_url ? { logo: o.logo_url } : {}),
      },
    });
  } catch (err) {
    if (isNotFound(err)) return '<meta name="robots" content="noindex">';
    throw err;
  }
}

/** sitemap.xml: the public pages, every public event and every organiser with one. */
export async function buildSitemap(db: DbOrTx, publicUrl: string): Promise<string> {
  const [evs, orgs] = await Promise.all([listSitemapEvents(db), listSitemapOrganizers(db)]);
  const entry = (loc: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(abs(publicUrl, loc))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = [
    ...STATIC_PATHS.map((p) => entry(p)),
    ...evs.map((e) => entry(`/events/${encodeURIComponent(e.slug)}`, e.publishedAt)),
    ...orgs.map((o) => entry(`/organizer/${encodeURIComponent(o.slug)}`)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; accounts, payments and the API may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard/',
    'Disallow: /payment/',
    'Disallow: /check/',
    'Disallow: /unsub',
    'Disallow: /activate',
    'Disallow: /site/*/account',
    '',
    `Sitemap: ${abs(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
