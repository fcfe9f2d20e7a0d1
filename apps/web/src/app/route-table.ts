import type { ComponentType } from 'react';
import { LANDING_NAMESPACES } from '@bilheteira/shared/landing-namespaces';
import type { SpaRoutePattern } from '@bilheteira/shared/spa-routes';

export type Layout = 'site' | 'event' | 'dashboard' | 'none';
export type Guard = 'public' | 'customer';

export interface RouteDef {
  /** route name of spec §2 */
  name: string;
  /** one of the site's route patterns (packages/shared spa-routes.ts: the server answers 404 to others) */
  path: SpaRoutePattern;
  load: () => Promise<{ default: ComponentType }>;
  /** public routes need no login; customer routes need a token and a customer (spec §4) */
  guard: Guard;
  /** header/footer style: solid or transparent dashboard header (spec §2) */
  headerStyle?: 'solid' | 'transparent';
  /** i18n namespaces the page renders with, loaded beside its chunk (the landing pages) */
  namespaces?: readonly string[];
}

/** Spec §2: header and footer hidden on these routes (except under /dashboard). */
export const HIDDEN_CHROME = new Set([
  'site',
  'sitemail',
  'site-terms',
  'update-register',
  'site-wallet',
  'checkEvent',
  'account-login',
  'account-register',
  'account-wallet',
  'your-account',
  'reset-password',
  'site-billing',
  'loading-unavailable',
  'payment-redirect',
  'loginImpersonate',
]);

/**
 * Spec §2 layout rules: event-details uses the event header/footer; /dashboard paths the
 * dashboard ones (impersonation hides them); the hidden routes none; everything else site.
 */
export function layoutFor(route: Pick<RouteDef, 'name' | 'path'>): Layout {
  if (route.name === 'loginImpersonate') return 'none';
  if (route.path.startsWith('/dashboard')) return 'dashboard';
  if (HIDDEN_CHROME.has(route.name)) return 'none';
  if (route.name === 'event-details') return 'event';
  return 'site';
}

const pub = (name: string, path: SpaRoutePattern, load: RouteDef['load']): RouteDef => ({
  name,
  path,
  load,
  guard: 'public',
});
const dash = (
  name: string,
  path: SpaRoutePattern,
  load: RouteDef['load'],
  headerStyle: 'solid' | 'transparent',
): RouteDef => ({
  name,
  path,
  load,
  guard: 'customer',
  headerStyle,
});

/** The route table of spec §2, in one place. Pages load lazily (one chunk each). */
export const ROUTES: RouteDef[] = [
  {
    ...pub('site-home', '/', () => import('../features/home/pages/home-page')),
    namespaces: LANDING_NAMESPACES['/'],
  },
  {
    ...pub('events', '/events', () => import('../features/catalog/pages/events-page')),
    namespaces: LANDING_NAMESPACES['/events'],
  },
  {
    ...pub('event-details', '/events/:slug', () => import('./pages/event-details-page')),
    namespaces: LANDING_NAMESPACES['/events/:slug'],
  },
  {
    ...pub('organizer', '/organizer/:slug', () => import('../features/catalog/pages/organizer-page')),
    namespaces: LANDING_NAMESPACES['/organizer/:slug'],
  },
  pub('about', '/about', () => import('../features/static-pages/pages/about-page')),
  pub('activate', '/activate', () => import('../features/auth/pages/activate-page')),
  pub('terms', '/terms', () => import('../features/static-pages/pages/terms-page')),
  pub('faq', '/faq', () => import('../features/static-pages/pages/faq-page')),
  pub('privacy', '/privacy', () => import('../features/static-pages/pages/privacy-page')),
  pub('cookies', '/cookies', () => import('../features/static-pages/pages/cookies-page')),
  pub('accessibility', '/accessibility', () => import('../features/static-pages/pages/accessibility-page')),
  pub('need-help', '/need-help', () => import('../features/static-pages/pages/need-help-page')),
  pub(
    'create-account',
    '/create-account',
    () => import('../features/organizer-request/pages/create-account-page'),
  ),
  pub('404', '/404', () => import('../features/static-pages/pages/not-found-page')),
  pub('unsub', '/unsub', () => import('../features/account/pages/unsub-page')),
  pub('privacy-app', '/privacy-app', () => import('../features/static-pages/pages/privacy-app-page')),
  pub('checkEvent', '/check/:uuid', () => import('../features/tickets/pages/check-page')),
  pub(
    'loading-unavailable',
    '/loading-unavailable',
    () => import('../features/static-pages/pages/loading-unavailable-page'),
  ),
  pub('site', '/site/:slug', () => import('./pages/site-page')),
  pub('sitemail', '/sitemail/:slug', () => import('./pages/site-mail-page')),
  pub('site-wallet', '/site/:slug/wallet', () => import('../features/wallet/pages/quick-charge-page')),
  pub('site-terms', '/site/:slug/terms', () => import('./pages/site-terms-page')),
  pub('site-billing', '/site/:slug/billing', () => import('./pages/site-billing-page')),
  pub('account-login', '/site/:slug/account', () => import('./pages/site-account-login-page')),
  pub('account-wallet', '/site/:slug/account/wallet', () => import('./pages/site-account-wallet-page')),
  pub('account-register', '/site/:slug/account/register', () => import('./pages/site-register-page')),
  pub(
    'update-register',
    '/site/:slug/account/update-register',
    () => import('./pages/site-update-register-page'),
  ),
  pub(
    'reset-password',
    '/site/:slug/account/reset-password/:resetPasswordToken',
    () => import('./pages/site-reset-password-page'),
  ),
  pub('your-account', '/site/:slug/account/your-account', () => import('./pages/site-your-account-page')),
  dash(
    'dashboard-home',
    '/dashboard/home',
    () => import('../features/dashboard/pages/dashboard-home-page'),
    'solid',
  ),
  dash('info', '/dashboard/info', () => import('../features/dashboard/pages/info-page'), 'transparent'),
  dash(
    'transactions',
    '/dashboard/transactions',
    () => import('../features/wallet/pages/transactions-page'),
    'transparent',
  ),
  dash('orders', '/dashboard/orders', () => import('../features/checkout/pages/orders-page'), 'solid'),
  dash('wallet', '/dashboard/wallet', () => import('../features/wallet/pages/wallet-page'), 'transparent'),
  dash(
    'tickets',
    '/dashboard/tickets',
    () => import('../features/tickets/pages/tickets-page'),
    'transparent',
  ),
  {
    ...pub(
      'loginImpersonate',
      '/dashboard/impersonate',
      () => import('../features/auth/pages/impersonate-page'),
    ),
  },
  {
    ...pub('register', '/dashboard/register', () => import('../features/auth/pages/register-page')),
    headerStyle: 'solid',
  },
  {
    ...pub(
      'dashboard-reset-password',
      '/dashboard/reset-password/:resetPasswordToken',
      () => import('../features/auth/pages/reset-password-page'),
    ),
    headerStyle: 'solid',
  },
  dash('account', '/dashboard/account', () => import('../features/account/pages/account-page'), 'solid'),
  dash('forget', '/dashboard/account/forget', () => import('../features/account/pages/forget-page'), 'solid'),
  pub(
    'payment-redirect',
    '/payment/redirects',
    () => import('../features/checkout/pages/payment-redirect-page'),
  ),
  pub('dev-outbox', '/dev/outbox', () => import('../features/dev/pages/outbox-page')),
];
