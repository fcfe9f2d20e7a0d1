import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { expectNoA11yViolations, lastOutboxMessage, loginByApi } from '../support/helpers';

/**
 * Issue 23 item 7: a support (impersonated) session cannot take the account over, so the app
 * disables the email, mobile and IBAN fields and offers no password change, export, erasure;
 * the customer's own email change waits for the new address's confirmation.
 */

const PASSWORD = 'Suporte!2026x';

/** A fresh, active customer with a confirmed email, created through the API. */
async function newCustomer(page: Page) {
  const stamp = Date.now().toString().slice(-6);
  const who = { mobile: `93${stamp}7`, email: `apoio.${stamp}@example.pt` };
  const reg = await page.request.post('/api/customers/register', {
    data: {
      first_name: 'Sofia',
      last_name: `Apoio${stamp}`,
      email: who.email,
      mobile_country_code: '351',
      mobile: who.mobile,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accepted_terms: true,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const sms = await lastOutboxMessage(page, `+351${who.mobile}`);
  const act = await page.request.post('/api/customers/activate', {
    data: { mobile_country_code: '351', mobile: who.mobile, code: String(sms!.meta.code) },
  });
  expect(act.ok(), await act.text()).toBe(true);
  const mail = await lastOutboxMessage(page, who.email);
  const token = new URL(String(mail!.meta.link)).searchParams.get('token');
  expect((await page.request.post('/api/customers/confirm-email', { data: { token } })).ok()).toBe(true);
  return who;
}

/** A single-use support link from the operator API (X-Operator-Key, set by global-setup). */
async function supportLink(request: APIRequestContext, mobile: string) {
  const key = process.env.E2E_OPERATOR_KEY;
  expect(key, 'E2E_OPERATOR_KEY must be set when E2E_BASE_URL is').toBeTruthy();
  const res = await request.post('/api/operator/impersonations', {
    headers: { 'x-operator-key': key! },
    data: { mobile_country_code: '351', mobile, operator: 'e2e-agent' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { url } = ((await res.json()) as { data: { url: string } }).data;
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

async function shots(page: Page, name: string) {
  for (const [label, width] of [
    ['390', 390],
    ['1280', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('support session', () => {
  test('support staff cannot change email, mobile, IBAN or password, nor export or erase data', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const who = await newCustomer(page);
    await page.goto(await supportLink(page.request, who.mobile));
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByTestId('impersonation-banner')).toBeVisible();

    await page.goto('/dashboard/account');
    const form = page.getByTestId('account-form');
    await expect(form.locator('input[name="email"]')).toHaveValue(who.email);
    await expect(form.locator('input[name="email"]')).toBeDisabled();
    await expect(form.locator('input[name="iban"]')).toBeDisabled();
    await expect(form.locator('input[type="tel"]')).toBeDisabled();
    await expect(form.getByText('Só o próprio cliente pode alterar este campo.').first()).toBeVisible();
    // names can still be corrected for the customer
    await expect(form.locator('input[name="last_name"]')).toBeEnabled();
    await expect(page.getByTestId('password-form')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Alterar palavra-passe' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descarregar os meus dados' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Pedir o esquecimento dos dados' })).toHaveCount(0);
    await expect(page.getByTestId('support-only')).toHaveCount(2);
    await expect(page.getByTestId('support-only').first()).toHaveText(
      'Não disponível numa sessão de apoio ao cliente: só o próprio cliente o pode fazer.',
    );
    await expectNoA11yViolations(page);
    await shots(page, 'support-session-account-pt');

    // the erasure page, opened directly, offers nothing either
    await page.goto('/dashboard/account/forget');
    await expect(page.getByTestId('support-only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pedir o esquecimento dos dados' })).toHaveCount(0);

    // in English
    await page.evaluate(() => localStorage.setItem('locale', '"en"'));
    await page.goto('/dashboard/account');
    await expect(page.getByTestId('account-form').locator('input[name="email"]')).toBeDisabled();
    await expect(page.getByText('Only the customer can change this field.').first()).toBeVisible();
    await expect(page.getByTestId('support-only').first()).toHaveText(
      'Not available in a customer-support session: only the customer can do this.',
    );
    await shots(page, 'support-session-account-en');
  });

  test('the customer changes her email: it waits for the new address to confirm it', async ({ page }) => {
    test.setTimeout(120_000);
    const who = await newCustomer(page);
    await loginByApi(
      page,
      { mobile: who.mobile, password: PASSWORD, e164: `+351${who.mobile}` },
      '/dashboard/account',
    );
    const form = page.getByTestId('account-form');
    await expect(form.locator('input[name="email"]')).toBeEnabled();
    await expect(page.getByTestId('password-form')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descarregar os meus dados' })).toBeVisible();
    const next = who.email.replace('apoio.', 'novo.');
    await form.locator('input[name="email"]').fill(next);
    await form.getByRole('button', { name: 'Guardar alterações' }).click();
    const alert = page.getByTestId('alert-modal');
    await expect(alert).toContainText(`Enviámos uma ligação de confirmação para ${next}`);
    await alert.getByRole('button').last().click();
    // the current address stays in use; the new one is shown waiting for confirmation
    await expect(form.locator('input[name="email"]')).toHaveValue(who.email);
    await expect(page.getByTestId('email-pending')).toContainText(
      `Novo e-mail à espera de confirmação: ${next}`,
    );
    await shots(page, 'email-pending-pt');
    expect((await lastOutboxMessage(page, who.email))!.meta.purpose).toBe('email_change_notice');

    // following the link switches the account to the new address
    const link = new URL(String((await lastOutboxMessage(page, next))!.meta.link));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('email-confirmation')).toHaveAttribute('data-status', 'done');
    await page.evaluate(() => localStorage.setItem('locale', '"en"'));
    await page.goto('/dashboard/account');
    await expect(page.getByTestId('account-form').locator('input[name="email"]')).toHaveValue(next);
    await expect(page.getByTestId('email-pending')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  });
});
