import { expect, test } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lastOutboxMessage,
  lisbonDay,
  newCustomer,
  screenshot,
  screenshotBoth,
} from '../support/helpers';
import { orderStory } from '../support/order-refund';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 item 2 (changing orders), as an organiser's owner meets it: a customer's paid order
 * of two 'Geral' and one 'VIP'; on the order page the owner refunds the VIP ticket ('Reembolsar',
 * the amount shown before confirming, then the outcome); the customer's email in the dev outbox
 * says the amount, and the order's refunds show the sandbox's refund id. The page is read in
 * English and in Spanish.
 */
test('the owner refunds one line of a customer’s order; the customer is emailed the amount', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const day = lisbonDay(25);
  const event = await call<{ id: number }>('post', '/events', {
    name: `Jazz no Claustro ${Date.now().toString(36)}`,
    address: 'Claustro da Sé, Lisboa',
    city: 'Lisboa',
    contact_email: 'jazz@promotora-e2e.pt',
    starts_at: `${day}T20:00:00Z`,
    ends_at: `${day}T23:00:00Z`,
  });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Geral', price_cents: 2000, quantity: 100 });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'VIP', price_cents: 4500, quantity: 20 });
  const { public_path: slug } = await call<{ public_path: string }>('post', `/events/${event.id}/publish`, {
    visibility: 'public',
  });
  const customer = await newCustomer(request, { first_name: 'Rita', last_name: 'Albuquerque' });
  const { orderId } = await buyTickets(request, customer, slug, (e) => [
    { ticket_id: e.ticket_types.find((x) => x.name === 'Geral')!.id, qty: 2 },
    { ticket_id: e.ticket_types.find((x) => x.name === 'VIP')!.id, qty: 1 },
  ]);
  const before = await orderStory(page.request, organizer, orderId);
  const vip = before.lines.find((l) => l.description === 'VIP')!;
  // the service cost goes back in proportion to the tickets' value (shared/order-refund.ts)
  const ticketsValue = before.lines.reduce((n, l) => n + l.qty * l.unit_cents, 0);
  const expected = vip.unit_cents + Math.floor((before.service_cents * vip.unit_cents) / ticketsValue);
  const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

  const url = `/backoffice/organizers/${organizer.id}/orders/${orderId}`;
  await page.goto(url);
  await page.getByTestId('refund-open').click();
  const dialog = page.getByTestId('refund-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(/^Reembolsar a encomenda B\w{9}$/);
  await expect(dialog.getByTestId('refund-amount')).toHaveText(
    'Escolha os bilhetes ou o valor a reembolsar.',
  );
  await dialog.getByLabel(/^VIP/).selectOption('1');
  await expect(dialog.getByTestId('refund-amount')).toContainText(`A reembolsar: ${euros(expected)}`);
  await dialog.getByLabel(/^Motivo/).fill('Lugar VIP indisponível');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27g-refund-dialog');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByTestId('refund-confirm-text')).toHaveText(
    `Vai reembolsar ${euros(expected)} para Visa •••• 4242.`,
  );
  await dialog.getByTestId('refund-confirm').click();
  await expect(dialog.getByTestId('refund-outcome')).toHaveAttribute('data-status', 'refunded');
  await expect(dialog.getByTestId('refund-outcome')).toContainText(
    `Reembolso de ${euros(expected)} feito para o método de pagamento original.`,
  );
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();

  // the order stays paid, the VIP ticket cancelled, the refund with the sandbox's refund id
  const refund = page.getByTestId('order-refund');
  await expect(refund).toHaveAttribute('data-status', 'refunded');
  await expect(refund).toContainText(euros(expected));
  await expect(refund).toContainText('1 bilhete cancelado');
  await expect(refund).toContainText(/re_\S+/);
  await expect(page.getByTestId('order-ticket').filter({ hasText: 'VIP' })).toContainText('Cancelado');
  await expect(page.getByTestId('line-refunded')).toHaveText(`1 reembolsado (${euros(expected)})`);
  await expect(page.getByTestId('order-timeline')).not.toContainText('Encomenda reembolsada');
  const after = await orderStory(page.request, organizer, orderId);
  expect(after.status).toBe('paid');
  expect(after.refunds).toEqual([
    expect.objectContaining({
      status: 'refunded',
      amount_cents: expected,
      refund_ref: expect.stringMatching(/^re_/),
    }),
  ]);

  // a ticket still admitting can be given to another mobile: the dialog, checked and closed
  await page
    .getByTestId('order-ticket')
    .filter({ hasText: 'Geral' })
    .first()
    .getByTestId('reassign-open')
    .click();
  const reassign = page.getByTestId('reassign-dialog');
  await expect(reassign.getByLabel('Telemóvel do novo titular')).toBeVisible();
  await expect(reassign.getByLabel('País')).toHaveValue('PT');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27g-reassign-dialog');
  await reassign.getByRole('button', { name: 'Cancelar' }).click();
  await expect(reassign).toBeHidden();

  // the customer's email says what came back
  const email = await lastOutboxMessage(page, customer.email);
  expect(email?.meta).toMatchObject({ kind: 'order_refund', order_id: orderId });
  expect(email?.subject).toMatch(/^Reembolso da encomenda B\w{9} — Jazz no Claustro/);
  // (amounts are written with a no-break space before the euro sign)
  const body = email?.body.replace(/\u00a0/g, ' ') ?? '';
  expect(body).toContain(`reembolsou ${euros(expected)}`);
  expect(body).toContain(`1 × VIP: ${euros(vip.unit_cents)}`);
  expect(body).toContain(`Total reembolsado: ${euros(expected)}`);

  // the same page in English and in Spanish
  for (const [locale, heading, cancelled] of [
    ['en', /^Order B\w{9}$/, '1 ticket cancelled'],
    ['es', /^Pedido B\w{9}$/, '1 entrada cancelada'],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem('backoffice_locale', l), locale);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId('order-refund')).toContainText(cancelled);
    await screenshot(page, `27g-order-refund-${locale}`);
  }
});
