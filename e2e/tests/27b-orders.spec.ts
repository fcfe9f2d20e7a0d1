import { expect, test } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lastOutboxMessage,
  lisbonDay,
  newCustomer,
  screenshot,
  screenshotBoth,
  VIEWPORTS,
} from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 item 2 (orders and attendees, first part), as an organiser's team meets it: a new
 * organiser's event, made through the back-office API; a customer buys two tickets and pays
 * (sandbox card); in the back office the owner finds the order by the customer's mobile,
 * opens it (lines, payment, tickets, timeline) and resends the tickets, which reach the
 * customer's email again. The order page is read once in English and in Spanish.
 */
test('the owner finds a customer’s order by mobile, reads its story and resends the tickets', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const day = lisbonDay(20);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Noites do Castelo ${Date.now().toString(36)}`,
    address: 'Castelo de São Jorge, Lisboa',
    city: 'Lisboa',
    contact_email: 'castelo@promotora-e2e.pt',
    starts_at: `${day}T20:00:00Z`,
    ends_at: `${day}T23:00:00Z`,
  });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Geral', price_cents: 2500, quantity: 100 });
  const { public_path: slug } = await call<{ public_path: string }>('post', `/events/${event.id}/publish`, {
    visibility: 'public',
  });
  const customer = await newCustomer(request, { first_name: 'Leonor', last_name: 'Vasconcelos' });
  await buyTickets(request, customer, slug, (e) => [{ ticket_id: e.ticket_types[0]!.id, qty: 2 }]);

  // the list: searched by the mobile as a person types it
  await page.goto(`/backoffice/organizers/${organizer.id}/orders`);
  await expect(page.getByRole('heading', { name: 'Encomendas', level: 1 })).toBeVisible();
  const typed = customer.mobile.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');
  await page.getByLabel('Procurar').fill(typed);
  await expect(page.getByTestId('orders-total')).toHaveText('1 encomenda');
  const row = page.getByTestId('orders-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Leonor Vasconcelos');
  await expect(row).toContainText('Paga');
  await expectNoA11yViolations(page);
  // on a phone the rows stack as cards, each cell under its column's name
  await page.setViewportSize(VIEWPORTS.mobile);
  await expectNoA11yViolations(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshotBoth(page, '27b-orders-list');

  // the order's story
  await row.getByTestId('order-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Encomenda B\w{9}$/);
  const url = page.url();
  await expect(page.getByTestId('order-line')).toHaveCount(1);
  await expect(page.getByTestId('order-line')).toContainText('Geral');
  await expect(page.getByTestId('order-payment')).toContainText('Cartão');
  await expect(page.getByTestId('order-payment')).toContainText('Aprovado');
  await expect(page.getByTestId('order-ticket')).toHaveCount(2);
  await expect(page.getByTestId('order-ticket').first()).toContainText('Titular: Leonor Vasconcelos');
  await expect(page.getByTestId('order-message')).toHaveCount(1);
  await expect(page.getByTestId('order-timeline')).toContainText(
    'Encomenda criada: 50,00 € — pelo comprador',
  );
  await expect(page.getByTestId('order-timeline')).toContainText('Encomenda paga');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27b-order');

  // resend, after a confirmation that says where it goes
  await page.getByTestId('resend-tickets').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(customer.email);
  await dialog.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByText(`Bilhetes reenviados para ${customer.email}.`)).toBeVisible();
  await expect(page.getByTestId('order-message')).toHaveCount(2);
  await expect(page.getByTestId('order-timeline')).toContainText(
    'Bilhetes reenviados ao comprador — por Inês',
  );
  const email = await lastOutboxMessage(page, customer.email);
  expect(email?.meta).toMatchObject({ kind: 'order_paid', receipt: 'tickets' });
  expect(email?.meta.resent_by).toMatch(/^staff:\d+$/);

  // back to the list as it was left: the same search, the same order
  await page.getByRole('link', { name: '← Todas as encomendas' }).click();
  await expect(page.getByLabel('Procurar')).toHaveValue(typed);
  await expect(page.getByTestId('orders-table').locator('tbody tr')).toHaveCount(1);

  // the same page in English and in Spanish
  for (const [locale, heading, action] of [
    ['en', /^Order B\w{9}$/, 'Resend tickets'],
    ['es', /^Pedido B\w{9}$/, 'Reenviar entradas'],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem('backoffice_locale', l), locale);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId('resend-tickets')).toHaveText(action);
    await screenshot(page, `27b-order-${locale}`);
  }
});
