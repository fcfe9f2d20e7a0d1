import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '../support/test';
import {
  expectNoA11yViolations,
  freshMobile,
  lastOutboxMessage,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

/**
 * Issue 25 item 1, the checkout survives identity: (a) the "Sessão iniciada" message of a
 * login from checkout (after a wrong password) is answered with a tap and the checkout
 * follows; (b) the checkout then has the focus on its title, so Enter does not close it;
 * (c) a session ended elsewhere midway: session-expired alert, login, the same payment step
 * with the cart; (d) a new buyer registers from checkout and comes back to it with the cart.
 */
const EVENT = '/events/concerto-demo';
const alertModal = (page: Page) => page.getByTestId('alert-modal');
const checkout = (page: Page) => page.getByTestId('checkout-modal');

async function confirmAlert(page: Page, title: string, button = 'OK') {
  const alert = alertModal(page);
  await expect(alert.getByRole('heading', { name: title })).toBeVisible();
  await alert.getByRole('button', { name: button }).click();
  await expect(alert).toHaveCount(0);
}

/**
 * The page's requests come from a documentation address of this spec (the e2e server trusts
 * X-Forwarded-For from 127.0.0.1), so its logins and SMS count apart from other specs'; the
 * visitor id is known, so the cart can be filled through the API.
 */
async function asVisitor(page: Page) {
  const visitor = `${randomInt(1, 10)}${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` });
  await page.addInitScript((id) => localStorage.setItem('visitor_id', JSON.stringify(id)), visitor);
  return visitor;
}

/** Two Balcão tickets of concerto-demo in the cart of a visitor (id) or a customer (token). */
async function fillCart(page: Page, who: { visitor: string } | { token: string }) {
  const res = await page.request.get(`/api${EVENT}`);
  const event = ((await res.json()) as { data: { id: number; ticket_types: { id: number; name: string }[] } })
    .data;
  const type = event.ticket_types.find((t) => t.name === 'Balcão')!;
  const headers: Record<string, string> =
    'visitor' in who ? { 'Visitor-Id': who.visitor } : { authorization: `Bearer ${who.token}` };
  const add = await page.request.post('/api/carts/add-item', {
    headers,
    data: { ticket_id: type.id, event_id: event.id, amount: 2 },
  });
  expect(add.ok(), await add.text()).toBe(true);
}

async function openCheckout(page: Page) {
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await cart.getByTestId('cart-checkout').click();
}

async function loginInModals(page: Page, who: Pick<Customer, 'mobile' | 'password'>, wrongFirst = false) {
  const phone = page.getByTestId('login-phone-modal');
  await phone.getByLabel('Telemóvel').fill(who.mobile);
  await phone.getByRole('button', { name: 'Continuar' }).click();
  const password = page.getByTestId('login-password-modal');
  if (wrongFirst) {
    await password.getByLabel('Palavra-passe', { exact: true }).fill('Errada!2026');
    await password.getByRole('button', { name: 'Entrar' }).click();
    await confirmAlert(page, 'Erro de início de sessão');
  }
  await password.getByLabel('Palavra-passe', { exact: true }).fill(who.password);
  await password.getByRole('button', { name: 'Entrar' }).click();
  await expect(alertModal(page).getByRole('heading', { name: 'Sessão iniciada' })).toBeVisible();
}

