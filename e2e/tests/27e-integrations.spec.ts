import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
 * Issue 27 item 8 as an organiser's owner sets up an integration: an API key (read once) and a
 * webhook endpoint pointing at a small receiver this test runs on 127.0.0.1; a customer's paid
 * order reaches the receiver as `order.paid`, signed with the endpoint's secret, shows in the
 * delivery log, and the key reads the order through /api/v1/orders. Checked in en and es.
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a receiver checks: v1 is the HMAC-SHA256 of "<t>.<raw body>" with the secret. */
function signatureValid(header: string, body: string, secret: string): boolean {
  const t = /t=(\d+)/.exec(header)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1];
  return !!t && v1 === createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

test('the owner makes an API key and a webhook endpoint; a paid order arrives signed', async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bilheteira`;
  try {
    const organizer = await newOrganizer(page.request);
    const call = organizerCall(page.request, organizer);
    const event = await call<{ id: number }>('post', '/events', {
      name: `Festival Integrações ${Date.now().toString(36)}`,
      address: 'Jardim da Estrela, Lisboa',
      contact_email: 'integracoes@promotora-e2e.pt',
      starts_at: `${lisbonDay(30)}T18:00:00Z`,
      ends_at: `${lisbonDay(30)}T23:00:00Z`,
    });
    await call('post', `/events/${event.id}/ticket-types`, {
      name: 'Geral',
      price_cents: 1500,
      quantity: 100,
    });
    const published = await call<{ public_path: string }>('post', `/events/${event.id}/publish`, {
      visibility: 'public',
    });

    await page.goto(`/backoffice/organizers/${organizer.id}/integrations`);
    await expect(page.getByRole('heading', { name: 'Integrações', level: 1 })).toBeVisible();
    await expect(page.getByText('Ainda não há chaves de API.')).toBeVisible();

    // an API key that reads orders, shown once
    await page.getByTestId('add-api-key').click();
    const keyDialog = page.getByTestId('api-key-dialog');
    await keyDialog.getByLabel('Nome').fill('CRM');
    await keyDialog.getByTestId('save-api-key').click();
    await expect(keyDialog.getByText('Escolha pelo menos uma permissão.')).toBeVisible();
    await keyDialog.getByLabel('Ler encomendas').check();
    await keyDialog.getByTestId('save-api-key').click();
    const shown = page.getByTestId('api-key-secret');
    await expect(shown.getByText('não voltará a ser mostrada')).toBeVisible();
    const apiKey = await shown.getByTestId('secret-value').inputValue();
    expect(apiKey).toMatch(/^bhk_/);
    await shown.getByTestId('secret-done').click();
    await expect(page.getByTestId('api-key')).toContainText('CRM');
    await expect(page.getByTestId('api-key')).toContainText('nunca usada');

    // a webhook endpoint at the receiver, every event
    await page.getByTestId('add-webhook').click();
    const hookDialog = page.getByTestId('webhook-dialog');
    await hookDialog.getByLabel('Endereço (URL)').fill(hookUrl);
    await hookDialog.getByTestId('save-webhook').click();
    const secretDialog = page.getByTestId('webhook-secret');
    const secret = await secretDialog.getByTestId('secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoA11yViolations(page);
    await secretDialog.getByTestId('secret-done').click();
    await expect(page.getByTestId('webhook')).toContainText(hookUrl);
    await expect(page.getByText('Ainda não houve eventos para este endpoint.')).toBeVisible();

    // a customer pays an order: the receiver gets order.paid, signed
    const customer = await newCustomer(page.request);
    const slug = published.public_path.split('/').pop()!;
    const { orderId } = await buyTickets(page.request, customer, slug, (e) => [
      { ticket_id: e.ticket_types[0]!.id, qty: 2 },
    ]);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const paid = received.find((r) => JSON.parse(r.body).type === 'order.paid');
    expect(paid, received.map((r) => r.body).join('\n')).toBeDefined();
    const payload = JSON.parse(paid!.body) as { id: string; organizer_id: number; data: { id: number } };
    expect(payload).toMatchObject({ organizer_id: organizer.id, data: { id: orderId } });
    expect(paid!.headers['bilheteira-event-id']).toBe(payload.id);
    const signature = String(paid!.headers['bilheteira-signature']);
    expect(signatureValid(signature, paid!.body, secret)).toBe(true);
    expect(signatureValid(signature, paid!.body, 'whsec_not-the-secret')).toBe(false);

    // the delivery log shows it (read again every 5 s)
    const log = page.getByTestId('deliveries-table');
    await expect(log).toContainText('Encomenda paga', { timeout: 10_000 });
    await expect(log).toContainText('Entregue');
    await expect(log).toContainText('200');

    // the API key reads the order
    const orders = await page.request.get('/api/v1/orders', {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(orders.status()).toBe(200);
    const listed = ((await orders.json()) as { data: { id: number; status: string }[] }).data;
    expect(listed).toEqual([expect.objectContaining({ id: orderId, status: 'paid' })]);

    await expectNoA11yViolations(page);
    await screenshotBoth(page, '27e-integrations');
    for (const [locale, heading] of [
      ['en', 'Integrations'],
      ['es', 'Integraciones'],
    ] as const) {
      await page.getByTestId('language').first().selectOption(locale);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
    await expect(page.getByTestId('deliveries-table')).toContainText('Pedido pagado');
    await screenshotBoth(page, '27e-integrations-es');
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
