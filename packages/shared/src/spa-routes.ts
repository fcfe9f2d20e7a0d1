/**
 * The customer site's route patterns (spec §2), in one place: the web router's route table
 * takes its paths from this list (its type), and the server answers 404 to any other URL
 * outside /api, so a mistyped address is a real not-found, not a soft one.
 */
export const SPA_ROUTE_PATTERNS = [
  '/',
  '/events',
  '/events/:slug',
  '/organizer/:slug',
  '/about',
  '/activate',
  '/terms',
  '/faq',
  '/privacy',
  '/cookies',
  '/need-help',
  '/create-account',
  '/404',
  '/unsub',
  '/privacy-app',
  '/accessibility',
  '/check/:uuid',
  '/loading-unavailable',
  '/site/:slug',
  '/sitemail/:slug',
  '/site/:slug/wallet',
  '/site/:slug/terms',
  '/site/:slug/billing',
  '/site/:slug/account',
  '/site/:slug/account/wallet',
  '/site/:slug/account/register',
  '/site/:slug/account/update-register',
  '/site/:slug/account/reset-password/:resetPasswordToken',
  '/site/:slug/account/your-account',
  '/dashboard/home',
  '/dashboard/info',
  '/dashboard/transactions',
  '/dashboard/orders',
  '/dashboard/wallet',
  '/dashboard/tickets',
  '/dashboard/impersonate',
  '/dashboard/register',
  '/dashboard/reset-password/:resetPasswordToken',
  '/dashboard/account',
  '/dashboard/account/forget',
  '/payment/redirects',
  '/dev/outbox',
] as const;

export type SpaRoutePattern = (typeof SPA_ROUTE_PATTERNS)[number];

const compiled = SPA_ROUTE_PATTERNS.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
        .join('/')}/?$`,
      'i',
    ),
);

/**
 * Whether a path (no query) is one of the site's routes, as React Router matches it: one
 * trailing slash allowed, letters of any case.
 */
export function isSpaRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
