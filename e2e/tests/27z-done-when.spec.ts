import { createHmac, randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Browser } from '../support/test';
import { lisbonDay, newCustomer, screenshotBoth, type Customer } from '../support/helpers';
import { newOrganizer, organizerCall, type Organizer } from '../support/organizer';
import { orderStory } from '../support/order-refund';
import { newTeamMember, personPage } from '../support/people';

/**
 * Issue 27's "done when", as a festival's team lives its day, one step after the other on one
 * organiser and one festival (already open: it started an hour ago):
 * 1. the owner adds a webhook endpoint, then in the back office creates the bar's products, a
 *    bar with its menu and a top-up point, imports 50 bracelets and enrols a door device;
 * 2. with the live dashboard open, a customer buys two tickets and tops up, links a bracelet,
 *    pays a round at the bar through the stations API and goes through the door; the dashboard
 *    shows the sale, the top-up, the bar revenue and the check-in within seconds, never reloaded;
 * 3. the customer asks for the rest of the wallet back; the finance user approves it and exports
 *    the SEPA file;
 * 4. the owner refunds one line of the order; the customer is emailed and the sandbox refunds it;
 * 5. the webhook endpoint received every event, each signed and each once.
 * Key screens in en and es.
 */

test.describe.configure({ mode: 'serial' });

const CUSTOMER_IBAN = 'PT50 0035 0683 0000 0007 8431 1';

interface Delivery {
  id: string;
  type: string;
  signature: string;
  body: string;
}

/** What each step hands to the next. */
const chain: {
  organizer?: Organizer;
  /** the owner's signed-in browser state (a TOTP code is accepted once: no second sign-in) */
  ownerState?: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
  eventId?: number;
  slug?: string;
  hookSecret?: string;
  barKey?: string;
  deviceKey?: string;
  bracelet?: { uid: string; code: string };
  customer?: Customer;
  orderId?: number;
} = {};

/** The receiver of the organiser's webhook endpoint, on 127.0.0.1 in this test's process. */
const received: Delivery[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    const { id, type } = JSON.parse(body) as { id: string; type: string };
    received.push({ id, type, signature: String(req.headers['bilheteira-signature']), body });
    res.end('ok');
  });
});
test.beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});
test.afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
});

/** A receiver's check: v1 is the HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret. */
function signedWith(secret: string, d: Delivery): boolean {
  const t = /t=(\d+)/.exec(d.signature)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(d.signature)?.[1];
  return !!t && v1 === createHmac('sha256', secret).update(`${t}.${d.body}`).digest('hex');
}

const customerHeaders = (c: Customer) => ({
  authorization: `Bearer ${c.token}`,
  'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
});

/** The owner's back office in a browser of its own, still signed in from the first step. */
async function ownerPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    viewport: { width: 1280, height: 800 },
    storageState: chain.ownerState,
  });
  return context.newPage();
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

