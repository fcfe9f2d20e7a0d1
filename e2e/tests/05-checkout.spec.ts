import { expect, test, type Page } from '../support/test';
import { DEMO, expectNoA11yViolations, loginByApi, newCustomer, screenshotBoth } from '../support/helpers';

/**
 * Issue 5 done-when: a visitor adds tickets for two sessions of teatro-demo, changes a
 * quantity, logs in at checkout, fills billing data, pays with MB WAY in the sandbox
 * (auto-approved after SANDBOX_MBWAY_AUTO_APPROVE_MS = 4 s) and watches the countdown turn
 * into success, sees the tickets and the order under Paid; a declined card shows the spec's
 * message and leaves the order payable; an abandoned order expires and its tickets are back.
 */
const alertModal = (page: Page) => page.getByTestId('alert-modal');

async function confirmAlert(page: Page, title: string | RegExp, text?: string | RegExp) {
  const alert = alertModal(page);
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('heading', { name: title })).toBeVisible();
  if (text) await expect(alert).toContainText(text);
  await alert.getByRole('button').last().click();
  await expect(alert.getByRole('heading', { name: title })).toHaveCount(0);
}

async function addFromSelector(page: Page, dateIndex: number, typeName: string, qty: number) {
  const dates = page.getByRole('group', { name: 'Data da sessão' }).getByRole('radio');
  await dates.nth(dateIndex).check({ force: true });
  const more = page.getByRole('button', { name: `Mais um bilhete ${typeName}`, exact: true });
  for (let i = 0; i < qty; i++) await more.click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
}

/** Normal has more than 50 left, so the event page gives its exact count (not "últimos bilhetes"). */
async function availableNormal(page: Page) {
  const res = await page.request.get('/api/events/teatro-demo');
  const { data } = (await res.json()) as {
    data: {
      ticket_types: { id: number; name: string }[];
      sessions: { availability: Record<string, number> }[];
    };
  };
  const id = data.ticket_types.find((t) => t.name === 'Normal')!.id;
  return data.sessions[2]!.availability[String(id)]!;
}

