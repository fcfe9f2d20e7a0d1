import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { crc32, deflateSync } from 'node:zlib';
import { expectNoA11yViolations, lastOutboxMessage, lisbonDay, screenshotBoth } from '../support/helpers';
import { newOrganizer } from '../support/organizer';

/**
 * Issue 26 items 3-5 in the back office, as an organiser's event manager would: a three-day
 * festival with a shared daily capacity, three ticket types (one hidden behind an access code),
 * an early-bird price step and a promo code, published; then a customer finds it in the
 * catalogue and sees the early-bird price. The organiser's clicks and fields are counted and
 * timed (the figure: under 15 minutes of interaction). One screen in en and es.
 */

const MANAGER_PASSWORD = 'Gestora!2026-e2e-eventos';

/** A new organiser's owner invites a fresh event manager. */
async function inviteManager(request: APIRequestContext, email: string) {
  const organizer = await newOrganizer(request);
  const res = await request.post(`/api/backoffice/organizers/${organizer.id}/invitations`, {
    headers: organizer.headers,
    data: { email, role: 'event_manager' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The manager accepts the emailed invitation and signs in (no second factor for the role). */
async function signInAsNewManager(page: Page, email: string) {
  const mail = await lastOutboxMessage(page, email);
  const token = new URL(String(mail!.meta.link)).pathname.split('/').pop()!;
  const accept = await page.request.post(`/api/backoffice/invitations/${token}/accept`, {
    data: { name: 'Marta Gestora', password: MANAGER_PASSWORD },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  const login = await page.request.post('/api/backoffice/auth/login', {
    data: { email, password: MANAGER_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
}

/** What the organiser does, counted: each click, each field filled or option chosen is a step. */
function counter(page: Page) {
  let steps = 0;
  return {
    get steps() {
      return steps;
    },
    click: async (l: Locator) => {
      steps += 1;
      await l.click();
    },
    fill: async (l: Locator, value: string) => {
      steps += 1;
      await l.fill(value);
    },
    upload: async (l: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
      steps += 1;
      await l.setInputFiles(file);
    },
    select: async (l: Locator, value: string) => {
      steps += 1;
      await l.selectOption(value);
    },
    page,
  };
}

/** A 640×360 PNG poster (a dusk gradient over the river), made here: the repository keeps no images. */
function posterPng(): Buffer {
  const [w, h] = [640, 360];
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * (w * 3 + 1) + 1 + x * 3;
      const river = y > h * 0.7;
      rows.set(river ? [20, 60 + (x % 40), 110] : [250 - y / 3, 120 + y / 4, 60 + y / 2], i);
    }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an event manager creates and publishes a three-day festival; a customer sees the early-bird price', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const email = `gestora-${stamp}@promotora-e2e.pt`;
  const festival = `Festival Mondego ${stamp}`;
  // Friday to Sunday, some six weeks ahead
  const friday = [40, 41, 42, 43, 44, 45, 46].find(
    (n) => new Date(`${lisbonDay(n)}T12:00:00Z`).getUTCDay() === 5,
  )!;
  const [d1, d2, d3] = [lisbonDay(friday), lisbonDay(friday + 1), lisbonDay(friday + 2)];
  const earlyBirdEnds = `${lisbonDay(10)}T23:59`;
  await inviteManager(request, email);
  await signInAsNewManager(page, email);

  const started = Date.now();
  const o = counter(page);
  await page.goto('/backoffice/');
  await o.click(page.getByTestId('nav-events'));
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
  await o.click(page.getByTestId('new-event'));

  // details: texts in pt-PT (and the English name), place, dates, settings
  const form = page.getByTestId('event-form');
  await o.fill(form.getByLabel('Nome do evento'), festival);
  await o.fill(form.getByLabel('Recinto'), 'Parque Verde do Mondego');
  await o.fill(
    form.getByLabel('Descrição'),
    'Três dias de música à beira-rio: rock, eletrónica e fado, com zona de campismo.',
  );
  await o.click(form.getByTestId('lang-tab-en'));
  await o.fill(form.getByLabel('Nome do evento'), `Mondego Festival ${stamp}`);
  await o.fill(form.getByLabel('Morada'), 'Parque Verde do Mondego, 3000-000 Coimbra');
  await o.fill(form.getByLabel('Cidade'), 'Coimbra');
  await o.fill(form.getByLabel('Latitude'), '40,2033');
  await o.fill(form.getByLabel('Longitude'), '-8,4225');
  await o.fill(form.getByLabel('Início'), `${d1}T16:00`);
  // a slip first: the end before the start is refused as the API would
  await o.fill(form.getByLabel('Fim', { exact: true }), `${d1}T10:00`);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26b-event-new');
  await o.click(form.getByTestId('save-event'));
  await expect(form.getByText('O fim tem de ser depois do início.')).toBeVisible();
  await o.fill(form.getByLabel('Fim', { exact: true }), `${d3}T23:59`);
  await o.click(form.getByTestId('save-event'));

  // the poster, checked and converted by the API
  await expect(page.getByRole('heading', { name: 'Dias e lotação diária' })).toBeVisible();
  await o.click(page.getByTestId('tab-details'));
  await o.upload(page.getByTestId('image-input'), {
    name: 'cartaz.png',
    mimeType: 'image/png',
    buffer: posterPng(),
  });
  await expect(page.getByTestId('event-image')).toBeVisible();
  await o.click(page.getByTestId('tab-schedule'));

  // days: one capacity per day, shared by day tickets and the 3-day pass
  await expect(page.getByRole('heading', { name: 'Dias e lotação diária' })).toBeVisible();
  for (const d of [d1, d2, d3]) await o.fill(page.getByTestId(`day-capacity-${d}`), '3000');
  await o.click(page.getByTestId('save-days'));
  await expect(page.getByTestId('notice')).toHaveText('Alterações guardadas.');

  // ticket types: a 3-day pass, a Saturday ticket, a hidden fans' presale
  await o.click(page.getByTestId('tab-tickets'));
  const addType = async (name: string, price: string, quantity: string, extra?: () => Promise<void>) => {
    await o.click(page.getByTestId('add-type'));
    const dialog = page.getByTestId('ticket-type-dialog');
    await o.fill(dialog.getByLabel('Nome', { exact: true }), name);
    await o.fill(dialog.getByLabel('Preço (€, IVA incluído)'), price);
    await o.fill(dialog.getByLabel('Quantidade à venda'), quantity);
    await extra?.();
    await o.click(dialog.getByTestId('save-type'));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('ticket-type').filter({ hasText: name })).toBeVisible();
  };
  await addType('Passe 3 dias', '95', '1500', async () => {
    const dialog = page.getByTestId('ticket-type-dialog');
    await expect(dialog.getByLabel('IVA', { exact: true })).toHaveValue('6');
    await expectNoA11yViolations(page);
  });
  await addType('Bilhete sábado', '45,50', '1500', async () => {
    const dialog = page.getByTestId('ticket-type-dialog');
    await o.click(dialog.getByRole('checkbox').nth(0));
    await o.click(dialog.getByRole('checkbox').nth(2));
  });
  await addType('Pré-venda fãs', '79', '200', async () => {
    await o.click(page.getByTestId('ticket-type-dialog').getByLabel('Oculto'));
  });

  // the early-bird step of the pass
  await o.click(page.getByTestId('steps-Passe 3 dias'));
  const steps = page.getByTestId('price-steps-dialog');
  await o.click(steps.getByTestId('add-step'));
  await o.fill(steps.getByLabel('Nome da fase'), 'Early bird');
  await o.fill(steps.getByLabel('Preço (€)'), '79');
  await o.fill(steps.getByLabel('Termina em'), earlyBirdEnds);
  await o.click(steps.getByTestId('save-steps'));
  await expect(steps).toBeHidden();
  await expect(page.getByTestId('ticket-type')).toHaveCount(3);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26b-ticket-types');

  // codes: the access code unlocks the hidden type (chosen already), a 10 % promo code
  await o.click(page.getByTestId('tab-codes'));
  await o.click(page.getByTestId('add-access'));
  const access = page.getByTestId('access-dialog');
  await expect(access.getByLabel('Pré-venda fãs')).toBeChecked();
  await o.fill(access.getByLabel('Código', { exact: true }), 'fas-mondego');
  await o.click(access.getByTestId('save-access'));
  await expect(page.getByTestId('access-codes')).toContainText('FAS-MONDEGO');
  await o.click(page.getByTestId('add-promo'));
  const promo = page.getByTestId('promo-dialog');
  await o.fill(promo.getByLabel('Código', { exact: true }), 'MONDEGO10');
  await o.fill(promo.getByLabel('Percentagem de desconto (%)'), '10');
  await o.fill(promo.getByLabel('Utilizações no total'), '100');
  await o.click(promo.getByTestId('save-promo'));
  await expect(page.getByTestId('promo-codes')).toContainText('-10 %');
  await expect(page.getByTestId('promo-codes')).toContainText('0 / 100 utilizações');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26b-codes');

  // publish, listed
  await o.click(page.getByTestId('publish'));
  const publish = page.getByTestId('publish-dialog');
  await expect(publish.getByTestId('visibility-public')).toBeChecked();
  await expectNoA11yViolations(page);
  await o.click(publish.getByTestId('confirm-publish'));
  await expect(publish.getByText('Publicado: já está no catálogo.')).toBeVisible();
  const link = await publish.getByTestId('public-link').inputValue();
  expect(link).toMatch(/\/events\/festival-mondego-/);
  await screenshotBoth(page, '26b-published');
  await o.click(publish.getByRole('button', { name: 'Concluído' }));
  await expect(page.getByTestId('event-status')).toHaveText('Publicado');
  const seconds = (Date.now() - started) / 1000;
  console.log(`26b: festival created and published in ${o.steps} steps, ${seconds.toFixed(1)} s`);
  expect(seconds).toBeLessThan(15 * 60);

  // the list: searched, with the status; in Spanish
  await page.getByTestId('nav-events').click();
  await page.getByLabel('Pesquisar', { exact: true }).fill(stamp);
  await expect(page.getByTestId('event-link')).toHaveText([festival]);
  await expect(page.getByTestId('events-table').getByTestId('event-status')).toHaveText('Publicado');
  await expectNoA11yViolations(page);
  await page.getByTestId('language').first().selectOption('es');
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('new-event')).toHaveText('Crear evento');
  await screenshotBoth(page, '26b-events-list-es');
  await page.getByTestId('event-link').click();
  await page.getByTestId('language').first().selectOption('en');
  await page.getByTestId('tab-tickets').click();
  await expect(page.getByRole('heading', { name: 'Ticket types' })).toBeVisible();
  await expect(page.getByTestId('ticket-type').filter({ hasText: 'Pré-venda fãs' })).toContainText('Hidden');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26b-ticket-types-en');
  await page.getByTestId('language').first().selectOption('pt-pt');

  // a customer finds it in the catalogue and sees the early-bird price; the hidden type is not there
  const customer = await (await browser.newContext({ baseURL, locale: 'pt-PT' })).newPage();
  await customer.goto('/events');
  await customer.getByLabel('Pesquisar eventos').fill(stamp);
  await customer.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  await customer.getByTestId('event-card').filter({ hasText: festival }).click();
  await expect(customer.getByRole('heading', { name: festival, level: 1 })).toBeVisible();
  const pass = customer.getByTestId('ticket-type').filter({ hasText: 'Passe 3 dias' });
  await expect(pass.getByTestId('ticket-price')).toHaveText('79,00\u00a0€');
  await expect(pass.getByTestId('price-step')).toContainText('Early bird até');
  await expect(pass.getByTestId('price-step')).toContainText('95,00\u00a0€');
  await expect(customer.getByTestId('ticket-type').filter({ hasText: 'Pré-venda fãs' })).toHaveCount(0);
  await screenshotBoth(customer, '26b-customer-early-bird');
  await customer.context().close();
});
