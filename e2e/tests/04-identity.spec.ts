import { expect, test, type Page } from '../support/test';
import {
  expectNoA11yViolations,
  freshMobile,
  lastOutboxMessage,
  newCustomer,
  screenshotBoth,
} from '../support/helpers';

/**
 * Issue 4 done-when: a new customer registers a new +351 number, activates with the SMS code
 * from the dev outbox, logs out, logs in through the two modals, is asked to continue on a
 * second "My account", meets the session-expired flow, resets the password by the emailed
 * link and logs in with the new one. Each run registers a number and email of its own.
 */
const newJoana = () => {
  const mobile = freshMobile();
  return {
    mobile,
    e164: `+351${mobile}`,
    /** as the phone field shows it: 915 000 001 */
    shown: `${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`,
    email: `joana.e2e.${mobile}@example.pt`,
  };
};
type Joana = ReturnType<typeof newJoana>;
const FIRST_PASSWORD = 'Primeira!2026';
const NEW_PASSWORD = 'Segunda!Senha2026';

const alertModal = (page: Page) => page.getByTestId('alert-modal');
async function confirmAlert(page: Page, title: string | RegExp, button?: string) {
  const alert = alertModal(page);
  await expect(alert).toBeVisible();
  const heading = alert.getByRole('heading', { name: title });
  await expect(heading).toBeVisible();
  if (button) await alert.getByRole('button', { name: button }).click();
  else await alert.getByRole('button').last().click();
  // the next alert may open at once: wait for this one only to go
  await expect(heading).toHaveCount(0);
}

async function openMyAccount(page: Page) {
  await page.getByTestId('site-header').getByRole('button', { name: 'A minha conta' }).click();
}

async function loginThroughModals(page: Page, joana: Joana, password: string, shots = false) {
  const phoneModal = page.getByTestId('login-phone-modal');
  await expect(phoneModal).toBeVisible();
  await phoneModal.getByLabel('Telemóvel').fill(joana.mobile);
  await expect(phoneModal.getByLabel('Telemóvel')).toHaveValue(joana.shown);
  await phoneModal.getByRole('button', { name: 'Continuar' }).click();
  await expect(phoneModal).toHaveCount(0);
  const passwordModal = page.getByTestId('login-password-modal');
  await expect(passwordModal).toBeVisible();
  await expect(passwordModal).toContainText(`+351 ${joana.shown}`);
  if (shots) {
    await screenshotBoth(page, '04-login-password-modal');
    await expectNoA11yViolations(page);
  }
  await passwordModal.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await passwordModal.getByRole('button', { name: 'Entrar' }).click();
  await confirmAlert(page, 'Sessão iniciada');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByTestId('welcome')).toHaveText('Olá, Joana Marques');
}

