import { expect, test, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lastOutboxMessage,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

/**
 * Issue 25, items 6 and 7: prices shown all-in with the service cost's percentage, summaries
 * that add up from the cart to the success screen, receipts only for paid orders, and a wallet
 * top-up alone treated as a top-up (orders list, summary, email, wallet form).
 */

/** "73,44 €" as the page prints it (a no-break space before the sign). */
const eur = (text: string) => text.replace(/ /g, '\u00a0');
/** Text with its no-break spaces made plain (emails may carry either). */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

async function setLocale(page: Page, locale: 'en' | 'es' | 'pt-pt') {
  await page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
  await page.reload();
}

async function payByCard(page: Page) {
  const modal = page.getByTestId('checkout-modal');
  await modal.getByTestId('checkout-billing-continue').click();
  await modal.getByText('Cartão', { exact: true }).click();
  await modal.getByLabel('Número do cartão').fill('4242424242424242');
  await modal.getByLabel(/^Validade/).fill('12/2030');
  await modal.getByLabel('Nome no cartão').fill('Ana Silva');
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-success')).toBeVisible();
}

async function api(page: Page, who: Customer, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await page.request[method](url, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
}

test('prices are all-in with the service percentage, and every summary adds up to them', async ({ page }) => {
  const ana = await newCustomer(page.request);
  // the list: concerto-demo's cheapest ticket (Balcão 25,00 €) with 4 % + VAT is 26,23 €
  await page.goto('/events?search=Concerto');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Concerto Demo' }) });
  await expect(card).toContainText(eur('Desde 26,23 €, custo de serviço incluído'));

  const concert = (await api(page, ana, 'get', '/api/events/concerto-demo')) as {
    id: number;
    ticket_types: { id: number; name: string }[];
  };
  const plateia = concert.ticket_types.find((t) => t.name === 'Plateia')!;
  await api(page, ana, 'post', '/api/carts/add-item', {
    ticket_id: plateia.id,
    event_id: concert.id,
    amount: 2,
  });
  await loginByApi(page, ana, '/events/concerto-demo');

  // the ticket card: the price to pay (35,00 € + 1,40 € + 0,32 € VAT), and what it includes
  const row = page.getByTestId('ticket-type').filter({ hasText: 'Plateia' });
  await expect(row.getByTestId('ticket-price')).toHaveText(eur('36,72 €'));
  await expect(row.getByTestId('ticket-price-note')).toHaveText(
    eur('Inclui 1,72 € de custo de serviço (4 % + IVA)'),
  );
  // the cart: two of them cost twice the price shown, and the service line says its rate
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByText('Custo de serviço (4 % + IVA)')).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText(eur('73,44 €'));
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c2-event-prices');

  await cart.getByTestId('cart-checkout').click();
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await expect(modal.getByText('Custo de serviço (4 % + IVA)')).toBeVisible();
  await expect(modal.getByTestId('checkout-total')).toHaveText(eur('73,44 €'));
  await modal.getByTestId('checkout-continue').click();
  await payByCard(page);

  // the success screen lists the lines, the subtotal, the service cost and the total
  const success = modal.getByTestId('checkout-success');
  await expect(success.getByText('Subtotal')).toBeVisible();
  await expect(success.getByText('Custo de serviço (4 % + IVA)')).toBeVisible();
  await expect(success.locator('dl')).toContainText(eur('70,00 €'));
  await expect(success.locator('dl')).toContainText(eur('3,44 €'));
  await expect(success.getByTestId('checkout-total')).toHaveText(eur('73,44 €'));
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c2-checkout-success');

  // the receipt email breaks the total down the same way
  const mail = await lastOutboxMessage(page, ana.email);
  expect(mail!.subject).toMatch(/^Os seus bilhetes para Concerto Demo/);
  expect(plain(mail!.body)).toContain('Custo de serviço (4 % + IVA): 3,44 €');
  expect(plain(mail!.body)).toContain('Total pago: 73,44 €');

  // once in English and in Spanish
  await modal.getByRole('button', { name: 'Fechar' }).click();
  for (const locale of ['en', 'es'] as const) {
    await setLocale(page, locale);
    await expect(row.getByTestId('ticket-price-note')).toHaveText(
      locale === 'en'
        ? eur('Includes 1,72 € service cost (4% + VAT)')
        : eur('Incluye 1,72 € de gastos de gestión (4 % + IVA)'),
    );
    await screenshotBoth(page, `25c2-event-prices-${locale}`);
  }
  await setLocale(page, 'pt-pt');
});

test('a wallet top-up alone is a top-up everywhere; only paid orders offer a receipt', async ({ page }) => {
  const ana = await newCustomer(page.request);
  const { eventId } = await buyTickets(page.request, ana, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  // a pending order for the festival, then another one, which cancels the first
  const day2 = (
    (await api(page, ana, 'get', '/api/events/festival-demo')) as {
      ticket_types: { id: number; name: string }[];
    }
  ).ticket_types.find((t) => /dia 2$/.test(t.name))!.id;
  const pending = (body: object) =>
    api(page, ana, 'post', '/api/orders', { event_id: eventId, include_cart: false, ...body });
  const cancelled = (await pending({ items: [{ ticket_id: day2, qty: 1 }] })) as { reference: string };
  await pending({ items: [{ ticket_id: day2, qty: 2 }] });

  await loginByApi(page, ana);
  await page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ })
    .click();
  await page.getByTestId('event-menu').getByRole('link', { name: 'Carteira' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);

  // a custom 15,50 € top-up: its summary has no ticket service cost and no note about one
  const custom = page.getByLabel('Ou indique outro valor');
  await custom.fill('15,50');
  await page.getByTestId('topup-submit').click();
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await expect(modal.getByTestId('checkout-total')).toHaveText(eur('15,50 €'));
  await expect(modal.getByText(/custo de serviço/i)).toHaveCount(0);
  await screenshotBoth(page, '25c2-topup-summary');
  await modal.getByTestId('checkout-continue').click();
  await payByCard(page);
  await expect(modal.getByTestId('checkout-success')).toContainText(
    eur('O carregamento de 15,50 € já está no saldo da carteira'),
  );
  await modal.getByRole('button', { name: 'Fechar' }).click();

  // the form starts afresh and the page says the new balance (the ticket buyer had 0 €)
  await expect(page.getByTestId('topup-done')).toHaveText(
    eur('Carregamento de 15,50 € concluído. Saldo atual: 15,50 €.'),
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText(eur('15,50 €'));
  await expect(custom).toHaveValue('');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c2-wallet-after-topup');

  // its email is a top-up receipt, not "your tickets"
  const mail = await lastOutboxMessage(page, ana.email);
  expect(mail!.subject).toMatch(/^Carregamento da carteira para Festival Demo/);
  expect(plain(mail!.body)).toContain('o carregamento de 15,50 € da sua carteira');
  expect(mail!.body).not.toMatch(/bilhetes/i);

  // the orders: the top-up says its amount, not "Quantidade 0"; no service line in its receipt
  await page.goto('/dashboard/orders');
  const cards = page.getByTestId('order-card');
  // found by its line in any of the three languages, so it is the same card after a switch
  const topupCard = cards
    .and(page.locator('[data-status="paid"]'))
    .filter({ hasText: /Carregamento|Top-up|Recarga/ });
  await expect(topupCard).toHaveCount(1);
  await expect(topupCard).toContainText(eur('Carregamento15,50 €'));
  await expect(topupCard).not.toContainText('Quantidade');
  await topupCard.getByRole('button', { name: 'Ver detalhe' }).click();
  const topupDetail = topupCard.getByTestId('order-detail');
  await expect(topupDetail).toContainText(eur('Carregamento da carteira15,50 €'));
  await expect(topupDetail).not.toContainText('Custo de serviço');
  await expect(topupDetail.getByRole('button', { name: 'Imprimir recibo' })).toBeVisible();

  // a cancelled order has nothing to print: it was never paid
  const cancelledCard = cards.filter({ hasText: cancelled.reference });
  await expect(cancelledCard).toHaveAttribute('data-status', 'cancelled');
  await cancelledCard.getByRole('button', { name: 'Ver detalhe' }).click();
  const cancelledDetail = cancelledCard.getByTestId('order-detail');
  await expect(cancelledDetail.getByRole('heading', { name: 'Detalhe da encomenda' })).toBeVisible();
  await expect(cancelledDetail.getByRole('button', { name: 'Imprimir recibo' })).toHaveCount(0);
  // the ticket order's receipt names the service cost's rate (festival: 5 %)
  const ticketCard = cards.and(page.locator('[data-status="paid"]')).filter({ hasText: 'Quantidade' });
  await ticketCard.getByRole('button', { name: 'Ver detalhe' }).click();
  await expect(ticketCard.getByTestId('order-detail')).toContainText('Custo de serviço (5 % + IVA)');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25c2-orders');
  for (const locale of ['en', 'es'] as const) {
    await setLocale(page, locale);
    await expect(topupCard).toContainText(locale === 'en' ? 'Top-up' : 'Recarga');
    await screenshotBoth(page, `25c2-orders-${locale}`);
  }
});
