import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  freshMobile,
  lastOutboxMessage,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

/**
 * Issue 25, items 5, 11 and 12: a transfer reaches a person without an account (the SMS says
 * who sent the ticket and opens the customer registration with the number filled in), a
 * transfer to one's own number says only why, and a purchase on the Spanish site gets its
 * email and its wallet movements in Spanish.
 */

const LOCALES = ['pt-pt', 'en', 'es'] as const;
type Locale = (typeof LOCALES)[number];

const OWN_NUMBER: Record<Locale, string> = {
  'pt-pt': 'Não pode transferir um bilhete para o seu próprio número.',
  en: 'You cannot transfer a ticket to your own number.',
  es: 'No puede transferir una entrada a su propio número.',
};
const TRANSFER: Record<Locale, { button: RegExp; mobile: RegExp; yes: string }> = {
  'pt-pt': { button: /^Transferir/, mobile: /Novo número de telemóvel/, yes: 'Sim, transferir' },
  en: { button: /^Transfer/, mobile: /New mobile number/, yes: 'Yes, transfer' },
  es: { button: /^Transferir/, mobile: /Nuevo número de móvil/, yes: 'Sí, transferir' },
};
const ONLINE_TOPUP: Record<Locale, string> = {
  'pt-pt': 'Carregamento da carteira',
  en: 'Wallet top-up',
  es: 'Recarga del monedero',
};

const setLocale = (page: Page, locale: Locale) =>
  page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);

/** Dashboard → the festival's area (its tickets page). */
async function openFestival(page: Page) {
  await page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento|Acceder al evento|Access event/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
}

/** Opens the transfer of `ticketId`, types `mobile` and confirms. */
async function transferTo(page: Page, ticketId: number, mobile: string, locale: Locale) {
  const words = TRANSFER[locale];
  await page
    .locator(`[data-testid="ticket-stub"][data-ticket-id="${ticketId}"]`)
    .getByRole('button', { name: words.button })
    .click();
  const modal = page.getByTestId('transfer-modal');
  await modal.getByRole('textbox', { name: words.mobile }).fill(mobile);
  await modal.getByTestId('transfer-submit').click();
  await page.getByTestId('alert-modal').getByRole('button', { name: words.yes }).click();
  return modal;
}

test('a ticket sent to a number without an account: the SMS names the sender and opens the registration with the number; one’s own number is refused with that reason alone', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const sender = await newCustomer(page.request, { first_name: 'Marta', last_name: 'Sousa' });
  await buyTickets(page.request, sender, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  const mine = await page.request.get('/api/customers/tickets', {
    headers: { authorization: `Bearer ${sender.token}` },
  });
  const ticketId = ((await mine.json()) as { data: { id: number }[] }).data[0]!.id;
  await loginByApi(page, sender);
  await openFestival(page);

  // One's own number: the reason, and nothing about trying again later; in each language.
  for (const locale of LOCALES) {
    if (locale !== 'pt-pt') {
      await setLocale(page, locale);
      await page.reload();
    }
    const modal = await transferTo(page, ticketId, sender.mobile, locale);
    const alert = page.getByRole('alertdialog');
    await expect(alert).toHaveAccessibleDescription(OWN_NUMBER[locale]);
    await expect(modal.getByText(OWN_NUMBER[locale])).toBeVisible(); // beside the field too
    if (locale === 'pt-pt') await expectNoA11yViolations(page);
    await screenshotBoth(page, `25d1-transfer-own-number-${locale}`);
    await alert.getByRole('button').click();
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
  }
  await setLocale(page, 'pt-pt');
  await page.reload();

  // A number without an account.
  const fresh = freshMobile();
  await transferTo(page, ticketId, fresh, 'pt-pt');
  await expect(page.getByRole('alertdialog')).toContainText('Bilhete transferido');
  const sms = await lastOutboxMessage(page, `+351${fresh}`);
  expect(sms?.body).toContain('Marta Sousa enviou-lhe um bilhete');
  expect(sms?.body).not.toContain('/create-account');
  const url = new URL(String(sms?.meta.url));
  expect(url.pathname).toBe('/dashboard/register');
  expect(url.searchParams.get('mobile')).toBe(fresh);
  expect(sms?.body).toContain(url.toString());
  await context.close();

  // The recipient follows the link: the registration, with the number already there.
  for (const locale of LOCALES) {
    const visitor = await browser.newContext();
    await visitor.addInitScript((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
    const them = await visitor.newPage();
    await them.goto(url.pathname + url.search);
    const form = them.getByTestId('register-form');
    await expect(form).toBeVisible();
    const mobile = form.locator('input[name="mobile"]');
    await expect(mobile).toHaveValue(/\d/);
    expect((await mobile.inputValue()).replace(/\D/g, '')).toBe(fresh);
    if (locale === 'pt-pt') await expectNoA11yViolations(them);
    await screenshotBoth(them, `25d1-register-prefilled-${locale}`);
    await visitor.close();
  }
});

test('a purchase on the Spanish site gets a Spanish email, and the wallet movements read in the reader’s language', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', '"es"');
  });
  const page = await context.newPage();
  // registered without naming a language (Portuguese by default), then buys in Spanish
  const buyer: Customer = await newCustomer(page.request, { first_name: 'Lucía', last_name: 'García' });
  const headers = {
    authorization: `Bearer ${buyer.token}`,
    'x-locale': 'es',
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const event = (
    (await (await page.request.get('/api/events/festival-demo')).json()) as {
      data: { id: number; ticket_types: { id: number; name: string }[] };
    }
  ).data;
  const order = await page.request.post('/api/orders', {
    headers,
    data: {
      event_id: event.id,
      include_cart: false,
      items: [{ ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 }],
      topup_cents: 1500,
      billing: { name: 'Lucía García', country: 'PT', document: '', postal_code: '1000-001' },
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { id } = ((await order.json()) as { data: { id: number } }).data;
  const paid = await page.request.post(`/api/orders/${id}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name: 'Lucía García' } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  const mail = await lastOutboxMessage(page, buyer.email);
  expect(mail?.subject).toMatch(/^Sus entradas para Festival Demo — pedido /);
  expect(mail?.body).toContain('Hola Lucía, gracias por su compra.');

  // The online top-up in the wallet's movements, in each reader's language.
  await loginByApi(page, buyer);
  await openFestival(page);
  for (const locale of ['es', 'pt-pt', 'en'] as const) {
    if (locale !== 'es') {
      await setLocale(page, locale);
      await page.goto('/dashboard/transactions');
    } else {
      await page.getByTestId('event-menu').getByRole('link', { name: 'Movimientos' }).click();
    }
    await expect(page).toHaveURL(/\/dashboard\/transactions$/);
    await expect(page.getByTestId('transaction-row').filter({ hasText: ONLINE_TOPUP[locale] })).toBeVisible();
    if (locale === 'pt-pt') await expectNoA11yViolations(page);
    await screenshotBoth(page, `25d1-transactions-${locale}`);
  }
  await context.close();
});
