import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { expectNoA11yViolations, newCustomer, screenshotBoth, type Customer } from '../support/helpers';

/**
 * Issue 25 items 3, 16 and 18 as a person meets them: a number pasted the way phones and
 * messages write it logs in; the holder's screens after a festival (a used ticket, the refund
 * form, the forget page) and the links of old emails (a used reset link, a second click on
 * the email confirmation) say what happened.
 */

/** Demo door device of festival-demo (README). */
const DOOR_KEY = 'demo-door-festival-key-0001';
const IBAN = 'PT50000201231234567890154';
const IBAN_SHOWN = 'PT50 0002 0123 1234 5678 9015 4';

/** What a paste from a message or the phone's contacts does to the field (a real paste event). */
async function paste(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const grouped = (mobile: string) => `${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`;

test('a number pasted as +351 912 345 678 or 00351… logs the customer in; the country follows the prefix', async ({
  page,
}) => {
  const who = await newCustomer(page.request, { first_name: 'Inês', last_name: 'Prates' });
  await page.goto('/');
  await page.getByTestId('site-header').getByRole('button', { name: 'A minha conta' }).click();
  const modal = page.getByTestId('login-phone-modal');
  const field = modal.getByLabel('Telemóvel');
  const country = modal.getByTestId('phone-country');
  await expect(country).toContainText('+351');

  // typing stops at Portugal's 9 digits
  await field.pressSequentially(`${who.mobile}77`);
  await expect(field).toHaveValue(grouped(who.mobile));

  // the markets come first in the country list
  await country.click();
  const first = modal.getByRole('option');
  await expect(first.nth(4)).toBeVisible();
  expect(await first.evaluateAll((o) => o.slice(0, 5).map((e) => e.getAttribute('data-iso2')))).toEqual([
    'PT',
    'ES',
    'BR',
    'AO',
    'MZ',
  ]);
  await screenshotBoth(page, '25b-phone-country-list');
  await page.keyboard.press('Escape');

  // a British number switches the country and shows the UK mask
  await paste(field, '+44 7400 123456');
  await expect(country).toContainText('+44');
  await expect(field).toHaveValue('7400 123456');
  await expect(field).toHaveAttribute('placeholder', '7400 123456');

  // 00351… brings Portugal back, without the 351 in the number
  await paste(field, `00351${who.mobile}`);
  await expect(country).toContainText('+351');
  await expect(field).toHaveValue(grouped(who.mobile));

  // the way messages write it: +351 and spaces
  await field.fill('');
  await paste(field, `+351 ${grouped(who.mobile)}`);
  await expect(field).toHaveValue(grouped(who.mobile));
  await expect(country).toContainText('+351');
  await screenshotBoth(page, '25b-phone-pasted');
  await expectNoA11yViolations(page);
  await modal.getByRole('button', { name: 'Continuar' }).click();

  // an existing customer: the password step, not "this number has no account"
  const passwordModal = page.getByTestId('login-password-modal');
  await expect(passwordModal).toContainText(`+351 ${grouped(who.mobile)}`);
  await passwordModal.getByLabel('Palavra-passe', { exact: true }).fill(who.password);
  await passwordModal.getByRole('button', { name: 'Entrar' }).click();
  const alert = page.getByTestId('alert-modal');
  await expect(alert.getByRole('heading', { name: 'Sessão iniciada' })).toBeVisible();
});

/** Buys a day-1 ticket of festival-demo with a 20 EUR wallet top-up, paid by card. */
async function buyDayTicketAndTopUp(request: APIRequestContext, who: Customer) {
  const headers = {
    authorization: `Bearer ${who.token}`,
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const event = (
    (await (await request.get('/api/events/festival-demo')).json()) as {
      data: { id: number; ticket_types: { id: number; name: string }[] };
    }
  ).data;
  const name = `${who.first_name} ${who.last_name}`;
  const order = await request.post('/api/orders', {
    headers,
    data: {
      event_id: event.id,
      include_cart: false,
      items: [{ ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 }],
      topup_cents: 2000,
      billing: { name, country: 'PT', document: '', postal_code: '1000-001' },
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { id } = ((await order.json()) as { data: { id: number } }).data;
  const paid = await request.post(`/api/orders/${id}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** The link of the newest email of `purpose` sent to `email` (dev outbox). */
async function emailLink(request: APIRequestContext, email: string, purpose: string) {
  const res = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`);
  const { data } = (await res.json()) as { data: { meta: { purpose?: string; link?: string } }[] };
  const link = data.find((m) => m.meta.purpose === purpose)?.meta.link;
  expect(link, `no ${purpose} email to ${email}`).toBeTruthy();
  return new URL(link!);
}

async function inLocale(page: Page, locale: 'en' | 'es' | 'pt-pt') {
  await page.evaluate((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
  await page.reload();
}

test('after the festival: when a ticket was used, the refund IBAN, the forget advice and old email links', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const who = await newCustomer(page.request, { first_name: 'Tiago', last_name: 'Lobo' });
  await buyDayTicketAndTopUp(page.request, who);
  // the account's IBAN, saved with the mobile as GET /customers/customer answers it (item 18)
  const saved = await page.request.post('/api/customers/update', {
    headers: { authorization: `Bearer ${who.token}` },
    form: {
      first_name: who.first_name,
      last_name: who.last_name,
      email: who.email,
      mobile_country_code: '351',
      mobile: who.e164,
      iban: IBAN,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // the day ticket scanned at the door at noon of its day
  const tickets = (await (
    await page.request.get('/api/customers/tickets', { headers: { authorization: `Bearer ${who.token}` } })
  ).json()) as { data: { id: number; token: string; ticket: { period_days: string } }[] };
  const ticket = tickets.data[0]!;
  const day = (JSON.parse(ticket.ticket.period_days) as string[])[0]!;
  const scan = await page.request.post('/api/dev/checkin', {
    headers: { 'x-device-key': DOOR_KEY },
    data: { token: ticket.token, nonce: randomUUID(), at: `${day}T12:00:00Z` },
  });
  expect(scan.ok(), await scan.text()).toBe(true);

  await page.goto(`/dashboard/home?accessToken=${encodeURIComponent(who.token)}`);
  await expect(page).not.toHaveURL(/accessToken=/);
  await page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);

  // the used ticket says when it was used (13:00 in Lisbon's winter is 12:00 UTC; summer 13:00)
  await page
    .getByTestId('ticket-stub')
    .getByRole('button', { name: /Ver bilhete/ })
    .click();
  const usedAt = page.getByTestId('ticket-detail-modal').getByTestId('ticket-used-at');
  await expect(usedAt).toContainText('Utilizado em');
  await expect(usedAt).toContainText(/1[23]:00/);
  await screenshotBoth(page, '25b-ticket-used');
  await expectNoA11yViolations(page);
  await inLocale(page, 'en');
  await page
    .getByTestId('ticket-stub')
    .getByRole('button', { name: /View ticket/ })
    .click();
  await expect(page.getByTestId('ticket-used-at')).toContainText('Used on');
  await screenshotBoth(page, '25b-ticket-used-en');
  await inLocale(page, 'pt-pt');

  // the refund form: the account's IBAN, tidied, repeated in the confirmation
  await page.getByTestId('event-menu').getByRole('link', { name: 'Carteira' }).click();
  const iban = page.getByLabel('IBAN para o reembolso');
  await expect(iban).toHaveValue(IBAN_SHOWN);
  await iban.fill(IBAN.toLowerCase());
  await iban.blur();
  await expect(iban).toHaveValue(IBAN_SHOWN);
  await screenshotBoth(page, '25b-refund-form');
  await expectNoA11yViolations(page);
  await page.getByTestId('refund-submit').click();
  const dialog = page.getByTestId('alert-modal');
  await expect(dialog).toContainText(`no IBAN ${IBAN_SHOWN}`);
  await screenshotBoth(page, '25b-refund-confirm');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await inLocale(page, 'es');
  await page.getByTestId('refund-submit').click();
  await expect(page.getByTestId('alert-modal')).toContainText(`en el IBAN ${IBAN_SHOWN}`);
  await screenshotBoth(page, '25b-refund-confirm-es');
  await page.keyboard.press('Escape');
  await inLocale(page, 'pt-pt');

  // the forget page: online money can still come back, so the advice is to ask for it
  await page.goto('/dashboard/account/forget');
  await expect(page.getByTestId('forget-wallet')).toContainText('Pode receber');
  await expect(page.getByTestId('forget-wallet')).toContainText('por reembolso');
  await screenshotBoth(page, '25b-forget');
  await expectNoA11yViolations(page);

  // a second click on the email confirmation link: already confirmed, not an error
  const confirm = await emailLink(page.request, who.email, 'email_confirm');
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await expect(page.getByTestId('email-confirmation')).toHaveAttribute('data-status', 'done');
  await page.goto(`${confirm.pathname}${confirm.search}`);
  const again = page.getByTestId('email-confirmation');
  await expect(again).toHaveAttribute('data-status', 'done');
  await expect(again).toContainText('Este e-mail já estava confirmado');
  await screenshotBoth(page, '25b-email-already-confirmed');

  // a reset link opened again after use says so before anything is typed (the reset ends
  // every session: this browser's is dropped first, as for someone opening it from the email)
  await page.evaluate(() => localStorage.clear());
  const asked = await page.request.post('/api/customers/request-password', {
    data: { mobile_country_code: '351', mobile: who.mobile },
  });
  expect(asked.ok()).toBe(true);
  const reset = await emailLink(page.request, who.email, 'password_reset');
  const token = reset.pathname.split('/').pop()!;
  const done = await page.request.post('/api/customers/reset-password', {
    data: { token, password: 'Nova!Senha2026', password_confirmation: 'Nova!Senha2026' },
  });
  expect(done.ok(), await done.text()).toBe(true);
  await page.goto(reset.pathname);
  const dead = page.getByTestId('reset-link-dead');
  await expect(dead).toHaveAttribute('data-code', 'link_used');
  await expect(dead.getByRole('heading', { name: 'Esta ligação já foi usada' })).toBeVisible();
  await expect(page.getByTestId('reset-password-form')).toHaveCount(0);
  await expect(dead.getByRole('link', { name: 'Pedir uma nova ligação' })).toBeVisible();
  await screenshotBoth(page, '25b-reset-link-used');
  await expectNoA11yViolations(page);
});
