import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { DEMO, freshMobile } from '../support/helpers';

/**
 * Hardening (XSS): a payload in any field a customer or an organiser can set never runs in
 * any page that shows it, and it is shown as the text it is. Each page is checked for
 * `window.__xss` (set by every payload that runs) and for dialogs (`alert(1)` payloads).
 */

/** The payloads, in one place. Each one sets window.__xss or opens a dialog if it ever runs. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '"><iframe src="javascript:window.top.__xss=1">',
  'javascript:window.__xss=1',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<a href="javascript:window.__xss=1">x</a>',
  '</script><script>window.__xss=1</script>',
  '<details open ontoggle=alert(1)>',
] as const;

/** Payloads that pass the email rule (no spaces, one @): where an email is shown back. */
const EMAIL_PAYLOADS = ['<svg/onload=window.__xss=1>', '"><svg/onload=alert(1)>'] as const;
const emailOf = (payload: string, tag: string) => `${payload}${tag}@x.pt`;

/** Every (payload, field, page) combination checked, for the report at the end. */
const tried = new Set<string>();
const count = (payload: string, field: string, where: string) => tried.add(`${payload}|${field}|${where}`);

/** Collects dialogs the page opens (none may open). */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/**
 * No payload ran: nothing set window.__xss, no dialog opened (after the page settled); and
 * none became markup: no element carries a payload in an event handler, src or href, no
 * script runs one. The context bypasses the CSP (below), so the page's own escaping is what
 * is tested; the CSP is a second wall, checked on its own.
 */
async function expectInert(page: Page, dialogs: string[]) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const markup = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter(
        (el) =>
          [...el.attributes].some(
            (a) =>
              /^(on|src$|srcdoc$|href$|action$|formaction$)/i.test(a.name) && /__xss|alert\(/.test(a.value),
          ) ||
          (el instanceof HTMLScriptElement &&
            !/json/.test(el.type) &&
            /__xss|alert\(/.test(el.textContent ?? '')),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(markup).toEqual([]);
}

/** The payload is on the page as text (whitespace as the browser shows it). */
async function expectShownAsText(page: Page, payload: string) {
  await expect(page.getByText(payload, { exact: false }).first()).toBeVisible();
}

async function inputValues(page: Page) {
  return page
    .locator('input, textarea')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement | HTMLTextAreaElement).value));
}

