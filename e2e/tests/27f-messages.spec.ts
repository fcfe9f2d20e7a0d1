import { expect, test } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lisbonDay,
  newCustomer,
  screenshotBoth,
} from '../support/helpers';
import { newOrganizer, organizerCall } from '../support/organizer';

/**
 * Issue 27 item 3, as an organiser tells the holders something: an operational message in
 * Portuguese and English, previewed (who gets it, in which language), sent after a
 * confirmation, counted in the list, and in the holder's inbox. Checked in en and es.
 */
test('the owner writes to the event’s holders: preview, send, delivery counts', async ({ page, request }) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const name = `Jazz no Claustro ${Date.now().toString(36)}`;
  const event = await call<{ id: number; slug: string }>('post', '/events', {
    name,
    address: 'Claustro do Mosteiro, Alcobaça',
    contact_email: 'jazz@promotora-e2e.pt',
    starts_at: `${lisbonDay(20)}T19:00:00Z`,
    ends_at: `${lisbonDay(20)}T23:00:00Z`,
  });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Geral', price_cents: 1500, quantity: 100 });
  await call('post', `/events/${event.id}/publish`, { visibility: 'public' });
  const holder = await newCustomer(request, { first_name: 'Rita', last_name: 'Sousa' });
  await buyTickets(request, holder, event.slug, (e) => [{ ticket_id: e.ticket_types[0]!.id, qty: 1 }]);

  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=messages`);
  await expect(page.getByRole('heading', { name: 'Escrever aos portadores' })).toBeVisible();
  await expect(page.getByText('Ainda não enviou mensagens.')).toBeVisible();
  // sent empty: the fields say what is missing
  await page.getByTestId('message-send').click();
  await expect(page.locator('#message-subject-pt-pt[aria-invalid="true"]')).toBeVisible();
  await page.getByLabel('Assunto').first().fill('Portas às 20h30');
  await page
    .getByLabel('Mensagem')
    .first()
    .fill('As portas abrem às 20h30. O claustro não tem estacionamento.');
  await page.getByLabel('Assunto').nth(1).fill('Doors at 8.30 pm');
  await page
    .getByLabel('Mensagem')
    .nth(1)
    .fill('Doors open at 8.30 pm. There is no parking at the cloister.');
  await page.getByTestId('message-preview').click();
  await expect(page.getByTestId('message-audience')).toHaveText(
    '1 pessoa recebe esta mensagem (português 1, inglês 0, espanhol 0).',
  );
  await expect(page.getByTestId('message-preview-box')).toContainText(`porque tem bilhete para ${name}`);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27f-message-preview');
  await page.getByTestId('message-send').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('notice')).toHaveText('Mensagem enviada. Destinatários: 1.');
  await expect(page.getByTestId('sent-message')).toContainText('Portas às 20h30');
  await expect(page.getByTestId('delivery')).toContainText('1 destinatário');

  const mail = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(holder.email)}`);
  const subjects = ((await mail.json()) as { data: { subject: string }[] }).data.map((m) => m.subject);
  expect(subjects).toContain('Portas às 20h30');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27f-messages-sent');

  for (const [locale, heading] of [
    ['en', 'Write to the holders'],
    ['es', 'Escribir a los titulares'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await screenshotBoth(page, '27f-messages-es');
});
