import { expect, test } from '../support/test';
import { loginByApi, newCustomer } from '../support/helpers';

/**
 * Issue 23 item 11: a private event is bought through its link. The event page sends the
 * link (the slug) with the cart and the order, so the buyer who has it checks out as on any
 * event, while its numeric id alone is refused like an unknown event's.
 */
test('a private event bought from its link; its id alone is refused', async ({ page }) => {
  test.setTimeout(90_000);
  // this spec's own Rui: his cart holds only what this test adds
  const rui = await newCustomer(page.request, { first_name: 'Rui', last_name: 'Costa' });
  const token = await loginByApi(page, rui, '/events/evento-privado');
  await expect(page.getByRole('heading', { level: 1, name: 'Evento Privado' })).toBeVisible();

  await page.getByRole('button', { name: 'Mais um bilhete Convite', exact: true }).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await cart.getByTestId('cart-checkout').click();

  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  await modal.getByTestId('checkout-continue').click();
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await modal.getByTestId('checkout-billing-continue').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await modal.getByText('Cartão', { exact: true }).click();
  await modal.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await modal.getByLabel('Validade (MM/AA)').fill('12/2030');
  await modal.getByLabel('Nome no cartão').fill('Rui Costa');
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-success')).toBeVisible({ timeout: 20_000 });

  // the same event by its numeric id alone: refused exactly like an id that does not exist
  const event = (await (await page.request.get('/api/events/evento-privado')).json()) as {
    data: { id: number; ticket_types: { id: number }[] };
  };
  const order = (eventId: number) =>
    page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: { event_id: eventId, items: [{ ticket_id: event.data.ticket_types[0]!.id, qty: 1 }] },
    });
  const byId = await order(event.data.id);
  const unknown = await order(999_999);
  expect(byId.status()).toBe(404);
  expect(await byId.text()).toBe(await unknown.text());
});
