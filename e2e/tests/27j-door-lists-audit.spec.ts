import { randomUUID } from 'node:crypto';
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
 * Issue 27 items 4 and 9, as an owner runs a VIP gate: a check-in list of the VIP type at gate
 * "VIP", a door device put on it; a general ticket scanned through the door API is refused,
 * naming the list; the activity log shows the owner adding the device, in en and es too; the
 * platform operators' log, narrowed to this organiser, shows it with the organiser's name.
 */
test('a VIP gate refuses a general ticket by its list; the activity log shows who added the device', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const organizer = await newOrganizer(page.request);
  const call = organizerCall(page.request, organizer);
  // open since an hour ago: the door admits today
  const event = await call<{ id: number; slug: string }>('post', '/events', {
    name: `Noite no Coliseu ${Date.now().toString(36)}`,
    address: 'Rua das Portas de Santo Antão 96, Lisboa',
    contact_email: 'coliseu@promotora-e2e.pt',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: `${lisbonDay(1)}T23:00:00Z`,
  });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'VIP', price_cents: 9000, quantity: 50 });
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Geral', price_cents: 2500, quantity: 500 });
  await call('post', `/events/${event.id}/publish`, { visibility: 'public' });
  const buyer = await newCustomer(request, { first_name: 'Tiago', last_name: 'Ramos' });
  await buyTickets(request, buyer, event.slug, (e) => [
    { ticket_id: e.ticket_types.find((tt) => tt.name === 'Geral')!.id, qty: 1 },
  ]);

  // the owner's list and device, in the door step
  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=door`);
  await expect(page.getByRole('heading', { name: 'Listas de entrada' })).toBeVisible();
  await page.getByTestId('add-list').click();
  const dialog = page.getByTestId('list-dialog');
  await dialog.getByLabel('Nome').fill('VIP');
  await dialog.getByLabel('Porta ou zona').fill('VIP');
  await dialog.getByRole('checkbox', { name: 'VIP' }).check();
  await dialog.getByTestId('save-list').click();
  await expect(page.getByTestId('list')).toContainText('VIP · porta VIP');
  await page.getByTestId('add-device').click();
  await page.getByLabel('Nome (porta)').fill('Porta VIP 1');
  await page.getByTestId('save-device').click();
  const key = await page.getByTestId('secret-value').inputValue();
  await page.getByTestId('secret-done').click();
  await page.getByTestId('device-list').selectOption({ label: 'VIP (VIP)' });
  await expect(page.getByTestId('list-counts')).toHaveText('1 dispositivo · 0 entradas');

  // a general ticket at the VIP gate: refused, naming the list and gate
  const tickets = await request.get('/api/customers/tickets', {
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  const token = ((await tickets.json()) as { data: { token: string }[] }).data[0]!.token;
  const scan = await request.post('/api/checkin', {
    headers: { 'x-device-key': key },
    data: { token, nonce: randomUUID() },
  });
  expect(scan.ok(), await scan.text()).toBe(true);
  expect(((await scan.json()) as { data: unknown }).data).toMatchObject({
    result: 'not_on_list',
    ok: false,
    ticket_name: 'Geral',
    list: { name: 'VIP', gate: 'VIP' },
    message: 'Este bilhete não entra pela lista «VIP» (porta VIP).',
  });
  await screenshotBoth(page, '27j-door-lists');

  // the activity log: the owner added the device
  await page.goto(`/backoffice/organizers/${organizer.id}/activity`);
  await expect(page.getByRole('heading', { name: 'Registo de atividade' })).toBeVisible();
  const added = page.locator('[data-action="door_device.create"]');
  await expect(added).toContainText('Adicionou o dispositivo de entrada «Porta VIP 1»');
  await expect(added).toContainText('Inês Carvalho');
  await expect(page.locator('[data-action="checkin_list.create"]')).toContainText('(porta VIP)');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '27j-activity');
  for (const [locale, heading, sentence] of [
    ['en', 'Activity log', 'Added the door device “Porta VIP 1”'],
    ['es', 'Registro de actividad', 'Añadió el dispositivo de acceso «Porta VIP 1»'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(added).toContainText(sentence);
  }
  await screenshotBoth(page, '27j-activity-es');

  // the platform operators' log, narrowed to this organiser
  const context = await browser.newContext({ baseURL, locale: 'pt-PT', timezoneId: 'Europe/Lisbon' });
  const cookie = process.env.E2E_OPERATOR_COOKIE!;
  const eq = cookie.indexOf('=');
  await context.addCookies([
    {
      name: cookie.slice(0, eq),
      value: cookie.slice(eq + 1),
      domain: new URL(baseURL!).hostname,
      path: '/api/backoffice',
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  const op = await context.newPage();
  await op.goto('/backoffice/operator/activity');
  await expect(op.getByRole('heading', { name: 'Atividade da plataforma' })).toBeVisible();
  await op.getByLabel('Organização').selectOption({ label: organizer.name });
  await expect(op.locator('[data-action="door_device.create"]')).toContainText(organizer.name);
  await screenshotBoth(op, '27j-platform-activity');
  await context.close();
});
