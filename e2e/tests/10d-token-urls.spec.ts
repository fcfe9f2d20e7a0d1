import { expect, test, type Page } from '../support/test';
import { lastOutboxMessage } from '../support/helpers';

/**
 * Issue 23 item 8: a bearer token that arrives in a URL (the login hand-over
 * `/dashboard/home?accessToken=…`, a support link `/dashboard/impersonate?token=…`) leaves the
 * address bar and the history entry as soon as the app holds it: Back never returns to it.
 */

/** A fresh, activated customer made through the API, logged in: answers the bearer token. */
async function freshCustomerToken(page: Page): Promise<string> {
  const stamp = `${Date.now()}`.slice(-7);
  const mobile = `96${stamp}`;
  const password = 'Historia!2026x';
  const reg = await page.request.post('/api/customers/register', {
    data: {
      first_name: 'Rita',
      last_name: `Historico${stamp}`,
      email: `historico.${stamp}@example.pt`,
      mobile_country_code: '351',
      mobile,
      password,
      password_confirmation: password,
      accepted_terms: true,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const sms = await lastOutboxMessage(page, `+351${mobile}`);
  const act = await page.request.post('/api/customers/activate', {
    data: { mobile_country_code: '351', mobile, code: String(sms!.meta.code) },
  });
  expect(act.ok(), await act.text()).toBe(true);
  const login = await page.request.post('/api/customers/login-password', {
    data: { mobile_country_code: '351', mobile, password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

test('the login token leaves the address bar and the history once the dashboard holds it', async ({
  page,
}) => {
  const token = await freshCustomerToken(page);
  await page.goto('/');
  await page.goto(`/dashboard/home?accessToken=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Os seus eventos' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  expect(page.url()).not.toContain(token.slice(0, 12));

  // Back goes to the page before, never to the URL with the token; Forward returns without it
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  expect(page.url()).not.toContain('accessToken');
  // the session was kept: the dashboard still shows
  await expect(page.getByRole('heading', { level: 1, name: 'Os seus eventos' })).toBeVisible();
});

test('a support link token leaves the address bar and the history at once, even when refused', async ({
  page,
}) => {
  const token = 'Zq8_unknownSupportLinkToken0123456789abcdEF';
  await page.goto('/');
  await page.goto(`/dashboard/impersonate?token=${token}`);
  await expect(page.getByTestId('impersonate-error')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/impersonate$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/dashboard\/impersonate$/);
  expect(page.url()).not.toContain(token);
});

test('confirmation and unsubscribe link tokens leave the address bar at once, and still work', async ({
  page,
}) => {
  // an email confirmation link: checked (here refused) with the token held in memory
  const confirmToken = 'Cf9_unknownConfirmationToken0123456789abcdEF';
  await page.goto('/');
  await page.goto(`/activate?token=${confirmToken}`);
  await expect(page.getByTestId('email-confirmation')).toHaveAttribute('data-status', 'failed');
  await expect(page).toHaveURL(/\/activate$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  // an unsubscribe link: the one-click confirmation still sends the token it arrived with
  const unsubToken = '1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  await page.goto(`/unsub?token=${unsubToken}`);
  await expect(page).toHaveURL(/\/unsub$/);
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(page.getByRole('alert')).toContainText('inválida');
  expect(page.url()).not.toContain('AAAAAAAA');
});
