import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import {
  buyTickets,
  expectFocusVisible,
  loginByApi,
  newCustomer,
  tabTo,
  type Customer,
} from '../support/helpers';

/**
 * Hardening (keyboard): login, purchase, transfer and wallet top-up with the keyboard alone:
 * only page.keyboard (Tab, Shift+Tab, Enter, Space, arrows, typing); navigation by URL only
 * where a person would type one. Focus is visible at key points, modals keep the focus
 * inside, Escape closes them and gives the focus back to the button that opened them.
 */

const alertModal = (page: Page) => page.getByTestId('alert-modal');

/** The focus is inside `container` (a modal). */
async function expectFocusInside(page: Page, container: Locator) {
  const handle = await container.elementHandle();
  expect(await page.evaluate((el) => !!el?.contains(document.activeElement), handle)).toBe(true);
}

/** Tab and Shift+Tab `n` times each: the focus never leaves the modal. */
async function expectFocusTrapped(page: Page, modal: Locator, n = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < n; i++) {
      await page.keyboard.press(key);
      await expectFocusInside(page, modal);
    }
  }
}

async function expectFocused(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  await expect.poll(() => page.evaluate((el) => el === document.activeElement, handle)).toBe(true);
}

/** Gives Ana one more festival-demo day ticket through the API (the test's own, not the seed's). */
async function buyFestivalTicket(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const event = (await (await request.get('/api/events/festival-demo')).json()) as {
    data: { id: number; ticket_types: { id: number; name: string }[] };
  };
  const day = event.data.ticket_types.find((t) => /dia 2/.test(t.name)) ?? event.data.ticket_types.at(-1)!;
  const order = await request.post('/api/orders', {
    headers,
    data: {
      event_id: event.data.id,
      include_cart: false,
      items: [{ ticket_id: day.id, qty: 1 }],
      billing: { name: 'Ana Silva', country: 'PT', document: '', postal_code: '1000-001' },
    },
  });
  expect(order.ok()).toBe(true);
  const { data } = (await order.json()) as { data: { id: number; ticket_ids: number[] } };
  const paid = await request.post(`/api/orders/${data.id}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name: 'Ana Silva' } },
  });
  expect(paid.ok()).toBe(true);
  const tickets = (await (await request.get('/api/customers/tickets', { headers })).json()) as {
    data: { id: number; event: { slug: string } }[];
  };
  return tickets.data.filter((t) => t.event.slug === 'festival-demo').map((t) => t.id);
}

test.describe.configure({ mode: 'serial' });

/** This spec's own Ana (with a festival-demo ticket, as the demo's Ana) and Rui. */
let ana: Customer;
let rui: Customer;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  ana = await newCustomer(request, { first_name: 'Ana', last_name: 'Silva' });
  rui = await newCustomer(request, { first_name: 'Rui', last_name: 'Costa' });
  await buyTickets(request, ana, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  await request.dispose();
});

test('(a) login from the header with the mobile and the password', async ({ page }) => {
  await page.goto('/');
  const account = page.getByRole('banner').getByRole('button', { name: 'A minha conta' });
  await tabTo(page, account);
  await expectFocusVisible(page);

  // the login modal traps the focus; Escape closes it and gives the focus back
  await page.keyboard.press('Enter');
  const phoneModal = page.getByTestId('login-phone-modal');
  await expect(phoneModal).toBeVisible();
  await expectFocused(page, phoneModal.getByLabel('Telemóvel'));
  await expectFocusTrapped(page, phoneModal);
  await page.keyboard.press('Escape');
  await expect(phoneModal).toHaveCount(0);
  await expectFocused(page, account);
  await expectFocusVisible(page);

  // again, this time to the end
  await page.keyboard.press('Enter');
  await expect(phoneModal).toBeVisible();
  await expectFocused(page, phoneModal.getByLabel('Telemóvel'));
  await page.keyboard.type(ana.mobile);
  await tabTo(page, phoneModal.getByRole('button', { name: 'Continuar' }));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const passwordModal = page.getByTestId('login-password-modal');
  const password = passwordModal.getByLabel('Palavra-passe', { exact: true });
  await expect(password).toBeVisible();
  await expectFocused(page, password);
  await page.keyboard.type(ana.password);
  await page.keyboard.press('Enter');
  await expect(alertModal(page)).toContainText('Sessão iniciada');
  await expectFocusInside(page, alertModal(page));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/home/);
  await expect(page.getByTestId('customer-event').first()).toBeVisible();
});

test('(b) buy concerto-demo tickets: quantity, cart, checkout, billing, card, success', async ({ page }) => {
  await loginByApi(page, ana, '/events/concerto-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Concerto Demo' })).toBeVisible();

  const more = page.getByRole('button', { name: 'Mais um bilhete Balcão', exact: true });
  await tabTo(page, more, { max: 60 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  const typeRow = page.getByTestId('ticket-type').filter({ hasText: 'Balcão' });
  await expect(typeRow.getByTestId('ticket-qty')).toHaveText('2');
  // Shift+Tab back to the minus button, one less, then forward again
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(typeRow.getByTestId('ticket-qty')).toHaveText('1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(typeRow.getByTestId('ticket-qty')).toHaveText('2');

  await tabTo(page, page.getByTestId('add-to-cart'));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  const checkoutButton = cart.getByTestId('cart-checkout');
  await tabTo(page, checkoutButton);
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');

  // summary: the modal holds the focus; Escape closes it and returns to the cart's button
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await expectFocusInside(page, modal);
  await expectFocusTrapped(page, modal, 6);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expectFocused(page, checkoutButton);
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await tabTo(page, modal.getByTestId('checkout-continue'));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');

  // billing: the name is Ana's; NIF and postal code typed
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await expect(modal.getByLabel('Nome para a fatura')).toHaveValue(/Ana Silva/);
  const nif = modal.getByLabel('NIF (contribuinte)');
  await tabTo(page, nif);
  await expectFocusVisible(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('123456789');
  await page.keyboard.press('Tab');
  await expectFocused(page, modal.getByLabel('Código postal'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1000-001');
  await page.keyboard.press('Enter');

  // payment: the method radios with the arrows, then the sandbox card
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await tabTo(page, modal.getByRole('radio', { name: 'MB WAY' }));
  await expectFocusVisible(page);
  await page.keyboard.press('ArrowRight');
  await expect(modal.getByRole('radio', { name: 'Cartão' })).toBeChecked();
  await tabTo(page, modal.getByLabel('Número do cartão'));
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/2030');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ana Silva');
  await tabTo(page, modal.getByTestId('checkout-pay'));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const success = modal.getByTestId('checkout-success');
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success).toContainText('Os seus 2 bilhetes');
  await expectFocusInside(page, modal);
  await tabTo(page, modal.getByTestId('checkout-see-tickets'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  await expect(page.getByText('Balcão').first()).toBeVisible();
});

test('(c) transfer a festival-demo ticket to Rui', async ({ page }) => {
  const token = await loginByApi(page, ana);
  const before = await buyFestivalTicket(page.request, token);
  const newest = Math.max(...before);

  // dashboard → Festival Demo → tickets, by keyboard
  await page.reload();
  const enter = page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ });
  await tabTo(page, enter, { max: 60 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  const stubs = page.getByTestId('ticket-stub');
  await expect(stubs).toHaveCount(before.length);

  const stub = page.locator(`[data-testid="ticket-stub"][data-ticket-id="${newest}"]`);
  const open = stub.getByRole('button', { name: /Transferir/ });
  await tabTo(page, open, { max: 60 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('transfer-modal');
  await expect(modal).toBeVisible();
  const mobile = modal.getByRole('textbox', { name: /Novo número de telemóvel/ });
  await expectFocused(page, mobile);
  await expectFocusTrapped(page, modal, 6);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expectFocused(page, open);

  await page.keyboard.press('Space');
  await expect(modal).toBeVisible();
  await expectFocused(page, mobile);
  await page.keyboard.type(rui.mobile);
  await tabTo(page, modal.getByTestId('transfer-submit'));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const alert = alertModal(page);
  await expect(alert).toContainText('Confirmar transferência');
  // the confirm button has the focus (Enter confirms); Enter on the cancel button cancels
  const yes = alert.getByRole('button', { name: 'Sim, transferir' });
  await expectFocused(page, yes);
  await expectFocusVisible(page);
  await tabTo(page, alert.getByRole('button', { name: 'Cancelar' }), { backwards: true, max: 3 });
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(modal).toBeVisible();
  await expectFocused(page, modal.getByTestId('transfer-submit'));
  await expect(stub).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(alert).toContainText('Confirmar transferência');
  await expectFocused(page, yes);
  await page.keyboard.press('Enter');
  await expect(alert).toContainText('Bilhete transferido');
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(stubs).toHaveCount(before.length - 1);
  await expect(stub).toHaveCount(0);
});

test('(d) wallet top-up of a preset amount with MB WAY, the countdown announced once a minute', async ({
  page,
}) => {
  await loginByApi(page, ana);
  const enter = page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ });
  await tabTo(page, enter, { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  await tabTo(page, page.getByTestId('event-menu').getByRole('link', { name: 'Carteira' }), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toBeVisible();
  const before = Number((await balance.textContent())!.replace(/[^\d,]/g, '').replace(',', '.'));

  const preset = page.getByRole('button', { name: /^10,00\s€$/ });
  await tabTo(page, preset, { max: 60 });
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(preset).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, page.getByTestId('topup-submit'));
  await expect(page.getByTestId('topup-submit')).toContainText('10,00');
  await page.keyboard.press('Enter');

  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await tabTo(page, modal.getByTestId('checkout-continue'));
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await tabTo(page, modal.getByTestId('checkout-billing-continue'));
  await page.keyboard.press('Enter');
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await tabTo(page, modal.getByRole('radio', { name: 'MB WAY' }));
  await page.keyboard.press('Space');
  await expect(modal.getByRole('radio', { name: 'MB WAY' })).toBeChecked();
  const phone = modal.getByLabel('Telemóvel MB WAY');
  await tabTo(page, phone);
  await expectFocusVisible(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(ana.mobile);
  await tabTo(page, modal.getByTestId('checkout-pay'));
  await page.keyboard.press('Enter');

  // the countdown is a silent timer; a polite status says the minutes left, once a minute
  await expect(modal.getByTestId('checkout-waiting')).toBeVisible();
  const timer = modal.getByRole('timer');
  await expect(timer).toHaveAttribute('aria-live', 'off');
  const announcement = modal.getByTestId('mbway-countdown-announcement');
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first!); // the timer ticks…
  // …the status does not, and says the minutes the timer shows (3:59 → 3 minutes)
  const shown = (await timer.textContent())!.split(':')[0];
  await expect(announcement).toHaveText(`Restam ${shown} minutos para confirmar o pagamento.`);

  const success = modal.getByTestId('checkout-success');
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expectFocusInside(page, modal);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect
    .poll(async () => Number((await balance.textContent())!.replace(/[^\d,]/g, '').replace(',', '.')))
    .toBe(before + 10);
});
