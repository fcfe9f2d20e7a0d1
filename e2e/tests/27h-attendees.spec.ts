import fs from 'node:fs';
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
 * Issue 27 item 2, the attendee list as an organiser's team reads it before the doors open:
 * the buyer is in the event's "Participantes" step, found by a search, and in the CSV the
 * "Exportar CSV" button downloads (Excel's `;`, headings in the reader's language). Checked in
 * en and es.
 */
test('the owner finds the buyer among the attendees and downloads the CSV', async ({ page, request }) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  const event = await call<{ id: number; slug: string }>('post', '/events', {
    name: `Fado na Mouraria ${Date.now().toString(36)}`,
    address: 'Largo da Severa, Lisboa',
    contact_email: 'fado@promotora-e2e.pt',
    starts_at: `${lisbonDay(15)}T20:00:00Z`,
    ends_at: `${lisbonDay(15)}T23:00:00Z`,
  });
  await call('post', `/events/${event.id}/ticket-types`, {
    name: 'Plateia',
    price_cents: 2000,
    quantity: 50,
  });
  await call('post', `/events/${event.id}/publish`, { visibility: 'public' });
  const buyer = await newCustomer(request, { first_name: 'Leonor', last_name: 'Travassos' });
  const other = await newCustomer(request, { first_name: 'Duarte', last_name: 'Quintela' });
  await buyTickets(request, buyer, event.slug, (e) => [{ ticket_id: e.ticket_types[0]!.id, qty: 2 }]);
  await buyTickets(request, other, event.slug, (e) => [{ ticket_id: e.ticket_types[0]!.id, qty: 1 }]);

  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}`);
  await page.getByTestId('tab-attendees').click();
  await expect(page.getByRole('heading', { name: 'Participantes' })).toBeVisible();
  const table = page.getByTestId('attendees-table');
  await expect(table.getByText('Leonor Travassos')).toHaveCount(2);
  await expect(table.getByText('Duarte Quintela')).toHaveCount(1);

  await page.getByTestId('attendees-search').fill(buyer.email);
  await expect(table.getByText('Duarte Quintela')).toHaveCount(0);
  await expect(table.getByText('Leonor Travassos')).toHaveCount(2);
  await expect(table.getByText(buyer.e164).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27h-attendees');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('attendees-export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^participantes-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Bilhete;Nome;Email;Telemóvel;Tipo de bilhete;/);
  // the search applies to the file: the buyer's two tickets, not the other buyer's
  expect(lines).toHaveLength(3);
  for (const line of lines.slice(1)) expect(line).toContain(`;Leonor Travassos;${buyer.email};`);

  await page.getByTestId('attendees-search').fill('');
  await expect(table.getByText('Duarte Quintela')).toHaveCount(1);
  for (const [locale, heading, column] of [
    ['en', 'Attendees', 'Holder'],
    ['es', 'Asistentes', 'Titular'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  }
  const [esDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('attendees-export-csv').click(),
  ]);
  expect(esDownload.suggestedFilename()).toMatch(/^asistentes-.*\.csv$/);
  const esCsv = fs.readFileSync((await esDownload.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(esCsv.split('\r\n')[0]).toMatch(/^Entrada;Nombre;Correo electrónico;Móvil;/);
  expect(esCsv.split('\r\n').filter((l) => l.includes('Duarte Quintela'))).toHaveLength(1);
  await screenshotBoth(page, '27h-attendees-es');
});
