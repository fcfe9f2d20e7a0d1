import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

/**
 * Each test is a person browsing from an address of their own: the e2e server trusts the local
 * proxy's X-Forwarded-For (global-setup TRUSTED_PROXIES), so per-address rate limits (30 logins
 * in 15 minutes, say) count one person's attempts, as in production, not the whole suite's.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});