test('the owner sets up the webhook, the bar with its menu, a top-up point, 50 bracelets and a door device', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const organizer = await newOrganizer(page.request);
  chain.organizer = organizer;
  const call = organizerCall(page.request, organizer);
  const hook = await call<{ secret: string }>('post', '/webhooks', {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/festival`,
    events: ['order.paid', 'order.refunded', 'checkin.created', 'wallet.transaction'],
  });
  chain.hookSecret = hook.secret;
  // open since an hour ago, until tomorrow night: the door admits and the tills sell now
  const event = await call<{ id: number; slug: string }>('post', '/events', {
    name: `Festival da Lezíria ${Date.now().toString(36)}`,
    address: 'Campo da Feira, Santarém',
    contact_email: 'leziria@promotora-e2e.pt',
    starts_at: new Date(Date.now() - 3_600_000).toISOString(),
    ends_at: `${lisbonDay(1)}T23:00:00Z`,
    wallet_enabled: true,
    online_topup_enabled: true,
    refunds_allowed: true,
    refund_opens_at: new Date(Date.now() - 3_600_000).toISOString(),
  });
  chain.eventId = event.id;
  await call('post', `/events/${event.id}/ticket-types`, { name: 'Passe', price_cents: 4500, quantity: 500 });
  await call('post', `/events/${event.id}/ticket-types`, {
    name: 'Campismo',
    price_cents: 1500,
    quantity: 200,
  });
  const published = await call<{ public_path: string }>('post', `/events/${event.id}/publish`, {
    visibility: 'public',
  });
  chain.slug = published.public_path.split('/').pop()!;

  await page.goto(`/backoffice/organizers/${organizer.id}/events/${event.id}?tab=bar`);
  await expect(page.getByRole('heading', { name: 'Postos de venda' })).toBeVisible();

  // the bar's products, a bar (its key shown once) and its menu, and a top-up point
  for (const [name, price, vat] of [
    ['Imperial', '3,00', '23'],
    ['Bifana', '4,50', '13'],
  ] as const) {
    await page.getByTestId('add-product').click();
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByLabel('Nome do produto').fill(name);
    await dialog.getByLabel('Preço (€, com IVA)').fill(price);
    await dialog.getByLabel('Taxa de IVA').selectOption(vat);
    await dialog.getByTestId('save-product').click();
    await expect(page.getByTestId('notice')).toHaveText(`Produto «${name}» criado.`);
  }
  for (const [name, role] of [
    ['Bar Palco Tejo', 'bar'],
    ['Carregamentos', 'topup'],
  ] as const) {
    await page.getByTestId('add-station').click();
    const dialog = page.getByTestId('station-dialog');
    await dialog.getByLabel('Nome do posto').fill(name);
    await dialog.getByLabel('Função').selectOption(role);
    await dialog.getByTestId('save-station').click();
    const shown = page.getByTestId('station-key-dialog');
    if (role === 'bar') chain.barKey = await shown.getByTestId('secret-value').inputValue();
    await shown.getByTestId('secret-done').click();
  }
  await expect(page.getByTestId('station')).toHaveCount(2);
  // the menu is the bar's (a top-up point sells nothing)
  await expect(page.getByLabel('Posto', { exact: true }).locator('option:checked')).toHaveText(
    'Bar Palco Tejo',
  );
  await page.getByRole('button', { name: '+ Imperial' }).click();
  await page.getByRole('button', { name: '+ Bifana' }).click();
  await page.getByTestId('save-menu').click();
  await expect(page.getByTestId('notice')).toHaveText('Carta guardada.');
  await screenshotBoth(page, '27z-bar-menu');

  // 50 bracelets from the supplier's file
  const stamp = String(Date.now()).slice(-6);
  const rows = Array.from({ length: 50 }, (_, i) => {
    const code = String(Number(stamp) * 50 + i)
      .slice(-6)
      .padStart(6, '0');
    return `04A7${stamp}${String(i).padStart(4, '0')},${code}`;
  });
  await page.getByTestId('bracelet-file').setInputFiles({
    name: 'pulseiras.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['uid,code,secret', ...rows].join('\n')),
  });
  await expect(page.getByTestId('notice')).toHaveText('50 pulseiras importadas.');
  const [uid, code] = rows[7]!.split(',') as [string, string];
  chain.bracelet = { uid, code };

  // the door: a device enrolled by its QR code
  await page.getByTestId('tab-door').click();
  await page.getByTestId('add-device').click();
  await page.getByTestId('device-dialog').getByLabel('Nome (porta)').fill('Porta Principal');
  await page.getByTestId('save-device').click();
  const enrolment = page.getByTestId('enrolment-dialog');
  await expect(enrolment.getByRole('img', { name: 'Código QR de registo do dispositivo' })).toBeVisible();
  chain.deviceKey = await enrolment.getByTestId('secret-value').inputValue();
  await enrolment.getByTestId('secret-done').click();
  await expect(page.getByTestId('device')).toContainText('Porta Principal');
  chain.ownerState = await page.context().storageState();
});

test('a customer buys, tops up, pays at the bar and goes in; the live dashboard shows each within seconds', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const { organizer, eventId } = chain as Required<typeof chain>;
  const page = await ownerPage(browser, baseURL);
  await page.goto(`/backoffice/organizers/${organizer.id}/events/${eventId}/dashboard`);
  await expect(page.getByTestId('dashboard-live')).toHaveText('Em direto');
  await expect(page.getByTestId('card-sold-value')).toHaveText('0');
  await expect(page.getByTestId('card-bar-value')).toHaveText('0,00 €');

  // two tickets and 20 € on the wallet, paid by card in the sandbox
  const customer = await newCustomer(request, { first_name: 'Joana', last_name: 'Lopes' });
  chain.customer = customer;
  const headers = customerHeaders(customer);
  const festival = await ok<{ ticket_types: { id: number; name: string }[] }>(
    await request.get(`/api/events/${chain.slug}`),
  );
  const typeId = (name: string) => festival.ticket_types.find((t) => t.name === name)!.id;
  const order = await ok<{ id: number }>(
    await request.post('/api/orders', {
      headers,
      data: {
        event_id: eventId,
        include_cart: false,
        items: [
          { ticket_id: typeId('Passe'), qty: 1 },
          { ticket_id: typeId('Campismo'), qty: 1 },
        ],
        topup_cents: 2000,
        billing: { name: 'Joana Lopes', country: 'PT', document: '', postal_code: '2000-001' },
      },
    }),
  );
  chain.orderId = order.id;
  await ok(
    await request.post(`/api/orders/${order.id}/pay`, {
      headers,
      data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name: 'Joana Lopes' } },
    }),
  );
  await expect(page.getByTestId('card-sold-value')).toHaveText('2', { timeout: 8_000 });
  await expect(page.getByTestId('card-revenue-value')).toHaveText('60,00 €');
  await expect(page.getByTestId('card-topups-value')).toHaveText('20,00 €', { timeout: 8_000 });

  // the bracelet on the wallet; a round at the bar, from the till's menu
  await ok(
    await request.post('/api/customers/wallet/bracelets', {
      headers,
      data: { event_id: eventId, code: chain.bracelet!.code, uid: chain.bracelet!.uid },
    }),
  );
  const menu = await ok<{ products: { id: number; name: string; price_cents: number }[] }>(
    await request.get('/api/stations/menu', { headers: { 'x-station-key': chain.barKey! } }),
  );
  expect(menu.products.map((p) => p.name)).toEqual(['Imperial', 'Bifana']);
  const [imperial, bifana] = menu.products as [(typeof menu.products)[0], (typeof menu.products)[0]];
  const sale = await ok<{ results: { status: string; balance_cents: number }[] }>(
    await request.post('/api/stations/transactions', {
      headers: { 'x-station-key': chain.barKey! },
      data: {
        transactions: [
          {
            id: `round-${randomUUID()}`,
            bracelet: chain.bracelet!.code,
            type: 'consumption',
            amount_cents: 300 + 450,
            items: [
              { name: imperial.name, qty: 1, unit_cents: imperial.price_cents, product_id: imperial.id },
              { name: bifana.name, qty: 1, unit_cents: bifana.price_cents, product_id: bifana.id },
            ],
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    }),
  );
  expect(sale.results[0]).toMatchObject({ status: 'accepted', balance_cents: 2000 - 750 });
  await expect(page.getByTestId('card-bar-value')).toHaveText('7,50 €', { timeout: 8_000 });

  // through the door
  const tickets = await ok<{ token: string; ticket_name?: string }[]>(
    await request.get('/api/customers/tickets', { headers }),
  );
  const scan = await ok<{ result: string }>(
    await request.post('/api/checkin', {
      headers: { 'x-device-key': chain.deviceKey! },
      data: { token: tickets[0]!.token, nonce: randomUUID() },
    }),
  );
  expect(scan.result).toBe('ok');
  await expect(page.getByTestId('card-inside-value')).toHaveText('1', { timeout: 8_000 });
  await screenshotBoth(page, '27z-dashboard');
  for (const [locale, title] of [
    ['en', 'Live dashboard'],
    ['es', 'Panel en directo'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  await page.getByTestId('language').first().selectOption('pt-pt');
  await page.context().close();
});

test('the customer asks for the wallet back; the finance user approves it and exports the SEPA file', async ({
  browser,
  baseURL,
  request,
}) => {
  const { organizer, eventId, customer } = chain as Required<typeof chain>;
  const asked = await ok<{ id: number; amount_cents: number }>(
    await request.post('/api/customers/wallet/refund-requests', {
      headers: customerHeaders(customer),
      data: { event_id: eventId, iban: CUSTOMER_IBAN },
    }),
  );
  // 20 € topped up, 7,50 € spent at the bar, the 0,75 € fee
  expect(asked.amount_cents).toBe(2000 - 750 - 75);

  // the owner brings a finance user into the team, who joins with their own second factor
  const owner = await ownerPage(browser, baseURL);
  const financePage = await personPage(browser, baseURL);
  await newTeamMember(owner.request, organizer, financePage.request, {
    role: 'finance',
    name: 'Rita Finanças',
  });
  await owner.context().close();
  await financePage.goto(`/backoffice/organizers/${organizer.id}/refunds`);
  await expect(financePage.getByRole('heading', { name: 'Reembolsos', level: 1 })).toBeVisible();
  await expect(financePage.getByTestId('refunds-table')).toContainText('Joana Lopes');
  await financePage.getByTestId(`select-${asked.id}`).check();
  await financePage.getByTestId('bulk-approve').click();
  await expect(financePage.getByTestId('notice')).toHaveText('1 pedido aprovado.');
  const [download] = await Promise.all([
    financePage.waitForEvent('download'),
    financePage.getByTestId('sepa-export').click(),
  ]);
  const xml = fs.readFileSync(await download.path(), 'utf8');
  expect(xml).toContain(`<IBAN>${CUSTOMER_IBAN.replace(/ /g, '')}</IBAN>`);
  expect(xml).toContain('<InstdAmt Ccy="EUR">11.75</InstdAmt>');
  await screenshotBoth(financePage, '27z-finance-sepa');
  await financePage.context().close();
});

test('the owner refunds one line of the order; the customer is told and the sandbox refunds it', async ({
  browser,
  baseURL,
  request,
}) => {
  const { organizer, orderId, customer } = chain as Required<typeof chain>;
  const page = await ownerPage(browser, baseURL);
  const story = await orderStory(page.request, organizer, orderId);
  const camping = story.lines.find((l) => l.description === 'Campismo')!;
  // the camping ticket and its share of the service cost (shared/order-refund.ts)
  const ticketsValue = story.lines
    .filter((l) => l.kind === 'ticket')
    .reduce((n, l) => n + l.qty * l.unit_cents, 0);
  const expected = camping.unit_cents + Math.floor((story.service_cents * camping.unit_cents) / ticketsValue);
  const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;

  await page.goto(`/backoffice/organizers/${organizer.id}/orders/${orderId}`);
  await page.getByTestId('refund-open').click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByLabel(/^Campismo/).selectOption('1');
  await expect(dialog.getByTestId('refund-amount')).toContainText(`A reembolsar: ${euros(expected)}`);
  await dialog.getByLabel(/^Motivo/).fill('Parque de campismo fechado');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await dialog.getByTestId('refund-confirm').click();
  await expect(dialog.getByTestId('refund-outcome')).toHaveAttribute('data-status', 'refunded');
  await screenshotBoth(page, '27z-line-refund');
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(page.getByTestId('order-ticket').filter({ hasText: 'Campismo' })).toContainText('Cancelado');

  // the money back through the sandbox provider, and the customer told
  const after = await orderStory(page.request, organizer, orderId);
  expect(after.refunds).toEqual([
    expect.objectContaining({
      status: 'refunded',
      amount_cents: expected,
      refund_ref: expect.stringMatching(/^re_/),
    }),
  ]);
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(customer.email)}`);
  const mails = (
    (await outbox.json()) as { data: { subject: string; body: string; meta: { kind?: string } }[] }
  ).data;
  const told = mails.find((m) => m.meta.kind === 'order_refund');
  expect(told?.body.replace(/\u00a0/g, ' ')).toContain(
    `Total reembolsado: ${euros(expected).replace('\u00a0', ' ')}`,
  );

  // the order page in English and in Spanish
  for (const [locale, cancelled] of [
    ['en', '1 ticket cancelled'],
    ['es', '1 entrada cancelada'],
  ] as const) {
    await page.getByTestId('language').first().selectOption(locale);
    await expect(page.getByTestId('order-refund')).toContainText(cancelled);
  }
  await page.context().close();
});

test('the webhook endpoint received every event, signed, each once', async () => {
  const secret = chain.hookSecret!;
  await expect
    .poll(() => [...new Set(received.map((d) => d.type))].sort(), { timeout: 20_000 })
    .toEqual(['checkin.created', 'order.paid', 'order.refunded', 'wallet.transaction']);
  for (const d of received) expect(signedWith(secret, d), d.body).toBe(true);
  expect(new Set(received.map((d) => d.id)).size).toBe(received.length);
});