test('register, activate by SMS, log out, log in, session expired, reset the password', async ({ page }) => {
  test.setTimeout(120_000);
  const joana = newJoana();
  await page.goto('/');

  // An unknown number at the phone step offers registration.
  await openMyAccount(page);
  const phoneModal = page.getByTestId('login-phone-modal');
  await expect(phoneModal).toBeVisible();
  const submit = phoneModal.getByRole('button', { name: 'Continuar' });
  await expect(submit).toBeDisabled();
  await phoneModal.getByLabel('Telemóvel').fill('91a5');
  await expect(phoneModal.getByLabel('Telemóvel')).toHaveValue('915');
  await expect(submit).toBeDisabled();
  await phoneModal.getByLabel('Telemóvel').fill(joana.mobile);
  await expect(submit).toBeEnabled();
  // the country list: searchable, Esc closes only the list
  await phoneModal.getByTestId('phone-country').click();
  await phoneModal.getByRole('combobox').fill('brasil');
  await expect(phoneModal.getByRole('option')).toHaveCount(1);
  await screenshotBoth(page, '04-login-phone-country-list');
  await page.keyboard.press('Escape');
  await expect(phoneModal.getByRole('listbox')).toHaveCount(0);
  await expect(phoneModal).toBeVisible();
  await screenshotBoth(page, '04-login-phone-modal');
  await expectNoA11yViolations(page);
  await submit.click();
  await confirmAlert(page, 'Número sem conta', 'Criar conta');

  // Registration, with the number carried over.
  await expect(page).toHaveURL(/\/dashboard\/register\?/);
  const form = page.getByTestId('register-form');
  await expect(form.getByLabel('Telemóvel')).toHaveValue(joana.shown);
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form.getByText('Campo obrigatório.').first()).toBeVisible();
  await form.getByLabel('Nome', { exact: true }).fill('Joana');
  await form.getByLabel('Apelido').fill('Marques');
  await form.getByLabel('E-mail', { exact: true }).fill(joana.email);
  await form.getByLabel('Palavra-passe', { exact: true }).fill(FIRST_PASSWORD);
  await expect(page.getByTestId('password-strength')).toContainText('Forte');
  await form.getByLabel('Confirmar palavra-passe').fill('Diferente!2026');
  await form.getByRole('checkbox', { name: /Termos e condições/ }).check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await expect(form.getByText('As palavras-passe não coincidem.')).toBeVisible();
  await form.getByLabel('Confirmar palavra-passe').fill(FIRST_PASSWORD);
  await screenshotBoth(page, '04-register-page');
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Criar conta' }).click();

  // SMS activation with the code from the dev outbox.
  const activate = page.getByTestId('activate-form');
  await expect(activate).toBeVisible();
  await expect(activate.getByTestId('resend-code')).toBeDisabled();
  const sms = await lastOutboxMessage(page, joana.e164);
  const code = String(sms!.meta.code);
  expect(code).toMatch(/^\d{6}$/);
  await activate.getByLabel('Código SMS').fill(code === '000000' ? '111111' : '000000');
  await activate.getByRole('button', { name: 'Ativar conta' }).click();
  await expect(activate.getByRole('alert')).toContainText('Restam 4 tentativas');
  await activate.getByLabel('Código SMS').fill(code);
  await screenshotBoth(page, '04-activate');
  await activate.getByRole('button', { name: 'Ativar conta' }).click();
  await confirmAlert(page, 'Conta ativada');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByTestId('welcome')).toHaveText('Olá, Joana Marques');

  // The email confirmation link.
  const confirmation = await lastOutboxMessage(page, joana.email);
  await page.goto(
    new URL(String(confirmation!.meta.link)).pathname + new URL(String(confirmation!.meta.link)).search,
  );
  await expect(page.getByTestId('email-confirmation')).toHaveAttribute('data-status', 'done');

  // Log out: confirmation question, then the logged-out message, then home.
  await page.goto('/dashboard/home');
  await page.getByTestId('dashboard-header').getByRole('button', { name: 'Terminar sessão' }).click();
  await confirmAlert(page, 'Terminar sessão', 'Sim');
  await confirmAlert(page, 'Sessão terminada');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('customer_token'))).toBeNull();

  // Log in through the two modals.
  await openMyAccount(page);
  await loginThroughModals(page, joana, FIRST_PASSWORD, true);

  // A second "My account" with a stored token asks to continue.
  await page.goto('/');
  await openMyAccount(page);
  await confirmAlert(page, 'A minha conta', 'Sim');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  // the dashboard has loaded with the session (a revocation mid-load would meet the 401 before the reload)
  await expect(page.getByTestId('dashboard-header').getByTestId('welcome')).toBeVisible();

  // The session ends server-side; a reload meets the session-expired flow.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('customer_token')!) as string);
  await page.request.post('/api/customers/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(alertModal(page)).toContainText('A sua sessão expirou');
  await screenshotBoth(page, '04-session-expired');
  await confirmAlert(page, 'Sessão expirada', 'Iniciar sessão');
  await expect(page).toHaveURL(/\/$/);

  // Forgot password, from the password step of the login modal.
  const phone = page.getByTestId('login-phone-modal');
  await expect(phone).toBeVisible();
  await phone.getByLabel('Telemóvel').fill(joana.mobile);
  await phone.getByRole('button', { name: 'Continuar' }).click();
  const passwordModal = page.getByTestId('login-password-modal');
  await passwordModal.getByLabel('Palavra-passe', { exact: true }).fill('errada-123');
  await passwordModal.getByRole('button', { name: 'Entrar' }).click();
  await confirmAlert(page, 'Erro de início de sessão');
  await passwordModal.getByTestId('forgot-password').click();
  await confirmAlert(page, 'Recuperar palavra-passe', 'Sim, enviar');
  await confirmAlert(page, 'Pedido enviado');
  await page.keyboard.press('Escape');

  const resetMail = await lastOutboxMessage(page, joana.email);
  const link = new URL(String(resetMail!.meta.link));
  expect(link.pathname).toMatch(/^\/dashboard\/reset-password\/[\w-]{20,}$/);
  await page.goto(link.pathname);
  const reset = page.getByTestId('reset-password-form');
  await reset.getByLabel('Nova palavra-passe', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Confirmar nova palavra-passe').fill(NEW_PASSWORD);
  await screenshotBoth(page, '04-reset-password');
  await expectNoA11yViolations(page);
  await reset.getByRole('button', { name: 'Guardar palavra-passe' }).click();
  await confirmAlert(page, 'Palavra-passe alterada');

  // The link opened the login: log in with the new password.
  await loginThroughModals(page, joana, NEW_PASSWORD);
});

test('the dev outbox page lists the messages with their codes and links', async ({ page }) => {
  // a customer of this test's own: its activation SMS is in the outbox
  const { e164 } = await newCustomer(page.request, { first_name: 'Joana', last_name: 'Marques' });
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Caixa de saída (desenvolvimento)');
  await page.getByLabel('Filtrar por destinatário').fill(e164);
  await expect(page.getByTestId('outbox-entry').first()).toBeVisible();
  await expect(page.getByTestId('outbox-code').first()).toHaveText(/^\d{6}$/);
  await screenshotBoth(page, '04-dev-outbox');
  await expectNoA11yViolations(page);
});
