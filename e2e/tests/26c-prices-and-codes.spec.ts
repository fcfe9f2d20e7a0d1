import { expect, test, type APIRequestContext, type Page } from '../support/test';
import {
  expectNoA11yViolations,
  lastOutboxMessage,
  loginByApi,
  newCustomer,
  screenshotBoth,
} from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 26 item 4, as a customer meets it: an event a new organiser's owner sets up through the back
 * office API (an early-bird price step, a hidden type behind an access code, a promo code);
 * the customer sees the early-bird price and until when, unlocks the hidden type with the
 * code, applies the promo code in the checkout and pays in the sandbox; every total agrees.
 * The service cost carries the event's own VAT rate (6 %, not the default 23 %).
 */

const DAY = 24 * 3600_000;
/** "47,21 €" as the page prints it (a no-break space before the sign). */
const eur = (text: string) => text.replace(/ /g, '\u00a0');
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** A new public event of a new organiser: Geral (early bird) and a hidden Convidados. */
async function setUpEvent(request: APIRequestContext) {
  const call = organizerCall(request, await newOrganizer(request));
  const starts = Date.now() + 30 * DAY;
  const suffix = Date.now().toString(36);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Festival Preços ${suffix}`,
    address: 'Parque da Cidade, Porto',
    city: 'Porto',
    contact_email: 'precos@promotora-demo.pt',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 6 * 3600_000).toISOString(),
    service_fee_bp: 400,
    service_fee_vat_percent: 6,
  });
  const base = `/events/${event.id}`;
  const geral = await call<{ id: number }>('post', `${base}/ticket-types`, {
    name: 'Geral',
    price_cents: 4500,
    quantity: 200,
  });
  const guests = await call<{ id: number }>('post', `${base}/ticket-types`, {
    name: 'Convidados',
    price_cents: 2000,
    quantity: 20,
    hidden: true,
    sort_order: 1,
  });
  const earlyBirdEnds = new Date(Date.now() + 10 * DAY);
  await call('put', `${base}/ticket-types/${geral.id}/price-steps`, {
    steps: [{ label: 'Early bird', price_cents: 3500, ends_at: earlyBirdEnds.toISOString() }],
  });
  await call('post', `${base}/access-codes`, { code: 'CONVIDADOS26', ticket_type_ids: [guests.id] });
  await call('post', `${base}/promo-codes`, { code: 'VERAO10', kind: 'percent', value: 1000, max_uses: 50 });
  const published = await call<{ public_path: string }>('post', `${base}/publish`, { visibility: 'public' });
  return { path: published.public_path, earlyBirdEnds };
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

test('early-bird price with its date, a hidden type unlocked by code, a promo code paid in the sandbox', async ({
  page,
  request,
}) => {
  const { path, earlyBirdEnds } = await setUpEvent(request);
  const ana = await newCustomer(page.request);
  await loginByApi(page, ana, `/events/${path}`);

  // the early-bird price all-in (35,00 € + 4 % + 6 % VAT on it = 36,48 €), until when, and what follows
  const geral = page.getByTestId('ticket-type').filter({ hasText: 'Geral' });
  await expect(geral.getByTestId('ticket-price')).toHaveText(eur('36,48 €'));
  const until = new Intl.DateTimeFormat('pt-PT', {
    day: 'numeric',
    month: 'long',
    timeZone: 'Europe/Lisbon',
  }).format(earlyBirdEnds);
  await expect(geral.getByTestId('price-step')).toHaveText(`Early bird até ${until}·depois 46,91\u00a0€`);
  await expect(page.getByTestId('ticket-type').filter({ hasText: 'Convidados' })).toHaveCount(0);
  await screenshotBoth(page, '26c-early-bird');

  // a wrong code says so; the right one unlocks Convidados
  const access = page.getByTestId('access-code');
  await access.getByLabel('Código de acesso').fill('ERRADO1');
  await access.getByTestId('access-code-apply').click();
  await expect(access.getByTestId('access-code-answer')).toHaveText(
    'O código «ERRADO1» não existe para este evento.',
  );
  await access.getByLabel('Código de acesso').fill('convidados26');
  await access.getByTestId('access-code-apply').click();
  await expect(access.getByTestId('access-code-answer')).toHaveText(
    'Código CONVIDADOS26 aceite: Convidados.',
  );
  const guests = page.getByTestId('ticket-type').filter({ hasText: 'Convidados' });
  await expect(guests.getByTestId('ticket-price')).toHaveText(eur('20,85 €'));

  // one of each into the cart: 36,48 € + 20,85 €
  await geral.getByRole('button', { name: 'Mais um bilhete Geral' }).click();
  await guests.getByRole('button', { name: 'Mais um bilhete Convidados' }).click();
  await page.getByTestId('add-to-cart').click();
  const cart = page.getByTestId('cart-panel');
  await expect(cart.getByTestId('cart-total')).toHaveText(eur('57,33 €'));
  await expectNoA11yViolations(page);

  // the checkout: an expired-looking code is refused in words, VERAO10 takes 10 % off each ticket
  await cart.getByTestId('cart-checkout').click();
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  const promo = modal.getByTestId('promo-code');
  await promo.getByLabel('Código promocional').fill('INVERNO');
  await promo.getByTestId('promo-code-apply').click();
  await expect(promo.getByTestId('promo-code-error')).toHaveText(
    'O código «INVERNO» não existe para este evento.',
  );
  await promo.getByLabel('Código promocional').fill('verao10');
  await promo.getByTestId('promo-code-apply').click();
  await expect(modal.getByTestId('promo-applied')).toContainText('Código VERAO10 aplicado: −5,50\u00a0€.');
  // 55,00 € − 5,50 € + service on what is paid (1,34 € + 0,76 €) = 51,60 €
  await expect(modal.getByText('Desconto (VERAO10)')).toBeVisible();
  await expect(modal.getByTestId('checkout-total')).toHaveText(eur('51,60 €'));
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26c-promo-summary');
  await modal.getByTestId('checkout-continue').click();
  await payByCard(page);

  const success = modal.getByTestId('checkout-success');
  await expect(success.locator('dl')).toContainText(eur('55,00 €'));
  await expect(success.locator('dl')).toContainText(eur('-5,50 €'));
  await expect(success.getByTestId('checkout-total')).toHaveText(eur('51,60 €'));
  await screenshotBoth(page, '26c-success');

  const mail = await lastOutboxMessage(page, ana.email);
  expect(plain(mail!.body)).toContain('Bilhetes: 55,00 €');
  expect(plain(mail!.body)).toContain('Desconto (VERAO10): −5,50 €');
  expect(plain(mail!.body)).toContain('Total pago: 51,60 €');
});

test('the organiser shares one capacity between two ticket types in the back office', async ({ page }) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const starts = Date.now() + 30 * DAY;
  const event = await call<{ id: number }>('post', '/events', {
    name: `Festival Zona VIP ${Date.now().toString(36)}`,
    address: 'Parque da Cidade, Porto',
    contact_email: 'vip@promotora-e2e.pt',
    starts_at: new Date(starts).toISOString(),
    ends_at: new Date(starts + 3 * DAY).toISOString(),
  });
  for (const name of ['VIP dia', 'VIP 3 dias'])
    await call('post', `/events/${event.id}/ticket-types`, { name, price_cents: 6000, quantity: 400 });
  await page.addInitScript(() => localStorage.setItem('backoffice_locale', 'pt-pt'));
  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=tickets`);

  await page.getByTestId('add-group').click();
  const dialog = page.getByTestId('group-dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill('Zona VIP');
  await dialog.getByLabel('Capacidade (lugares)').fill('500');
  await dialog.getByTestId('save-group').click();
  // no ticket type chosen: said under the choices, and the form's summary is announced
  await expect(dialog.getByRole('alert')).toHaveText('Corrija os campos assinalados.');
  await expect(dialog.getByText('Escolha pelo menos um tipo de bilhete.')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('checkbox', { name: 'VIP dia', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'VIP 3 dias', exact: true }).check();
  await dialog.getByTestId('save-group').click();
  await expect(dialog).toBeHidden();
  const group = page.getByTestId('capacity-group');
  await expect(group).toContainText('Zona VIP');
  await expect(group).toContainText('0 / 500 lugares ocupados');
  await expect(group).toContainText('VIP dia, VIP 3 dias');
  await screenshotBoth(page, '26c-capacity-groups');
});
