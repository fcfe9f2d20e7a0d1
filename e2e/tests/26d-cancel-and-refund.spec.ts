import { expect, test, type APIRequestContext, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lisbonDay,
  loginByApi,
  newCustomer,
  screenshot,
  screenshotBoth,
} from '../support/helpers';
import { newOrganizer, organizerCall, type Organizer } from '../support/organizer';

/**
 * Issue 26 "Done when", its last step, as the people involved would: a new organiser has a
 * theatre run with two sessions; a customer buys and pays a ticket for the first; the owner
 * cancels that session in the back office, after a confirmation that says what follows; the
 * customer's order shows refunded (the refund job gives the money back through the sandbox
 * provider) and the cancellation message reaches them in their language. The other session
 * stays on sale. The cancel dialog is checked in en and es.
 */

/** A published theatre run of the organiser with two sessions and one ticket type, made through the back-office API. */
async function theatreRun(request: APIRequestContext, organizer: Organizer, name: string) {
  const [d1, d2] = [lisbonDay(30), lisbonDay(31)];
  const call = organizerCall(request, organizer);
  const post = <T>(path: string, data: object) => call<T>('post', path, data);
  const base = '/events';
  const event = await post<{ id: number; slug: string }>(base, {
    name,
    venue_name: 'Teatro Académico',
    address: 'Praça da República, Coimbra',
    city: 'Coimbra',
    contact_email: 'teatro@promotora-e2e.pt',
    timezone: 'Europe/Lisbon',
    starts_at: `${d1}T00:00:00Z`,
    ends_at: `${d2}T23:00:00Z`,
    is_session: true,
  });
  const sessions = [
    await post<{ id: number }>(`${base}/${event.id}/sessions`, { date: d1, hour: '21:00', capacity: 80 }),
    await post<{ id: number }>(`${base}/${event.id}/sessions`, { date: d2, hour: '21:00', capacity: 80 }),
  ];
  await post(`${base}/${event.id}/ticket-types`, { name: 'Plateia', price_cents: 1800, quantity: 160 });
  await post(`${base}/${event.id}/publish`, { visibility: 'public' });
  return { ...event, sessions: sessions.map((s) => s.id) };
}

/** Opens the cancel dialog on the event page and picks the session. */
async function openCancel(page: Page, sessionId: number) {
  await page.getByTestId('lifecycle-cancel').click();
  const dialog = page.getByTestId('cancel-dialog');
  await dialog.getByTestId(`cancel-target-${sessionId}`).check();
  return dialog;
}

