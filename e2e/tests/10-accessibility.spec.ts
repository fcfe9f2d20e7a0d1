import { expect, test, type Page } from '../support/test';
import { expectNoA11yViolations, loginByApi, SWEEP_VIEWPORTS } from '../support/helpers';

/**
 * Accessibility sweep (the European Accessibility Act applies to online ticket sales):
 * axe on every route of the route table, at 390 px and 1280 px, in pt-PT.
 */
const PUBLIC_ROUTES = [
  '/',
  '/events',
  '/events/festival-demo',
  '/events/teatro-demo',
  '/organizer/promotora-demo',
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
  '/check/00000000-0000-0000-0000-000000000000',
  '/loading-unavailable',
  '/site/festival-demo',
  '/sitemail/festival-demo',
  '/site/festival-demo/wallet',
  '/site/festival-demo/terms',
  '/site/festival-demo/billing',
  '/site/festival-demo/account',
  '/site/festival-demo/account/register',
  '/site/festival-demo/account/reset-password/invalid-token',
  '/dashboard/register',
  '/dashboard/impersonate',
  '/payment/redirects',
];

const CUSTOMER_ROUTES = [
  '/dashboard/home',
  '/dashboard/orders',
  '/dashboard/account',
  '/dashboard/account/forget',
  '/dashboard/tickets',
  '/dashboard/wallet',
  '/dashboard/transactions',
  '/dashboard/info',
  '/site/festival-demo/account/your-account',
  '/site/festival-demo/account/update-register',
  '/site/festival-demo/account/wallet',
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // let entrance transitions finish so colours are final
  await page.waitForTimeout(100);
}

for (const [label, viewport] of Object.entries(SWEEP_VIEWPORTS)) {
  test.describe(`axe at ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('public routes have no violations', async ({ page }) => {
      test.setTimeout(180_000);
      for (const path of PUBLIC_ROUTES) {
        await test.step(path, async () => {
          await page.goto(path);
          await settle(page);
          await expectNoA11yViolations(page);
        });
      }
    });

    test('customer routes have no violations', async ({ page }) => {
      test.setTimeout(180_000);
      await loginByApi(page);
      await page.waitForURL(/dashboard\/home/);
      // enter the festival's event area so tickets/wallet/transactions/info have an event
      await page.evaluate(async () => {
        const res = await fetch('/api/events/festival-demo');
        const { data } = (await res.json()) as { data: { id: number; slug: string; name: string } };
        localStorage.setItem('event_slug', JSON.stringify({ id: data.id, slug: data.slug, name: data.name }));
      });
      for (const path of CUSTOMER_ROUTES) {
        await test.step(path, async () => {
          await page.goto(path);
          await settle(page);
          await expect(page).not.toHaveURL(/\/$/);
          await expectNoA11yViolations(page);
        });
      }
    });

    test('global modals have no violations', async ({ page }) => {
      await page.goto('/');
      await settle(page);
      if (viewport.width < 992) {
        await page.getByTestId('mobile-menu-button').click();
        await expect(page.getByTestId('mobile-sidebar')).toBeVisible();
        await expectNoA11yViolations(page);
        await page.keyboard.press('Escape');
      }
      await page.goto('/?login=1');
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await expectNoA11yViolations(page);
    });
  });
}
