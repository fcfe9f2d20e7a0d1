import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '../support/test';
import {
  expectNoA11yViolations,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

/**
 * Issue 25 items 4 and 8, payment forms that work on a phone: the card expiry typed from a
 * numeric keypad gets its slash (1230 → 12/30) and pays, the number groups in fours, "Pagar
 * 73,44 €" stays on one line at 390 px; the MB WAY wait can be given up ("Usar outro
 * método"), back to the payment step, and a card then pays. /payment/redirects names the
 * order by its reference, offers "Tentar novamente" after a cancelled bank step, and a paid
 * order goes back to the mini-site the checkout started from.
 * The e2e sandbox approves MB WAY after 4 s: the wait is given up at once, screenshots after.
 */
const SLUG = 'festival-demo';
const checkout = (page: Page) => page.getByTestId('checkout-modal');

interface Festival {
  id: number;
  ticket_types: { id: number; name: string }[];
}
async function festival(page: Page): Promise<Festival> {
  return ((await (await page.request.get(`/api/events/${SLUG}`)).json()) as { data: Festival }).data;
}

/** The buyer's own requests come from an address of this spec (per-IP limits count apart). */
const apiHeaders = (buyer: Customer) => ({
  authorization: `Bearer ${buyer.token}`,
  'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
});

/** A pending order of one "Passe 3 dias" for the buyer, made through the API. */
async function pendingOrder(page: Page, buyer: Customer) {
  const event = await festival(page);
  const pass = event.ticket_types.find((t) => t.name === 'Passe 3 dias')!;
  const res = await page.request.post('/api/orders', {
    headers: apiHeaders(buyer),
    data: {
      event_id: event.id,
      include_cart: false,
      items: [{ ticket_id: pass.id, qty: 1 }],
      billing: {
        name: `${buyer.first_name} ${buyer.last_name}`,
        country: 'PT',
        document: '',
        postal_code: '',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { id: number; reference: string } }).data;
}

/** The buyer's orders page, "Pagar agora" on the pending order: the checkout's payment step. */
async function payFromOrders(page: Page, buyer: Customer) {
  await loginByApi(page, buyer, '/dashboard/orders?status=pending');
  await page.getByTestId('order-card').getByRole('button', { name: 'Pagar agora' }).click();
  const modal = checkout(page);
  await expect(modal.getByTestId('checkout-pay')).toBeVisible();
  return modal;
}

async function fillCard(page: Page, number: string) {
  const modal = checkout(page);
  await modal.getByText('Cartão', { exact: true }).click();
  await modal.getByLabel('Número do cartão').pressSequentially(number);
  const expiry = modal.getByLabel('Validade (MM/AA)');
  await expiry.pressSequentially('1230');
  await expect(expiry).toHaveValue('12/30');
  await modal.getByLabel('Nome no cartão').fill('Ana Silva');
}

test('card from a phone keypad: 1230 becomes 12/30, the number groups in fours, it pays', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await newCustomer(page.request, { first_name: 'Marta', last_name: 'Figueiredo' });
  await pendingOrder(page, buyer);
  const modal = await payFromOrders(page, buyer);
  await fillCard(page, '4242424242424242');
  await expect(modal.getByLabel('Número do cartão')).toHaveValue('4242 4242 4242 4242');

  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c1-card-form');

  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
});

test('MB WAY wait given up: back to the payment step, the request ended, a card then pays', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'Rita', last_name: 'Pereira' });
  const order = await pendingOrder(page, buyer);
  const modal = await payFromOrders(page, buyer);
  await modal.getByText('MB WAY', { exact: true }).click();
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-waiting')).toBeVisible();
  await modal.getByRole('button', { name: 'Usar outro método' }).click();

  // the payment step again, the order still the same and payable
  await expect(modal.getByTestId('checkout-pay')).toBeVisible();
  await expect(modal.getByTestId('checkout-waiting')).toHaveCount(0);
  const pending = await page.request.get(`/api/orders/${order.id}`, { headers: apiHeaders(buyer) });
  expect(((await pending.json()) as { data: { payable: boolean } }).data.payable).toBe(true);

  await fillCard(page, '4242424242424242');
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  const after = await page.request.get(`/api/orders/${order.id}`, { headers: apiHeaders(buyer) });
  const paid = (
    (await after.json()) as { data: { status: string; payments: { method: string; status: string }[] } }
  ).data;
  expect(paid.status).toBe('paid');
  // the MB WAY request was ended, not approved later: one payment took the money
  expect(paid.payments.filter((p) => p.status === 'approved').map((p) => p.method)).toEqual(['card']);
  expect(paid.payments.find((p) => p.method === 'mbway')?.status).toBe('expired');

  // the waiting screen with its way out, in the three languages (the outcome is not awaited)
  for (const [locale, payNow] of [
    ['pt-pt', 'Pagar agora'],
    ['en', 'Pay now'],
    ['es', 'Pagar ahora'],
  ] as const) {
    const other = await pendingOrder(page, buyer);
    await page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
    await page.goto('/dashboard/orders?status=pending');
    await page
      .getByTestId('order-card')
      .filter({ hasText: other.reference })
      .getByRole('button', { name: payNow })
      .click();
    const m = checkout(page);
    await m.getByText('MB WAY', { exact: true }).click();
    await m.getByTestId('checkout-pay').click();
    await expect(m.getByTestId('mbway-other-method')).toBeVisible();
    if (locale === 'pt-pt') await expectNoA11yViolations(page);
    await screenshotBoth(page, `25c1-mbway-waiting-${locale}`);
    await page.request.post(`/api/orders/${other.id}/payment/cancel`, { headers: apiHeaders(buyer) });
  }
});

