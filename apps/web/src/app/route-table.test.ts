import { describe, expect, it } from 'vitest';
import { SPA_ROUTE_PATTERNS } from '@bilheteira/shared/spa-routes';
import { layoutFor, ROUTES } from './route-table';

const byName = (name: string) => ROUTES.find((r) => r.name === name)!;

describe('route table (spec §2)', () => {
  it('has every route of the spec', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of [
      '/',
      '/events',
      '/events/:slug',
      '/organizer/:slug',
      '/about',
      '/activate',
      '/terms',
      '/faq',
      '/privacy',
      '/need-help',
      '/create-account',
      '/404',
      '/unsub',
      '/privacy-app',
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
      '/dashboard/account',
      '/dashboard/account/forget',
      '/payment/redirects',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('routes exactly the patterns the server knows (anything else answers 404)', () => {
    expect([...ROUTES.map((r) => r.path)].sort()).toEqual([...SPA_ROUTE_PATTERNS].sort());
  });

  it('applies the layout rules', () => {
    expect(layoutFor(byName('event-details'))).toBe('event');
    expect(layoutFor(byName('site-home'))).toBe('site');
    expect(layoutFor(byName('dashboard-home'))).toBe('dashboard');
    expect(layoutFor(byName('loginImpersonate'))).toBe('none');
    for (const n of [
      'site',
      'sitemail',
      'site-wallet',
      'checkEvent',
      'account-login',
      'payment-redirect',
      'loading-unavailable',
      'reset-password',
    ]) {
      expect(layoutFor(byName(n)), n).toBe('none');
    }
  });

  it('guards the dashboard and leaves public routes open', () => {
    expect(byName('tickets').guard).toBe('customer');
    expect(byName('account').guard).toBe('customer');
    expect(byName('events').guard).toBe('public');
    expect(byName('register').guard).toBe('public');
  });

  it('styles the dashboard header solid or transparent per spec', () => {
    for (const n of ['dashboard-home', 'orders', 'account']) expect(byName(n).headerStyle).toBe('solid');
    for (const n of ['tickets', 'wallet', 'transactions', 'info'])
      expect(byName(n).headerStyle).toBe('transparent');
  });
});
