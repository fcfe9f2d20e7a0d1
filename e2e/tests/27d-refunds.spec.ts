import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { expect, test } from '../support/test';
import { expectNoA11yViolations, lisbonDay, newCustomer, screenshotBoth } from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 item 6, as a festival's team answers a wallet refund request: a new organiser's
 * event with the wallet, online top-ups and refunds open; a customer tops up online (sandbox
 * card) and asks for the balance back to their IBAN; in the back office the owner approves it,
 * downloads the SEPA file (the customer's IBAN, paid from the organiser's), and marks it paid
 * from the bank statement. The customer is emailed at each step. Checked with axe, and read
 * once in English and in Spanish.
 */

const CUSTOMER_IBAN = 'ES91 2100 0418 4502 0005 1332';
/** The IBAN newOrganizer gives the organiser at its approval. */
const ORGANIZER_IBAN = 'PT50000201231234567890154';

test('the owner approves a wallet refund, exports the SEPA file and marks it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Festival da Ria ${Date.now().toString(36)}`,
    address: 'Cais da Fonte Nova, Aveiro',
    contact_email: 'ria@promotora-e2e.pt',
    starts_at: `${lisbonDay(30)}T16:00:00Z`,
    ends_at: `${lisbonDay(31)}T23:00:00Z`,
    wallet_enabled: true,
    online_topup_enabled: true,
    refunds_allowed: true,
    // open now, so the customer can ask before the festival (the default opens at its end)
    refund_opens_at: new Date(Date.now() - 3_600_000).toISOString(),
  });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Passe', price_cents: 4000, quantity: 100 });
  await call('post', `/events/${event.id}/publish`, { visibility: 'public' });

  // the customer tops up 20 € online (sandbox card) and asks for it back
  const customer = await newCustomer(request, { first_name: 'Marta', last_name: 'Pires' });
  const headers = {
    authorization: `Bearer ${customer.token}`,
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const order = await request.post('/api/orders', {
    headers,
    data: {
      event_id: event.id,
      include_cart: false,
      topup_cents: 2000,
      billing: { name: 'Marta Pires', country: 'PT', document: '', postal_code: '3800-001' },
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const orderId = ((await order.json()) as { data: { id: number } }).data.id;
  const paid = await request.post(`/api/orders/${orderId}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name: 'Marta Pires' } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const asked = await request.post('/api/customers/wallet/refund-requests', {
    headers,
    data: { event_id: event.id, iban: CUSTOMER_IBAN },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const refund = ((await asked.json()) as { data: { id: number; amount_cents: number } }).data;
  expect(refund.amount_cents).toBe(2000 - 75);

  // the queue: what waits for a decision
  await page.goto(`/backoffice/organizers/${organizer.id}/refunds`);
  await expect(page.getByRole('heading', { name: 'Reembolsos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('refunds-total')).toHaveText('1 pedido');
  const table = page.getByTestId('refunds-table');
  await expect(table).toContainText('Marta Pires');
  await expect(table).toContainText('ES91 •••• •••• 1332');
  await expect(table).toContainText('19,25 €');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27d-refunds-queue');

  // approve
  await page.getByTestId(`select-${refund.id}`).check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selecionado');
  await page.getByTestId('bulk-approve').click();
  await expect(page.getByTestId('notice')).toHaveText('1 pedido aprovado.');
  await expect(page.getByTestId('refunds-total')).toHaveText('0 pedidos');
  await expect(page.getByTestId('sepa-summary')).toHaveText(
    '1 reembolso aprovado por exportar (19,25 €), pago da conta PT50 •••• •••• 0154.',
  );

  // the SEPA file: the customer's IBAN, paid from the organiser's
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sepa-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^BILH-\d{8}-[0-9a-f]{8}\.xml$/);
  const xml = fs.readFileSync(await download.path(), 'utf8');
  expect(xml).toContain(`<IBAN>${CUSTOMER_IBAN.replace(/ /g, '')}</IBAN>`);
  expect(xml).toContain(`<DbtrAcct><Id><IBAN>${ORGANIZER_IBAN}</IBAN></Id></DbtrAcct>`);
  expect(xml).toContain('<InstdAmt Ccy="EUR">19.25</InstdAmt>');
  await expect(page.getByTestId('notice')).toContainText('Ficheiro SEPA descarregado: 1 reembolso, 19,25 €.');
  await expect(page.getByTestId('sepa-export')).toBeDisabled();

  // paid, from the bank statement
  await page.getByTestId('status-filter').selectOption('approved');
  await expect(page.getByTestId(`status-${refund.id}`)).toHaveText('Aprovado');
  await page.getByTestId(`select-${refund.id}`).check();
  await page.getByTestId('bulk-paid').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Marcar 1 pedido como pago?');
  await confirm.getByRole('button', { name: 'Marcar como pagos' }).click();
  await expect(page.getByTestId('notice')).toHaveText('1 pedido marcado como pago.');
  await page.getByTestId('status-filter').selectOption('paid');
  await expect(page.getByTestId(`status-${refund.id}`)).toHaveText('Pago');

  // the customer was told at each step
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(customer.email)}`);
  const { data: mails } = (await outbox.json()) as { data: { subject: string; meta: { kind?: string } }[] };
  const kinds = mails.map((m) => m.meta.kind);
  expect(kinds).toContain('refund_approved');
  expect(kinds).toContain('refund_paid');
  expect(mails.find((m) => m.meta.kind === 'refund_paid')!.subject).toMatch(
    /^Reembolso transferido: Festival da Ria/,
  );

  // in English and in Spanish
  for (const [locale, heading, sepa] of [
    ['en', 'Refunds', 'SEPA file for the bank'],
    ['es', 'Reembolsos', 'Fichero SEPA para el banco'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: sepa })).toBeVisible();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await screenshotBoth(page, `27d-refunds-${locale}`);
  }
});
