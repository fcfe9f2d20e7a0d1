/**
 * The i18n catalogues each landing page renders with (besides the shell's `common` and
 * `layout`), in one place: the web router loads them beside the page's chunk, and the server
 * preloads them with the page's HTML (apps/api seo.preload.ts). On its own, with no import, so
 * the customer site's entry takes only this.
 */
export const LANDING_NAMESPACES = {
  '/': ['home'],
  '/events': ['catalog'],
  '/events/:slug': ['catalog', 'cart', 'eventMenu'],
  '/organizer/:slug': ['catalog'],
} as const satisfies Record<string, readonly string[]>;
