import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { expectNoA11yViolations, lisbonDay, newCustomer, screenshotBoth } from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 items 7 and 6, as an organiser's owner reads the money after a sale: a new
 * organiser's event with a 5 % service fee (23 % VAT); a customer buys a 40 € ticket (sandbox
 * card); the owner opens Pagamentos, finds the event with what is owed, opens its statement
 * (ticket sales, the fee and its VAT, what is owed) and downloads the CSV. The event is then
 * cancelled and the refund queue shows the cancellation refund. Checked with axe, and read in
 * English and in Spanish.
 */
test('the owner reads an event’s payout, exports it, and sees its cancellation refund', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const name = `Noite de Fado ${Date.now().toString(36)}`;
  const event = await call<{ id: number }>('post', '/events', {
    name,
    address: 'Largo do Chafariz de Dentro, Lisboa',
    contact_email: 'fado@promotora-e2e.pt',
    starts_at: `${lisbonDay(30)}T20:00:00Z`,
    ends_at: `${lisbonDay(30)}T23:00:00Z`,
    service_fee_bp: 500,
    service_fee_vat_percent: 23,
  });
  const type = await call<{ id: number }>('post', `/events/${event.id}/ticket-types`, {
    name: 'Plateia',
    price_cents: 4000,
    quantity: 100,
  });
  await call('post', `/events/${event.id}/publish`, { visibility: 'public' });

  const customer = await newCustomer(request, { first_name: 'Rita', last_name: 'Gomes' });
  const headers = {
    authorization: `Bearer ${customer.token}`,
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const order = await request.post('/api/orders', {
    headers,
    data: {
      event_id: event.id,
      include_cart: false,
      items: [{ ticket_id: type.id, qty: 1 }],
      billing: { name: 'Rita Gomes', country: 'PT', document: '', postal_code: '1100-001' },
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const orderId = ((await order.json()) as { data: { id: number } }).data.id;
  const paid = await request.post(`/api/orders/${orderId}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name: 'Rita Gomes' } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // the organiser's payouts: the event with what is owed (40 €; the fee 2,46 € is Bilheteira's)
  await page.goto(`/backoffice/organizers/${organizer.id}`);
  await page.getByTestId('nav-payouts').first().click();
  await expect(page.getByRole('heading', { name: 'Pagamentos ao organizador', level: 1 })).toBeVisible();
  const row = page.getByTestId(`payout-row-${event.id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('40,00 €');
  await expect(row).toContainText('2,46 €');
  await screenshotBoth(page, '27k-payouts-list');

  // the event's statement, each figure explained
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: `Pagamento: ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('line-tickets_gross')).toContainText('40,00 €');
  await expect(page.getByTestId('line-service_fee')).toContainText('Taxa de serviço');
  await expect(page.getByTestId('line-service_fee')).toContainText('2,46 €');
  await expect(page.getByTestId('line-service_fee_vat')).toContainText('0,46 €');
  await expect(page.getByTestId('line-collected')).toContainText('42,46 €');
  await expect(page.getByTestId('line-owed')).toContainText('A pagar ao organizador');
  await expect(page.getByTestId('line-owed')).toContainText('40,00 €');
  await expect(page.getByTestId('line-chargebacks')).toContainText('0,00 €');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27k-payout-event');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payouts-\d+-start-now\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('A pagar ao organizador (EUR)');
  expect(csv).toContain(`${event.id};${name};;;1;40,00;2,46;0,00;42,46`);

  // in English and in Spanish
  for (const [locale, heading, owed] of [
    ['en', `Payout: ${name}`, 'Owed to the organiser'],
    ['es', `Liquidación: ${name}`, 'A pagar al organizador'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByTestId('line-owed')).toContainText(owed);
  }
  await screenshotBoth(page, '27k-payout-event-es');
  await page.getByTestId('language').first().selectOption('pt-pt');

  // the event is cancelled: its paid order is refunded to the card, listed in the refund queue
  await call('post', `/events/${event.id}/cancel`, { reason: 'Fadista doente' });
  await page.goto(`/backoffice/organizers/${organizer.id}/refunds`);
  await page.getByTestId('kind-filter').selectOption('cancellation');
  const refund = page.getByTestId('provider-refunds');
  await expect(refund).toContainText('Cancelamento');
  await expect(refund).toContainText('Rita Gomes');
  await expect(refund).toContainText('42,46 €');
  await expect(refund).toContainText('Evento cancelado');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27k-refunds-cancellation');
});