test('the owner cancels a session; the customer’s paid order is refunded and they are told', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const name = `Auto da Barca ${Date.now().toString(36)}`;
  const organizer = await newOrganizer(page.request);
  const org = organizer.id;
  const run = await theatreRun(page.request, organizer, name);
  const [first, second] = run.sessions as [number, number];

  // a customer buys and pays one ticket for the first session (sandbox card)
  const customer = await newCustomer(request, { first_name: 'Inês', last_name: 'Moura' });
  const bought = await buyTickets(request, customer, run.slug, (e) => [
    { ticket_id: e.ticket_types[0]!.id, qty: 1, session_id: first },
  ]);

  // the cancel dialog, read once in English and in Spanish
  const eventUrl = `/backoffice/organizers/${org}/events/${run.id}`;
  for (const [locale, title, consequence] of [
    ['en', 'Cancel the session', 'Paid orders are refunded in full to the original payment method.'],
    ['es', 'Cancelar la sesión', 'Los pedidos pagados se reembolsan íntegramente al medio de pago original.'],
  ] as const) {
    await page.addInitScript((l) => localStorage.setItem('backoffice_locale', l), locale);
    await page.goto(eventUrl);
    const dialog = await openCancel(page, first);
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await expect(dialog.getByText(consequence)).toBeVisible();
    await screenshot(page, `26d-cancel-dialog-${locale}`);
    await page.keyboard.press('Escape');
  }

  // the owner, in Portuguese, cancels the first session
  await page.addInitScript(() => localStorage.setItem('backoffice_locale', 'pt-pt'));
  await page.goto(eventUrl);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const dialog = await openCancel(page, first);
  await expect(dialog.getByRole('heading', { name: 'Cancelar a sessão' })).toBeVisible();
  await expect(dialog.getByTestId('cancel-consequences')).toContainText(
    'As encomendas pagas são reembolsadas, na totalidade, para o meio de pagamento original.',
  );
  await expect(dialog.getByText('Não é possível desfazer um cancelamento.')).toBeVisible();
  await expect(dialog.getByTestId('confirm-cancel')).toBeDisabled();
  await dialog.getByTestId('cancel-reason').fill('A actriz principal está doente. Pedimos desculpa.');
  await dialog.getByTestId('cancel-understood').check();
  await expectNoA11yViolations(page);
  // the dialog scrolls inside: its confirmation and buttons in view for the screenshots
  await dialog.getByTestId('confirm-cancel').scrollIntoViewIfNeeded();
  await screenshotBoth(page, '26d-cancel-dialog');
  await dialog.getByTestId('confirm-cancel').click();
  const outcome = dialog.getByTestId('lifecycle-outcome');
  await expect(outcome).toContainText('Cancelado. As encomendas pagas estão a ser reembolsadas');
  await expect(outcome).toContainText('1 encomenda paga reembolsada');
  await expect(outcome).toContainText('1 cliente avisado.');
  await screenshotBoth(page, '26d-cancelled');
  await dialog.getByTestId('lifecycle-done').click();

  // the history: who, when, what
  await page.getByTestId('lifecycle-history').click();
  const history = page.getByTestId('history-dialog');
  await expect(history.getByTestId('change-row')).toHaveCount(1);
  await expect(history.getByTestId('change-row')).toContainText(/Sessão de .* cancelada/);
  await expect(history.getByTestId('change-row')).toContainText('Por si');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26d-history');
  await page.keyboard.press('Escape');

  // on the event page the other session is on sale, chosen at first; the cancelled day says so
  const visitor = await (await browser.newContext({ locale: 'pt-PT' })).newPage();
  await visitor.goto(`/events/${run.slug}`);
  const selector = visitor.getByTestId('ticket-selector');
  await expect(selector.getByTestId('session-hours').getByRole('radio')).toBeChecked();
  await expect(selector.getByTestId('session-cancelled')).toHaveCount(0);
  await expect(selector.getByRole('button', { name: /Mais um bilhete/ }).first()).toBeEnabled();
  await selector.getByTestId('session-dates').locator('label').first().click();
  await expect(selector.getByTestId('session-hours')).toContainText('21:00 · cancelada');
  await expect(selector.getByTestId('session-hours').getByRole('radio')).toBeDisabled();
  await expect(selector.getByTestId('session-cancelled')).toHaveText(
    'Esta sessão foi cancelada pelo organizador. Escolha outra data.',
  );
  // no sold-out rows under it: the day is cancelled, not sold out
  await expect(selector).not.toContainText('Esgotado');
  await expect(selector.getByTestId('ticket-type')).toHaveCount(0);
  await expectNoA11yViolations(visitor);
  await screenshotBoth(visitor, '26d-session-cancelled');
  await visitor.context().close();
  const pub = (await (await request.get(`/api/events/${run.slug}`)).json()) as {
    data: { sessions: { id: number; cancelled: boolean }[] };
  };
  expect(pub.data.sessions.find((s) => s.id === second)!.cancelled).toBe(false);

  // the customer is told, in their language (Portuguese), by email
  const mail = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(customer.email)}`);
  const messages = ((await mail.json()) as { data: { subject: string; body: string }[] }).data;
  const notice = messages.find((m) => m.subject === `${name} foi cancelado`);
  expect(notice, messages.map((m) => m.subject).join(' | ')).toBeTruthy();
  expect(notice!.body).toContain('reembolsadas automaticamente no meio de pagamento original');
  expect(notice!.body).toContain('A actriz principal está doente.');

  // the refund job gives the money back through the provider (worker: every 15 s) — polled
  const auth = { authorization: `Bearer ${customer.token}` };
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/orders/${bought.orderId}`, { headers: auth });
        const o = ((await res.json()) as { data: { status: string; payments: { status: string }[] } }).data;
        return `${o.status}/${o.payments[0]?.status}`;
      },
      { timeout: 25_000, intervals: [500, 1000] },
    )
    .toBe('refunded/refunded');

  // the customer's orders page shows it refunded
  const context = await browser.newContext({ locale: 'pt-PT' });
  const customerPage = await context.newPage();
  await loginByApi(
    customerPage,
    { mobile: customer.mobile, password: customer.password, e164: customer.e164 },
    '/dashboard/orders',
  );
  const card = customerPage.getByTestId('order-card').filter({ hasText: name });
  await expect(card).toHaveAttribute('data-status', 'refunded');
  await expect(card).toContainText('Reembolsada');
  await card.getByRole('button', { name: 'Ver detalhe' }).click();
  await expect(card.getByTestId('order-detail')).toContainText('Reembolsado');
  await expectNoA11yViolations(customerPage);
  await screenshotBoth(customerPage, '26d-customer-refunded');
  await context.close();
  console.log(`26d: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
