import { expect, test } from '../support/test';
import { DEMO, screenshotBoth } from '../support/helpers';

test('the home page shows the demo events and the brand in its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/^Bilheteira · /);
  // the soonest events: the demo ones, or those other specs published since (they run at once)
  await expect(page.locator('main a[href^="/events/"]').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Evento Privado' })).toHaveCount(0);
  await page.goto('/events?search=Festival%20Demo');
  await expect(page.getByRole('link', { name: 'Festival Demo' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('site-footer')).toContainText(String(new Date().getFullYear()));
  await screenshotBoth(page, 'foundation-home');
});

test('the API client sends a 16-digit Visitor-Id and the locale', async ({ page }) => {
  const request = page.waitForRequest((r) => r.url().includes('/api/'));
  await page.goto('/');
  const headers = (await request).headers();
  expect(headers['visitor-id']).toMatch(/^\d{16}$/);
  expect(headers['x-locale']).toBe('pt-pt');
});

test('a route with hidden chrome has no header or footer', async ({ page }) => {
  await page.goto('/loading-unavailable');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
});

test('a customer route without a token goes home, offers the login and comes back after it', async ({
  page,
}) => {
  await page.goto('/dashboard/orders?status=paid');
  await expect(page).toHaveURL(/\/$/);
  const phoneModal = page.getByTestId('login-phone-modal');
  await expect(phoneModal).toBeVisible();
  await phoneModal.getByLabel('Telemóvel').fill(DEMO.ana.mobile);
  await phoneModal.getByRole('button', { name: 'Continuar' }).click();
  const passwordModal = page.getByTestId('login-password-modal');
  await passwordModal.getByLabel('Palavra-passe', { exact: true }).fill(DEMO.ana.password);
  await passwordModal.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('alert-modal').getByRole('button').last().click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?status=paid$/);
});
