import { expect, test } from '../support/test';
import { expectNoA11yViolations, lisbonDay, screenshotBoth } from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 item 5, the bar's menu: the owner adds two products and puts them on a bar's menu in
 * the back office; the bar's till reads its menu and sells through the stations API (one
 * product past its stock: never refused); the product shows sold out, the bracelet's history
 * shows the sale and the float reconciliation balances to the cent. Checked in en and es.
 */

interface Result {
  data: { results: { status: string; balance_cents?: number }[] };
}

test('the owner makes a bar menu; a sale shows in the bracelet’s history and the float balances', async ({
  page,
}) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Festa do Menu ${Date.now().toString(36)}`,
    address: 'Praça do Comércio, Lisboa',
    contact_email: 'menu@promotora-e2e.pt',
    // tomorrow: tills record from 48 hours before the doors open
    starts_at: `${lisbonDay(1)}T16:00:00Z`,
    ends_at: `${lisbonDay(2)}T23:00:00Z`,
    wallet_enabled: true,
  });
  const bar = await call<{ key: string }>('post', `/events/${event.id}/stations`, {
    name: 'Bar Tejo',
    role: 'bar',
  });
  const cash = await call<{ key: string }>('post', `/events/${event.id}/stations`, {
    name: 'Caixa',
    role: 'topup',
  });
  const stamp = String(Date.now()).slice(-6);
  const bracelet = { uid: `04E9${stamp}0001`, code: `9${stamp.slice(-5)}` };
  await call('post', `/events/${event.id}/bracelets/import`, { csv: `${bracelet.uid},${bracelet.code}` });

  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=bar`);
  await expect(page.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  for (const [name, price, vat, stock] of [
    ['Imperial', '3,00', '23', '1'],
    ['Água', '1,50', '6', ''],
  ] as const) {
    await page.getByTestId('add-product').click();
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByLabel('Nome do produto').fill(name);
    await dialog.getByLabel('Preço (€, com IVA)').fill(price);
    await dialog.getByLabel('Taxa de IVA').selectOption(vat);
    await dialog.getByLabel('Stock (unidades, opcional)').fill(stock);
    await dialog.getByTestId('save-product').click();
    await expect(page.getByTestId('notice')).toHaveText(`Produto «${name}» criado.`);
  }
  await expect(page.getByTestId('product')).toHaveCount(2);

  // the bar's menu: Imperial, then Água
  await expect(page.getByRole('heading', { name: 'Carta por posto' })).toBeVisible();
  await page.getByRole('button', { name: '+ Imperial' }).click();
  await page.getByRole('button', { name: '+ Água' }).click();
  await page.getByTestId('save-menu').click();
  await expect(page.getByTestId('notice')).toHaveText('Carta guardada.');

  // the till reads its menu and sells: 20 € loaded, 2 Imperial (1 in stock) and 1 Água
  const menu = (await (
    await page.request.get('/api/stations/menu', { headers: { 'x-station-key': bar.key } })
  ).json()) as { data: { products: { id: number; name: string; price_cents: number }[] } };
  expect(menu.data.products.map((p) => p.name)).toEqual(['Imperial', 'Água']);
  const [imperial, agua] = menu.data.products;
  const send = async (key: string, tx: object) =>
    (
      (await (
        await page.request.post('/api/stations/transactions', {
          headers: { 'x-station-key': key },
          data: { transactions: [{ bracelet: bracelet.code, occurred_at: new Date().toISOString(), ...tx }] },
        })
      ).json()) as Result
    ).data.results[0]!;
  expect(await send(cash.key, { id: 'e2e-load', type: 'topup', amount_cents: 2000 })).toMatchObject({
    status: 'accepted',
  });
  const sale = await send(bar.key, {
    id: 'e2e-round',
    type: 'consumption',
    amount_cents: 750,
    items: [
      { name: imperial!.name, qty: 2, unit_cents: imperial!.price_cents, product_id: imperial!.id },
      { name: agua!.name, qty: 1, unit_cents: agua!.price_cents, product_id: agua!.id },
    ],
  });
  expect(sale).toMatchObject({ status: 'accepted', balance_cents: 1250 });

  await page.reload();
  await expect(page.getByTestId('product').filter({ hasText: 'Imperial' })).toContainText(
    'Esgotado: 1 vendido a mais',
  );
  // the bracelet's history
  await page.getByLabel('UID NFC ou código impresso').fill(bracelet.code);
  await page.getByTestId('lookup-bracelet').click();
  const card = page.getByTestId('bracelet-card');
  await expect(card.getByTestId('bracelet-balance')).toHaveText('12,50\u00a0€');
  await expect(card.getByTestId('bracelet-history')).toContainText('2× Imperial, 1× Água');
  await expect(card.getByTestId('bracelet-history')).toContainText('Bar Tejo');
  // the float reconciled to the cent
  await expect(page.getByTestId('reconciliation-difference')).toHaveText('0,00\u00a0€');
  await expect(page.getByTestId('reconciliation')).toContainText('12,50\u00a0€');
  await expect(page.getByText('Bate certo ao cêntimo.')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27i-bar-menu');

  for (const [locale, heading] of [
    ['en', 'Products'],
    ['es', 'Productos'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await screenshotBoth(page, '27i-bar-menu-es');
});