test('(a)(b) login at checkout after a wrong password: tap OK, the summary follows and Enter keeps it', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'Inês', last_name: 'Carvalho' });
  const visitor = await asVisitor(page);
  await fillCart(page, { visitor });
  await page.goto(EVENT);
  await openCheckout(page);
  await loginInModals(page, buyer, true);

  // the message is on top and answers a tap; the checkout comes after it, not under it
  await expect(checkout(page)).toHaveCount(0);
  await alertModal(page).getByRole('button', { name: 'OK' }).click();
  const modal = checkout(page);
  const title = modal.getByRole('heading', { name: 'Resumo da encomenda' });
  await expect(title).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${EVENT}$`));
  await expect(modal.getByTestId('checkout-summary-lines').getByRole('listitem')).toHaveCount(1);
  await expect(modal.getByTestId('checkout-summary-lines')).toContainText('Balcão');

  // the focus is on the title, not the close button: Enter leaves the checkout open
  await expect(title).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25a1-checkout-after-login');

  // the same screen in English and Spanish
  for (const [locale, heading] of [
    ['en', 'Order summary'],
    ['es', 'Resumen del pedido'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
    await page.reload();
    await openCheckout(page);
    await expect(checkout(page).getByRole('heading', { name: heading })).toBeFocused();
    await screenshotBoth(page, `25a1-checkout-after-login-${locale}`);
  }
});

test('(b)(c) a session ended elsewhere at "Pagar": session expired, login, the same payment step', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'Tiago', last_name: 'Lopes' });
  await asVisitor(page);
  await fillCart(page, buyer);
  const token = await loginByApi(page, buyer, EVENT);
  await openCheckout(page);

  const modal = checkout(page);
  await modal.getByTestId('checkout-continue').click();
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await modal.getByLabel('NIF (contribuinte)').fill('123456789');
  await modal.getByLabel('Código postal').fill('1000-001');
  await modal.getByTestId('checkout-billing-continue').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await modal.getByText('MB WAY', { exact: true }).click();
  await expect(modal.getByRole('radio', { name: 'MB WAY' })).toBeChecked();

  // the session ends elsewhere (logout on another device) while the checkout is open
  const out = await page.request.post('/api/customers/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.ok()).toBe(true);
  await modal.getByTestId('checkout-pay').click();

  // the session-expired alert of spec §8, with its login button; the dead token is gone
  await expect(alertModal(page)).toContainText('A sua sessão expirou');
  await screenshotBoth(page, '25a1-session-expired-at-checkout');
  expect(await page.evaluate(() => localStorage.getItem('customer_token'))).toBeNull();
  await confirmAlert(page, 'Sessão expirada', 'Iniciar sessão');
  await expect(page.getByTestId('login-phone-modal')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${EVENT}$`));
  await loginInModals(page, buyer);

  // Enter answers the message (spec §2); the checkout is back where it was, title focused
  await page.keyboard.press('Enter');
  const title = modal.getByRole('heading', { name: 'Pagamento' });
  await expect(title).toBeVisible();
  await expect(title).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(title).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'MB WAY' })).toBeChecked();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25a1-checkout-resumed');

  // and it pays: the MB WAY request goes out under the new session
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-waiting')).toBeVisible();
  await expect(modal.getByTestId('checkout-waiting')).toContainText(buyer.mobile);
});

test('(d) a new buyer registers from checkout and is back in the checkout with the cart', async ({
  page,
}) => {
  const visitor = await asVisitor(page);
  await fillCart(page, { visitor });
  await page.goto(EVENT);
  await openCheckout(page);

  const mobile = freshMobile();
  const phone = page.getByTestId('login-phone-modal');
  await phone.getByLabel('Telemóvel').fill(mobile);
  await phone.getByRole('button', { name: 'Continuar' }).click();
  await confirmAlert(page, 'Número sem conta', 'Criar conta');

  await expect(page).toHaveURL(/\/dashboard\/register\?/);
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nome', { exact: true }).fill('Marta');
  await form.getByLabel('Apelido').fill('Sousa');
  await form.getByLabel('E-mail', { exact: true }).fill(`e2e.${mobile}.${randomInt(1e6)}@example.pt`);
  await form.getByLabel('Palavra-passe', { exact: true }).fill('Demo!2026');
  await form.getByLabel('Confirmar palavra-passe').fill('Demo!2026');
  await form.getByRole('checkbox', { name: /Termos e condições/ }).check();
  await form.getByRole('button', { name: 'Criar conta' }).click();

  const activate = page.getByTestId('activate-form');
  await expect(activate).toBeVisible();
  const sms = await lastOutboxMessage(page, `+351${mobile}`);
  await activate.getByLabel('Código SMS').fill(String(sms!.meta.code));
  await activate.getByRole('button', { name: 'Ativar conta' }).click();
  await confirmAlert(page, 'Conta ativada');

  // back on the event page, in the checkout, with the cart the visitor filled
  await expect(page).toHaveURL(new RegExp(`${EVENT}$`));
  const modal = checkout(page);
  const title = modal.getByRole('heading', { name: 'Resumo da encomenda' });
  await expect(title).toBeVisible();
  await expect(title).toBeFocused();
  await expect(modal.getByTestId('checkout-summary-lines').getByRole('listitem')).toHaveCount(1);
  await expect(modal.getByTestId('checkout-summary-lines')).toContainText('Balcão');
  await modal.getByTestId('checkout-continue').click();
  await expect(modal.getByLabel('Nome para a fatura')).toHaveValue('Marta Sousa');
  await screenshotBoth(page, '25a1-checkout-after-registration');
});