/** A new customer whose names and email are payloads (register, then the SMS code). */
async function registerCustomer(request: APIRequestContext) {
  const mobile = freshMobile();
  const email = emailOf(EMAIL_PAYLOADS[0], `${mobile}${Date.now()}`);
  const reg = await request.post('/api/customers/register', {
    data: {
      first_name: PAYLOADS[0],
      last_name: PAYLOADS[1],
      email,
      mobile_country_code: '351',
      mobile,
      password: DEMO.ana.password,
      password_confirmation: DEMO.ana.password,
      accepted_terms: true,
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const outbox = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(`+351${mobile}`)}`);
  const { data } = (await outbox.json()) as { data: { meta: { code?: string } }[] };
  const code = data.find((m) => m.meta.code)?.meta.code;
  expect(code).toBeTruthy();
  const act = await request.post('/api/customers/activate', {
    data: { mobile_country_code: '351', mobile, code },
  });
  expect(act.ok()).toBe(true);
  const { accessToken } = (await act.json()) as { accessToken: string };
  return { mobile, email, token: accessToken };
}

async function festival(request: APIRequestContext) {
  const res = await request.get('/api/events/festival-demo');
  return ((await res.json()) as { data: { id: number; slug: string; name: string } }).data;
}

test.describe.configure({ mode: 'serial' });
// The app's CSP would block inline scripts anyway; without it, any escaping gap shows.
test.use({ bypassCSP: true });

test('the detector works: a payload put into the page is caught; the CSP forbids inline scripts', async ({
  page,
}) => {
  const res = await page.request.get('/');
  expect(res.headers()['content-security-policy']).toMatch(/script-src [^;]*'self'/);
  expect(res.headers()['content-security-policy']).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  const dialogs = watchDialogs(page);
  await page.goto('/');
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[1]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBe(1);
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[8]);
  await expect.poll(() => dialogs.length).toBe(1);
  await expect(expectInert(page, [])).rejects.toThrow();
});

test('a customer: names, billing names, email — account, dashboard, mini-site, orders, checkout', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);
  const who = await registerCustomer(page.request);
  const auth = { authorization: `Bearer ${who.token}` };
  const fest = await festival(page.request);

  await page.goto(`/dashboard/home?accessToken=${encodeURIComponent(who.token)}`);
  // the page keeps the token from the address before the next visit relies on it
  await expect.poll(() => page.evaluate(() => localStorage.getItem('customer_token'))).toContain(who.token);
  await page.evaluate(
    (e) => localStorage.setItem('event_slug', JSON.stringify({ id: e.id, slug: e.slug, name: e.name })),
    fest,
  );

  // Every payload in every profile field: first name, last name, billing name rotate.
  const fields = ['first_name', 'last_name', 'name_billing'] as const;
  for (let round = 0; round < PAYLOADS.length; round++) {
    const set = Object.fromEntries(
      fields.map((f, i) => [f, PAYLOADS[(round + i) % PAYLOADS.length]!]),
    ) as Record<(typeof fields)[number], string>;
    const res = await page.request.post('/api/customers/update', {
      headers: auth,
      data: { ...set, email: who.email, mobile_country_code: '351', mobile: who.mobile },
    });
    expect(res.status(), await res.text()).toBe(200);

    await page.goto('/dashboard/home');
    await expectShownAsText(page, set.first_name);
    await expectShownAsText(page, set.last_name);
    await expectInert(page, dialogs);
    count(set.first_name, 'first_name', '/dashboard/home');
    count(set.last_name, 'last_name', '/dashboard/home');

    await page.goto('/dashboard/account');
    await expect.poll(() => inputValues(page)).toEqual(expect.arrayContaining(Object.values(set)));
    expect(await inputValues(page)).toContain(who.email);
    await expectInert(page, dialogs);
    for (const f of fields) count(set[f], f, '/dashboard/account');
    count(EMAIL_PAYLOADS[0], 'email', '/dashboard/account');

    // the mini-site greets by first name too (every third round: a third of the payloads)
    if (round % 3 === 0) {
      await page.goto('/site/festival-demo/account/your-account');
      await expectShownAsText(page, set.first_name);
      await expectInert(page, dialogs);
      count(set.first_name, 'first_name', '/site/:slug/account/your-account');
    }
  }

  // Billing names of orders: one per payload (top-ups; each replaces the customer's pending
  // one for the event, which stays listed, cancelled) …
  for (const payload of PAYLOADS) {
    const res = await page.request.post('/api/orders', {
      headers: auth,
      data: {
        event_id: fest.id,
        include_cart: false,
        topup_cents: 1000,
        billing: { name: payload, country: 'PT', document: '', postal_code: '' },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto('/dashboard/orders?status=all');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(PAYLOADS.length);
  // each opened card's button becomes "hide": open the first closed one each time
  const closed = cards.getByRole('button', { name: 'Ver detalhe' });
  for (let n = PAYLOADS.length; n > 0; n--) {
    await closed.first().click();
    await expect(closed).toHaveCount(n - 1);
  }
  for (const payload of PAYLOADS) {
    await expectShownAsText(page, payload);
    count(payload, 'order billing name', '/dashboard/orders');
  }
  await expectInert(page, dialogs);

  // … and one typed into the checkout's billing form, paid by card, shown under Paid.
  const typed = PAYLOADS[3];
  await page.goto('/dashboard/wallet');
  await page.getByTestId('topup-submit').click();
  const modal = page.getByTestId('checkout-modal');
  await modal.getByTestId('checkout-continue').click();
  await modal.getByLabel('Nome para a fatura').fill(typed);
  await modal.getByTestId('checkout-billing-continue').click();
  await modal.getByText('Cartão', { exact: true }).click();
  await modal.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await modal.getByLabel('Validade (MM/AA)').fill('12/2030');
  await modal.getByLabel('Nome no cartão').fill(PAYLOADS[2]);
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-success')).toBeVisible({ timeout: 20_000 });
  await expectInert(page, dialogs);
  await page.goto('/dashboard/orders?status=paid');
  await page.getByTestId('order-card').first().getByRole('button', { name: 'Ver detalhe' }).click();
  await expectShownAsText(page, typed);
  await expectInert(page, dialogs);
  count(typed, 'checkout billing name', '/dashboard/orders');

  // The transfer recipient and the refund IBAN only take numbers: payloads are refused (4xx).
  await page.goto('/dashboard/tickets');
  for (const payload of PAYLOADS) {
    const transfer = await page.request.post('/api/customers/transfer-ticket', {
      headers: auth,
      data: { customer_ticket_id: 1, mobile_country_code: '351', mobile: payload },
    });
    expect(transfer.status()).toBeGreaterThanOrEqual(400);
    expect(transfer.status()).toBeLessThan(500);
    const refund = await page.request.post('/api/customers/wallet/refund-requests', {
      headers: auth,
      data: { event_id: fest.id, iban: payload },
    });
    expect(refund.status()).toBeGreaterThanOrEqual(400);
    expect(refund.status()).toBeLessThan(500);
  }
});

test('public forms and reflected addresses: search, unknown event and organiser, need-help, organiser request', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs = watchDialogs(page);

  // The search is reflected in the page, the field and the URL; the server's HTML never
  // carries it raw, nor an unknown event or organiser slug.
  for (const payload of PAYLOADS) {
    const q = encodeURIComponent(payload);
    await page.goto(`/events?search=${q}`);
    await expect(page.getByRole('searchbox')).toHaveValue(payload);
    await expectShownAsText(page, payload);
    expect(new URL(page.url()).searchParams.get('search')).toBe(payload);
    await expectInert(page, dialogs);
    count(payload, 'search', '/events');

    for (const path of [`/events?search=${q}`, `/events/${q}`, `/organizer/${q}`, `/check/${q}`]) {
      const html = await (await page.request.get(path)).text();
      if (/[<>"]/.test(payload)) expect(html).not.toContain(payload);
      count(payload, 'url', `server HTML ${path.split(/[/?]/)[1]}`);
    }
  }
  for (const payload of [PAYLOADS[0], PAYLOADS[1], PAYLOADS[7]]) {
    await page.goto(`/events/${encodeURIComponent(payload)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectInert(page, dialogs);
    count(payload, 'slug', '/events/:slug');
  }

  // Need-help: name, company, email and the message (all payloads) go to support.
  await page.goto('/need-help');
  await page.getByLabel('Nome').fill(PAYLOADS[2]);
  await page.getByLabel('Empresa (opcional)').fill(PAYLOADS[3]);
  await page.getByLabel('Email').fill(emailOf(EMAIL_PAYLOADS[1], `help${Date.now()}`));
  await page.getByLabel('Mensagem').fill(PAYLOADS.join('\n'));
  await page.getByLabel(/Autorizo a Bilheteira/).check();
  await page.getByTestId('captcha').getByText('Não sou um robô').click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByTestId('contact-sent')).toBeVisible();
  await expectInert(page, dialogs);

  // Organiser request: names, company, email and description.
  await page.goto('/create-account');
  const form = page.getByTestId('organizer-request-form');
  await form.getByLabel('Nome', { exact: true }).fill(PAYLOADS[4]);
  await form.getByLabel('Apelido').fill(PAYLOADS[5]);
  await form.getByLabel('Nome da empresa').fill(PAYLOADS[6]);
  await form.getByLabel('E-mail').fill(emailOf(EMAIL_PAYLOADS[0], `org${Date.now()}`));
  await form.getByLabel('Telemóvel').fill(freshMobile());
  await form.getByLabel('Palavra-passe', { exact: true }).fill('Palco!Verao2026');
  await form.getByLabel('Descrição').fill(PAYLOADS.join('\n'));
  await form.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByTestId('captcha').getByText('Não sou um robô').click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Enviar pedido' }).click();
  const alert = page.getByTestId('alert-modal');
  await expect(alert).toHaveAttribute('data-alert-type', 'success');
  await expectInert(page, dialogs);
  await alert.getByRole('button', { name: 'OK' }).click();

  // The dev outbox shows every message sent above as text: support's copy of the need-help
  // form, the organiser's confirmation, the operator's notice, the customer's emails.
  await page.goto('/dev/outbox');
  await expect(page.getByTestId('outbox-entry').first()).toBeVisible();
  for (const payload of PAYLOADS) {
    await expectShownAsText(page, payload);
    count(payload, 'need-help and organiser request fields', '/dev/outbox');
  }
  for (const payload of EMAIL_PAYLOADS) {
    await expectShownAsText(page, payload);
    count(payload, 'email', '/dev/outbox');
  }
  await expectInert(page, dialogs);
});

test.afterAll(() => {
  const payloads = new Set([...tried].map((k) => k.split('|')[0]));
  const fields = new Set([...tried].map((k) => k.split('|')[1]));
  const pages = new Set([...tried].map((k) => k.split('|')[2]));
  console.log(
    `XSS: ${tried.size} payload × field × page combinations (${payloads.size} payloads, ${fields.size} fields, ${pages.size} pages)`,
  );
});
