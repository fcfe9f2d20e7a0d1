import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  loginByApi,
  newCustomer,
  screenshotBoth,
} from '../support/helpers';

/** Demo door device of festival-demo (README). */
const DOOR_KEY = 'demo-door-festival-key-0001';

interface TicketJson {
  id: number;
  token: string;
  ticket: { name: string; period_days: string };
  event: { slug: string };
}

async function ticketsOf(request: APIRequestContext, accessToken: string): Promise<TicketJson[]> {
  const res = await request.get('/api/customers/tickets', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: TicketJson[] }).data;
}

/** A door scan through the device API, at a chosen instant (the development door clock). */
async function scanAt(request: APIRequestContext, token: string, at: string) {
  const res = await request.post('/api/dev/checkin', {
    headers: { 'x-device-key': DOOR_KEY },
    data: { token, nonce: randomUUID(), at },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { result: string } }).data.result;
}

test('Ana opens her festival tickets, copies a token, sees a pass history and transfers a ticket to Rui', async ({
  browser,
}) => {
  // One long journey (about 30 s); room for a loaded machine.
  test.setTimeout(120_000);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  // this spec's own Ana and Rui: the transfer and the door scans change only their tickets
  const ana = await newCustomer(page.request, { first_name: 'Ana', last_name: 'Silva' });
  const rui = await newCustomer(page.request, { first_name: 'Rui', last_name: 'Costa' });
  // Ana buys, as the demo seed's Ana did, a 3-day pass and a day-1 ticket of festival-demo
  await buyTickets(page.request, ana, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => t.name === 'Passe 3 dias')!.id, qty: 1 },
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  const accessToken = await loginByApi(page, ana);

  // The festival tickets Ana bought: a 3-day pass and a day-1 ticket.
  const mine = (await ticketsOf(page.request, accessToken)).filter((t) => t.event.slug === 'festival-demo');
  const pass = mine.find((t) => (JSON.parse(t.ticket.period_days) as string[]).length > 1);
  const single = mine.find((t) => (JSON.parse(t.ticket.period_days) as string[]).length === 1);
  expect(pass, 'Ana has a multi-day pass of festival-demo').toBeDefined();
  expect(single, 'Ana has a day ticket of festival-demo').toBeDefined();

  // Two check-ins of the pass at the door, on its first two days (noon, Lisbon).
  const days = JSON.parse(pass!.ticket.period_days) as string[];
  expect(await scanAt(page.request, pass!.token, `${days[0]}T12:00:00Z`)).toBe('ok');
  expect(await scanAt(page.request, pass!.token, `${days[1]}T12:00:00Z`)).toBe('ok');

  // Dashboard → festival-demo → tickets.
  await page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Os meus bilhetes' })).toBeVisible();
  const stubs = page.getByTestId('ticket-stub');
  await expect(stubs).toHaveCount(mine.length);
  const passStub = page.locator(`[data-testid="ticket-stub"][data-ticket-id="${pass!.id}"]`);
  const singleStub = page.locator(`[data-testid="ticket-stub"][data-ticket-id="${single!.id}"]`);
  await expect(singleStub.getByTestId('ticket-status')).toHaveText('Em breve');
  await expect(singleStub.getByTestId('ticket-qr')).toBeVisible();
  await expect(singleStub.getByRole('button', { name: /Transferir/ })).toBeVisible();
  // a pass already used at the door is no longer transferable
  await expect(passStub.getByRole('button', { name: /Transferir/ })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '06-tickets-list');

  // Detail: loader first, then the QR (120 px) and the token; copy it.
  await passStub.getByRole('button', { name: /Ver bilhete/ }).click();
  const detail = page.getByTestId('ticket-detail-modal');
  await expect(detail.getByTestId('ticket-detail-loader')).toBeVisible();
  await expect(detail.getByTestId('ticket-token')).toHaveText(pass!.token);
  await expect(detail.locator('[data-testid="ticket-qr"] svg')).toHaveAttribute('width', '120');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '06-ticket-detail');
  await detail.getByTestId('copy-token').click();
  const alert = page.getByTestId('alert-modal');
  await expect(alert).toContainText('Token copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pass!.token);
  await expect(alert).toHaveCount(0, { timeout: 5000 }); // closes by itself after 2.5 s

  // History of the multi-day pass: two check-ins.
  await detail.getByRole('button', { name: 'Histórico' }).click();
  const history = page.getByTestId('ticket-history-modal');
  await expect(history.getByTestId('history-table').locator('tbody tr')).toHaveCount(2);
  await expect(history.getByTestId('history-table')).toContainText('Check-in efetuado');
  await expect(history.getByTestId('history-total')).toHaveText('2');
  await expect(history.getByTestId('history-token')).toHaveText(pass!.token);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '06-ticket-history');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // Transfer the day ticket to Rui's number, with the confirmation question.
  await singleStub.getByRole('button', { name: /Transferir/ }).click();
  const transfer = page.getByTestId('transfer-modal');
  const submit = transfer.getByTestId('transfer-submit');
  await expect(submit).toBeDisabled();
  await transfer.getByRole('textbox', { name: /Novo número de telemóvel/ }).fill(rui.mobile);
  await expect(submit).toBeEnabled();
  await screenshotBoth(page, '06-transfer');
  await submit.click();
  await expect(alert).toContainText('Confirmar transferência');
  await alert.getByRole('button', { name: 'Sim, transferir' }).click();
  await expect(alert).toContainText('Bilhete transferido');
  await expect(transfer).toHaveCount(0);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(stubs).toHaveCount(mine.length - 1);

  // The old QR is refused at the door; Rui finds the ticket in his account.
  const door = await page.request.post('/api/checkin', {
    headers: { 'x-device-key': DOOR_KEY },
    data: { token: single!.token, nonce: randomUUID() },
  });
  expect(((await door.json()) as { data: { result: string } }).data.result).toBe('revoked');
  await page.goto(`/check/${encodeURIComponent(single!.token)}`);
  await expect(page.getByTestId('check-result')).toHaveAttribute('data-status', 'revoked');
  await expect(page.getByTestId('check-result')).toContainText('Substituído');
  await expect(page.getByTestId('check-result')).not.toContainText('Ana');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '06-check-page');
  await context.close();

  const ruiContext = await browser.newContext();
  const ruiPage = await ruiContext.newPage();
  const ruiToken = await loginByApi(ruiPage, rui, '/dashboard/tickets');
  const ruis = await ticketsOf(ruiPage.request, ruiToken);
  const received = ruis.find((t) => t.id === single!.id);
  expect(received).toBeDefined();
  expect(received!.token).not.toBe(single!.token);
  await expect(ruiPage.locator(`[data-testid="ticket-stub"][data-ticket-id="${single!.id}"]`)).toBeVisible();
  await screenshotBoth(ruiPage, '06-tickets-rui');
  await ruiContext.close();
});
