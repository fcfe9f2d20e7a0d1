import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './spa-routes';

describe('isSpaRoute', () => {
  it('knows the site routes, with parameters, a trailing slash and any case', () => {
    for (const p of [
      '/',
      '/events',
      '/events/',
      '/Events',
      '/events/festival-demo',
      '/events/festival%20demo',
      '/site/festival-demo/account/reset-password/abc',
      '/dashboard/account/forget',
      '/accessibility',
    ])
      expect(isSpaRoute(p), p).toBe(true);
  });

  it('refuses anything else', () => {
    for (const p of [
      '/nao-existe',
      '/events/a/b',
      '/site',
      '/dashboard',
      '/dashboard/unknown',
      '/organizer',
      '//x',
      '/about.php',
      '/events/x/../../etc',
    ])
      expect(isSpaRoute(p), p).toBe(false);
  });
});