test('3-D Secure cancelled: the return page names the order, "Tentar novamente" pays, and back to the mini-site', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'Tiago', last_name: 'Lopes' });
  const event = await festival(page);
  const pass = event.ticket_types.find((t) => t.name === 'Passe 3 dias')!;
  const add = await page.request.post('/api/carts/add-item', {
    headers: apiHeaders(buyer),
    data: { ticket_id: pass.id, event_id: event.id, amount: 1 },
  });
  expect(add.ok(), await add.text()).toBe(true);

  // the checkout starts on the mini-site
  await loginByApi(page, buyer, `/site/${SLUG}`);
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await cart.getByTestId('cart-checkout').click();
  const modal = checkout(page);
  await modal.getByTestId('checkout-continue').click();
  await modal.getByTestId('checkout-billing-continue').click();
  await fillCard(page, '4000000000003220');
  // "Pagar 94,47 €" beside "Voltar" stays on one line at 390 px
  await page.setViewportSize({ width: 390, height: 844 });
  const pay = modal.getByTestId('checkout-pay');
  await expect(pay).toHaveText(/^Pagar \d+,\d{2}\s€$/);
  await expect(modal.getByRole('button', { name: 'Voltar' })).toBeVisible();
  const lineHeight = await pay.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await pay.boundingBox())!.height).toBeLessThan(2 * lineHeight);
  await screenshotBoth(page, '25c1-card-form-new-order');
  await pay.click();

  // the bank's step (sandbox) on /payment/redirects, the order named by its reference
  await expect(page).toHaveURL(/\/payment\/redirects\?provider=sandbox/);
  const order = page.getByTestId('redirect-order');
  await expect(order).toContainText(/Encomenda B\w+/);
  await expect(order).toContainText('Festival Demo');
  await page.getByTestId('redirect-challenge').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('redirect-failed')).toBeVisible();
  await expect(order).toContainText(/Encomenda B\w+/);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c1-redirect-failed');

  // try again: the checkout's payment step for the same order
  await page.getByTestId('redirect-retry').click();
  await fillCard(page, '4242424242424242');
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await modal.getByRole('button', { name: 'Ver bilhetes' }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${SLUG}$`));
});

test('the return page in English (cancelled: Try again) and Spanish (paid: Continuar back to the quick charge)', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'João', last_name: 'Matos' });
  for (const [locale, button, expected] of [
    ['en', 'Cancel', 'Try again'],
    ['es', 'Confirmar pago', 'Continuar'],
  ] as const) {
    const order = await pendingOrder(page, buyer);
    const res = await page.request.post(`/api/orders/${order.id}/pay`, {
      headers: apiHeaders(buyer),
      data: { method: 'card', card: { number: '4000000000003220', expiry: '12/30', name: 'João Matos' } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { payment } = ((await res.json()) as { data: { payment: { redirect_url: string } } }).data;
    await page.goto('/');
    await page.evaluate(
      ([l, id]) => {
        localStorage.setItem('locale', JSON.stringify(l));
        // what the checkout keeps in the tab before the bank's page (a quick charge here)
        sessionStorage.setItem(
          'payment_return',
          JSON.stringify({
            orderId: id,
            eventId: 1,
            eventSlug: 'festival-demo',
            returnTo: '/site/festival-demo/wallet',
          }),
        );
      },
      [locale, order.id] as const,
    );
    const url = new URL(payment.redirect_url);
    await loginByApi(page, buyer, `${url.pathname}${url.search}`);
    await expect(page.getByTestId('redirect-order')).toContainText(order.reference);
    await page.getByTestId('redirect-challenge').getByRole('button', { name: button }).click();
    const next = page.getByRole(locale === 'en' ? 'button' : 'link', { name: expected });
    await expect(next).toBeVisible();
    await screenshotBoth(page, `25c1-redirect-${locale}`);
    if (locale === 'es') {
      await next.click();
      await expect(page).toHaveURL(/\/site\/festival-demo\/wallet$/);
    }
  }
});