test('cart → login at checkout → MB WAY → tickets; declined card; expiry returns the tickets', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // this spec's own Ana: her orders and tickets are only the ones this test makes
  const ana = await newCustomer(page.request, { first_name: 'Ana', last_name: 'Silva' });
  // once the cart has items, the checkout's and the login's code load ahead (not on the click)
  const codeAhead = ['checkout-modal', 'login-modal'].map((chunk) =>
    page.waitForRequest(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`)),
  );
  await page.goto('/events/teatro-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Teatro Demo' })).toBeVisible();

  // two sessions: 2 × Normal on the first date, 1 × Normal on the second
  await addFromSelector(page, 0, 'Normal', 2);
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await addFromSelector(page, 1, 'Normal', 1);
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  await expect(cart.getByTestId('cart-line').first()).toContainText(/Sessão de \d{2}\/\d{2}\/\d{4} às 17:00/);

  // change a quantity in the cart: 2 → 3
  await cart.getByRole('button', { name: 'Aumentar Normal no carrinho' }).first().click();
  await expect(cart.getByRole('heading', { name: /\(4 bilhetes\)/ })).toBeVisible();
  // 60 € + 3 % service + 23 % VAT on it, per ticket: 4 × the all-in 15,55 €
  await expect(cart.getByTestId('cart-total')).toHaveText(/62,20\s€/);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '05-cart');

  // checkout asks who you are first
  await Promise.all(codeAhead);
  await cart.getByTestId('cart-checkout').click();
  const phoneModal = page.getByTestId('login-phone-modal');
  await expect(phoneModal).toBeVisible();
  await phoneModal.getByLabel('Telemóvel').fill(ana.mobile);
  await phoneModal.getByRole('button', { name: 'Continuar' }).click();
  const passwordModal = page.getByTestId('login-password-modal');
  await passwordModal.getByLabel('Palavra-passe', { exact: true }).fill(ana.password);
  await passwordModal.getByRole('button', { name: 'Entrar' }).click();
  await confirmAlert(page, 'Sessão iniciada');
  await expect(page).toHaveURL(/\/events\/teatro-demo$/);

  // summary with the visitor's cart, now Ana's
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await expect(modal.getByTestId('checkout-summary-lines').getByRole('listitem')).toHaveCount(2);
  await expect(modal.getByTestId('checkout-total')).toHaveText(/62,20\s€/);
  await screenshotBoth(page, '05-checkout-summary');
  await modal.getByTestId('checkout-continue').click();

  // billing: a wrong NIF check digit is refused, a right one passes
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await expect(modal.getByLabel('Nome para a fatura')).toHaveValue(/Ana Silva/);
  await modal.getByLabel('NIF (contribuinte)').fill('123456780');
  await modal.getByLabel('Código postal').fill('1000-001');
  await modal.getByTestId('checkout-billing-continue').click();
  await expect(modal.getByText('NIF inválido.')).toBeVisible();
  await modal.getByLabel('NIF (contribuinte)').fill('123456789');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '05-checkout-billing');
  await modal.getByTestId('checkout-billing-continue').click();

  // MB WAY: nothing remembered on this device yet, so Ana's own mobile is offered
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await modal.getByText('MB WAY', { exact: true }).click();
  const [m3, m6, m9] = [ana.mobile.slice(0, 3), ana.mobile.slice(3, 6), ana.mobile.slice(6)];
  await expect(modal.getByLabel('Telemóvel MB WAY')).toHaveValue(new RegExp(`^${m3}\\s?${m6}\\s?${m9}$`));
  await modal.getByLabel('Telemóvel MB WAY').fill(ana.mobile);
  await screenshotBoth(page, '05-checkout-payment');
  await modal.getByTestId('checkout-pay').click();
  const waiting = modal.getByTestId('checkout-waiting');
  await expect(waiting).toBeVisible();
  await expect(modal.getByTestId('mbway-countdown')).toHaveText(/^[34]:\d{2}$/);
  await screenshotBoth(page, '05-checkout-waiting');
  await expect(modal.getByTestId('checkout-success')).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByTestId('checkout-success')).toContainText('Os seus 4 bilhetes');
  expect(await page.evaluate(() => localStorage.getItem('mbway'))).toContain(ana.mobile);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '05-checkout-success');

  // the tickets, then the order under Paid
  await modal.getByTestId('checkout-see-tickets').click();
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  await expect(page.getByText('Normal').first()).toBeVisible();
  await page.goto('/dashboard/orders');
  await expect(page).toHaveTitle('As suas encomendas | Bilheteira');
  await page.getByRole('button', { name: 'Pagas', exact: true }).click();
  const paid = page.getByTestId('order-card').filter({ hasText: 'Teatro Demo' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toHaveAttribute('data-status', 'paid');
  await paid.getByRole('button', { name: 'Ver detalhe' }).click();
  await expect(paid.getByTestId('order-detail')).toContainText('NIF 123456789');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '05-orders-paid');

  // a declined card: the spec's message, the order stays payable
  const before = await availableNormal(page);
  await page.goto('/events/teatro-demo');
  await addFromSelector(page, 2, 'Normal', 2);
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await cart.getByTestId('cart-checkout').click();
  await modal.getByTestId('checkout-continue').click();
  await modal.getByTestId('checkout-billing-continue').click();
  await modal.getByText('Cartão', { exact: true }).click();
  await modal.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
  await modal.getByLabel('Validade (MM/AA)').fill('12/2030');
  await modal.getByLabel('Nome no cartão').fill('Ana Silva');
  await modal.getByTestId('checkout-pay').click();
  await confirmAlert(page, 'Pagamento não efetuado', /Tente mais tarde ou utilize outro método de pagamento/);
  await expect(modal.getByText(/Encomenda B\w+ registada/)).toBeVisible();
  await screenshotBoth(page, '05-checkout-declined');
  await expect.poll(() => availableNormal(page)).toBe(before - 2);
  await modal.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/dashboard/orders?status=pending');
  const pending = page.getByTestId('order-card').filter({ hasText: 'Teatro Demo' });
  await expect(pending).toHaveCount(1);
  await expect(pending.getByRole('button', { name: 'Pagar agora' })).toBeVisible();

  // abandoned: its hold ends (dev endpoint instead of waiting 15 minutes), tickets return
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('customer_token') ?? 'null') as string,
  );
  const list = await page.request.get('/api/orders?status=pending', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as { data: { id: number; event: { slug: string } }[] };
  const abandoned = data.find((o) => o.event.slug === 'teatro-demo')!;
  expect((await page.request.post(`/api/dev/orders/${abandoned.id}/expire`)).ok()).toBe(true);
  await expect.poll(() => availableNormal(page)).toBe(before);
  await page.goto('/dashboard/orders?status=cancelled');
  await expect(page.getByTestId('order-card').filter({ hasText: 'Teatro Demo' }).first()).toHaveAttribute(
    'data-status',
    'cancelled',
  );
  await screenshotBoth(page, '05-orders-cancelled');
});

test("the orders page and the payment return page are titled in the visitor's language", async ({ page }) => {
  for (const [locale, orders, redirect] of [
    ['en', 'Your orders', 'Payment confirmation'],
    ['es', 'Sus pedidos', 'Confirmación del pago'],
  ] as const) {
    await page.goto('/');
    await page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
    await loginByApi(page, DEMO.rui, '/dashboard/orders');
    await expect(page).toHaveTitle(`${orders} | Bilheteira`);
    await page.goto('/payment/redirects');
    await expect(page).toHaveTitle(`${redirect} | Bilheteira`);
  }
});
