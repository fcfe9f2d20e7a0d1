import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { EVENT_STATUS } from '@bilheteira/shared/event-status';
import type { Locale } from '@bilheteira/shared/locales';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import type { RootContent } from '../../plugins/spa';
import { getEventDetailCached } from '../events/events.cache';
import { escapeHtml } from './seo.html';
import { requestLocale, type CatalogueReads } from './seo.preload';

/**
 * A static first paint for the public landing pages, so their largest text (LCP) shows from
 * the server HTML before ~140 KB of JavaScript has downloaded and run. React does not hydrate
 * it: its first commit replaces the children of #root, so the markup here MUST stay the same
 * (elements, Tailwind classes, texts) as what the components render on first paint, or the
 * page jumps when React takes over. Mirrors, in apps/web/src:
 * - app/app-shell.tsx `LayoutFrame` (wrapper and skip link)
 * - app/layouts/site-header.tsx `SiteHeader`, event-header.tsx `EventHeader`,
 *   language-select.tsx `LanguageSelect` (not scrolled)
 * - features/home/pages/home-page.tsx (the hero section only)
 * - app/pages/event-details-page.tsx + features/catalog/components/event-details.tsx and
 *   status-banner.tsx (the event article; the ticket column comes with React)
 * - lib/date-format.ts (formatEventDate, formatHour)
 * The wrapper is `inert` (nothing to click before React's handlers exist) and carries no
 * data-testid, so tests and users act on React's elements only. Texts come from the web
 * app's own i18n catalogues; every value is HTML-escaped.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const LOCALES_DIR = path.resolve(here, '../../../../web/src/i18n/locales');

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue | null>();

/** A namespace of the web app's texts (read once), or null when the file is not there. */
function catalogue(locale: Locale, ns: string): Catalogue | null {
  const key = `${locale}/${ns}`;
  if (!catalogues.has(key)) {
    try {
      catalogues.set(
        key,
        JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${key}.json`), 'utf8')) as Catalogue,
      );
    } catch {
      catalogues.set(key, null);
    }
  }
  return catalogues.get(key) ?? null;
}

class MissingText extends Error {}

/** i18next-style lookup ('a.b') with {{name}} interpolation; the result is HTML-escaped. */
function translator(locale: Locale) {
  return (ns: string, key: string, params: Record<string, string> = {}): string => {
    let v: unknown = catalogue(locale, ns);
    for (const part of key.split('.')) v = (v as Catalogue | null)?.[part];
    if (typeof v !== 'string') throw new MissingText(`${ns}:${key}`);
    return escapeHtml(v.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? ''));
  };
}
type T = ReturnType<typeof translator>;

const HTML_LANG: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en', es: 'es' };
const INTL_LOCALE: Record<Locale, string> = { 'pt-pt': 'pt-PT', en: 'en-GB', es: 'es-ES' };
const LANGUAGES: [Locale, string][] = [
  ['pt-pt', 'PT · Português'],
  ['en', 'EN · English'],
  ['es', 'ES · Español'],
];

const formatEventDate = (iso: string, timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full', timeZone }).format(new Date(iso));
const formatHour = (iso: string, timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(iso));

const logo = (size: number) => `<img src="/logo.svg" alt="" width="${size}" height="${size}">`;

function languageSelect(t: T, locale: Locale, className = ''): string {
  const options = LANGUAGES.map(
    ([l, label]) =>
      `<option value="${l}" class="text-slate-900"${l === locale ? ' selected' : ''}>${escapeHtml(label)}</option>`,
  ).join('');
  return (
    `<label class="inline-flex items-center gap-1 ${className}"><span class="sr-only">${t('layout', 'language')}</span>` +
    `<select class="rounded-md border border-current/30 bg-transparent px-2 py-1 text-sm">${options}</select></label>`
  );
}

function siteHeader(t: T, locale: Locale): string {
  return (
    `<header class="sticky top-0 z-40 transition-colors bg-slate-950 text-white">` +
    `<div class="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">` +
    `<a href="/" class="flex items-center gap-2 font-bold" aria-label="${t('layout', 'home_link')}">${logo(32)}<span>Bilheteira</span></a>` +
    `<nav class="hidden items-center gap-4 lg:flex" aria-label="${t('layout', 'main_nav')}">` +
    `<a href="/events" class="hover:text-amber-400">${t('layout', 'events')}</a>` +
    `<button type="button" class="hover:text-amber-400">${t('layout', 'my_account')}</button>` +
    `<button type="button" class="rounded-full bg-amber-500 px-4 py-2 font-semibold text-slate-950 hover:bg-amber-400">${t('layout', 'create_event')}</button>` +
    languageSelect(t, locale) +
    `</nav>` +
    `<button type="button" class="p-2 lg:hidden" aria-label="${t('layout', 'open_menu')}">` +
    `<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2"><path d="M4 6h16M4 12h16M4 18h16"></path></svg></button>` +
    `</div></header>`
  );
}

function eventHeader(t: T, locale: Locale): string {
  return (
    `<header class="sticky top-0 z-40 text-white bg-slate-950">` +
    `<div class="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">` +
    `<a href="/" class="flex items-center gap-2 font-bold" aria-label="${t('layout', 'home_link')}">${logo(28)}<span class="hidden sm:inline">Bilheteira</span></a>` +
    `<div class="flex items-center gap-3">` +
    `<button type="button" class="whitespace-nowrap py-2 hover:text-amber-400">${t('layout', 'my_account')}</button>` +
    languageSelect(t, locale) +
    `</div></div></header>`
  );
}

/** LayoutFrame around a header and a page, marked as the server's stand-in. */
function frame(t: T, layout: 'site' | 'event', header: string, page: string): string {
  return (
    `<div class="flex min-h-screen flex-col" data-layout="${layout}" data-prerender="" inert="">` +
    `<a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">${t('common', 'skip_to_content')}</a>` +
    header +
    `<div class="flex-1">${page}</div></div>`
  );
}

export function homePrerender(locale: Locale): string {
  const t = translator(locale);
  const hero =
    `<main id="main"><section class="bg-slate-950 px-4 pb-16 pt-12 text-white sm:pt-16"><div class="mx-auto max-w-6xl">` +
    `<p class="text-sm font-semibold uppercase tracking-wider text-amber-400">${t('home', 'hero.kicker')}</p>` +
    `<h1 class="mt-2 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">${t('home', 'hero.title')}</h1>` +
    `<p class="mt-4 max-w-2xl text-lg text-slate-300">${t('home', 'hero.subtitle')}</p>` +
    `<div class="mt-8 flex flex-wrap gap-3">` +
    `<a href="/events" class="btn-primary">${t('home', 'hero.cta_events')}</a>` +
    `<a href="/create-account" class="inline-flex min-h-11 items-center rounded-full border border-white/50 px-5 py-2 font-semibold text-white hover:bg-white/10">${t('home', 'hero.cta_organizer')}</a>` +
    `</div></div></section></main>`;
  return frame(t, 'site', siteHeader(t, locale), hero);
}

/** The home page's title and description in the visitor's language (index.html's are generic). */
export function homeHead(locale: Locale): string | null {
  try {
    const t = translator(locale);
    return `<title>${t('home', 'meta.title')}</title><meta name="description" content="${t('home', 'meta.description')}">`;
  } catch (err) {
    if (err instanceof MissingText) return null;
    throw err;
  }
}

const STATUS_STYLE: Record<string, string> = {
  [EVENT_STATUS.soon]: 'bg-sky-50 text-sky-900 ring-sky-200',
  [EVENT_STATUS.soldOut]: 'bg-red-50 text-red-900 ring-red-200',
  [EVENT_STATUS.cancelled]: 'bg-red-50 text-red-900 ring-red-200',
  [EVENT_STATUS.finished]: 'bg-slate-100 text-slate-900 ring-slate-300',
};

function mapUrl(e: EventDetail): string {
  const q = e.latitude && e.longitude ? `${e.latitude},${e.longitude}` : e.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

export function eventPrerender(event: EventDetail, locale: Locale): string {
  const t = translator(locale);
  const e = escapeHtml;
  const start = formatEventDate(event.starts_at, event.timezone, locale);
  const end = formatEventDate(event.ends_at, event.timezone, locale);
  const status = STATUS_STYLE[event.status]
    ? `<div role="status" class="rounded-xl p-4 ring-1 ${STATUS_STYLE[event.status]}">` +
      `<p class="font-semibold">${t('catalog', `status.${event.status}.title`)}</p>` +
      `<p class="text-sm">${t('catalog', `status.${event.status}.text`)}</p></div>`
    : '';
  const hour = event.is_session
    ? t('catalog', 'event.sessions_hint')
    : t('catalog', 'event.hour', { hour: formatHour(event.starts_at, event.timezone, locale) });
  const about = event.information
    ? `<section aria-labelledby="event-about" class="card">` +
      `<h2 id="event-about" class="text-lg font-bold">${t('catalog', 'event.about')}</h2>` +
      `<p class="mt-2 whitespace-pre-line text-slate-800">${e(event.information)}</p>` +
      (event.contact_email
        ? `<p class="mt-3 text-sm text-slate-700">${t('catalog', 'event.contact')} ` +
          `<a href="mailto:${e(event.contact_email)}" class="font-medium text-indigo-700 underline">${e(event.contact_email)}</a></p>`
        : '') +
      `</section>`
    : '';
  const article =
    `<article aria-labelledby="event-name">` +
    `<header class="relative overflow-hidden rounded-2xl bg-gradient-to-br from-slate-900 via-indigo-950 to-amber-900 text-white">` +
    (event.image_url
      ? `<img src="${e(event.image_url)}" alt="" width="1200" height="500" fetchpriority="high" class="absolute inset-0 h-full w-full object-cover opacity-40">`
      : '') +
    `<div class="relative px-5 py-10 sm:px-8 sm:py-14">` +
    `<p class="text-sm font-medium text-amber-300"><a href="/organizer/${e(encodeURIComponent(event.organizer.slug))}" class="underline-offset-2 hover:underline">${e(event.organizer.name)}</a></p>` +
    `<h1 id="event-name" class="mt-1 text-3xl font-extrabold sm:text-4xl">${e(event.name)}</h1>` +
    `<p class="mt-2 text-slate-100">${e(event.city || event.address)}</p>` +
    `</div></header>` +
    `<div class="mt-5 space-y-5">${status}<dl class="grid gap-4 sm:grid-cols-2">` +
    `<div class="card"><dt class="text-sm font-medium text-slate-600">${t('catalog', 'event.when')}</dt>` +
    `<dd class="mt-1 font-semibold">${e(start)}${start === end ? '' : ` – ${e(end)}`}</dd>` +
    `<dd class="text-slate-700">${hour}</dd></div>` +
    `<div class="card"><dt class="text-sm font-medium text-slate-600">${t('catalog', 'event.where')}</dt>` +
    `<dd class="mt-1 font-semibold">${e(event.address)}</dd>` +
    `<dd><a href="${e(mapUrl(event))}" target="_blank" rel="noopener noreferrer" class="text-sm font-medium text-indigo-700 underline underline-offset-2">` +
    `${t('catalog', 'event.open_map')}<span class="sr-only"> ${t('catalog', 'event.new_window')}</span></a></dd></div>` +
    `</dl>${about}</div></article>`;
  const page = `<main id="main" class="page grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start">${article}</main>`;
  return frame(t, 'event', eventHeader(t, locale), page);
}

const EVENT_PAGE = /^\/events\/([^/]+)\/?$/;

function decodeSlug(raw: string): string | null {
  try {
    const slug = decodeURIComponent(raw);
    return slug.length <= 120 ? slug : null;
  } catch {
    return null;
  }
}

/**
 * The first paint of `/` and `/events/:slug` in the visitor's language (cookie, else pt-PT);
 * null for other routes, unknown events or when a text is missing (the page then paints
 * when React renders, as before).
 */
export async function prerenderRoot(
  reads: CatalogueReads,
  req: FastifyRequest,
  pathname: string,
): Promise<RootContent | null> {
  const locale = requestLocale(req);
  const lang = HTML_LANG[locale];
  try {
    if (pathname === '/') return { html: homePrerender(locale), lang };
    const m = EVENT_PAGE.exec(pathname);
    const slug = m ? decodeSlug(m[1]!) : null;
    if (!slug) return null;
    const event = await getEventDetailCached(reads.caches, reads.db, slug, reads.now).catch(() => null);
    return event ? { html: eventPrerender(event, locale), lang } : null;
  } catch (err) {
    if (err instanceof MissingText) {
      req.log.warn({ text: err.message }, 'prerender: missing text, page served without it');
      return null;
    }
    throw err;
  }
}
