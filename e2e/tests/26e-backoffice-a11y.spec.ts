import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import { expectNoA11yViolations, lisbonDay, screenshotBoth, SWEEP_VIEWPORTS } from '../support/helpers';
import { measureInitialJs } from '../support/initial-js';
import { newOrganizer, organizerCall, submitOrganizerRequest, type Organizer } from '../support/organizer';

/**
 * Issue 26: "axe finds 0 violations on every back-office route at 390 and 1280 px". An owner of
 * a new organiser, with one published event whose panels and tables are filled (a session, a
 * ticket type with a price step, a promo code and an access code), a draft and a pending
 * invitation, visits each page the router gives an owner, each tab of the event page and the
 * main dialogs (the forms' also with their errors shown); then, signed out, the sign-in page
 * and an invalid invitation; and, as the platform operator, the request queue with its
 * decision dialogs. pt-PT, one test at each width.
 */

const DAY = 24 * 3600_000;

/** A published event with one session, a ticket type with an early-bird step, a promo and an access code. */
async function filledEvent(request: APIRequestContext, organizer: Organizer, name: string) {
  const day = lisbonDay(30);
  const base = '/events';
  const call = organizerCall(request, organizer);
  const event = await call<{ id: number }>('post', base, {
    name,
    venue_name: 'Teatro Académico',
    address: 'Praça da República, Coimbra',
    city: 'Coimbra',
    contact_email: 'teatro@promotora-e2e.pt',
    timezone: 'Europe/Lisbon',
    starts_at: `${day}T00:00:00Z`,
    ends_at: `${day}T23:00:00Z`,
    is_session: true,
  });
  const at = `${base}/${event.id}`;
  await call('post', `${at}/sessions`, { date: day, hour: '21:00', capacity: 80 });
  const type = await call<{ id: number }>('post', `${at}/ticket-types`, {
    name: 'Plateia',
    price_cents: 1800,
    quantity: 80,
  });
  await call('put', `${at}/ticket-types/${type.id}/price-steps`, {
    steps: [
      { label: 'Early bird', price_cents: 1500, ends_at: new Date(Date.now() + 10 * DAY).toISOString() },
    ],
  });
  await call('post', `${at}/promo-codes`, { code: 'ESTREIA10', kind: 'percent', value: 1000, max_uses: 50 });
  await call('post', `${at}/access-codes`, { code: 'IMPRENSA26', ticket_type_ids: [type.id] });
  // private: published (the lifecycle dialogs are a published event's) but not in the catalogue
  // the catalogue specs count
  await call('post', `${at}/publish`, { visibility: 'private' });
  return event.id;
}

/** Goes to `url` and waits for its level-1 heading: the page has loaded. */
async function visit(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The form's submit pressed empty: the fields' errors shown (aria-invalid), then axe again. */
async function withErrors(page: Page, form: Locator) {
  await form.locator('button[type="submit"]').click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoA11yViolations(page);
}

/**
 * Opens a dialog with `opener`, waits for its heading, runs axe (and again with the errors of
 * its form submitted empty, when `errors`), closes it with Escape.
 */
async function checkDialog(page: Page, opener: Locator, testId: string, { errors = false } = {}) {
  await opener.click();
  const dialog = page.getByTestId(testId);
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  await expectNoA11yViolations(page);
  if (errors) await withErrors(page, dialog.locator('form'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** A fresh browser context (signed out) at this width, in pt-PT, from an address of its own. */
async function freshPage(browser: Browser, baseURL: string | undefined, width: number, height: number) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    viewport: { width, height },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  await context.addInitScript(() => localStorage.setItem('backoffice_locale', 'pt-pt'));
  return context;
}

for (const [label, size] of Object.entries(SWEEP_VIEWPORTS)) {
  test(`every back-office route and its main dialogs at ${size.width} px: axe finds nothing`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const started = Date.now();
    await page.setViewportSize(size);
    await page.addInitScript(() => localStorage.setItem('backoffice_locale', 'pt-pt'));
    const name = `Auto da Índia ${Date.now().toString(36)}`;
    const organizer = await newOrganizer(page.request);
    const { id: org, headers } = organizer;
    const eventId = await filledEvent(page.request, organizer, name);
    // a draft beside it (the preview dialog and the publish choices are a draft's) and a pending invitation
    const draft = await page.request.post(`/api/backoffice/organizers/${org}/events`, {
      headers,
      data: {
        name: `${name} (rascunho)`,
        address: 'Praça da República, Coimbra',
        city: 'Coimbra',
        contact_email: 'teatro@promotora-e2e.pt',
        starts_at: new Date(Date.now() + 40 * DAY).toISOString(),
        ends_at: new Date(Date.now() + 40 * DAY + 3 * 3600_000).toISOString(),
      },
    });
    expect(draft.ok(), await draft.text()).toBe(true);
    const draftId = ((await draft.json()) as { data: { id: number } }).data.id;
    const invited = await page.request.post(`/api/backoffice/organizers/${org}/invitations`, {
      headers,
      data: { email: `bilheteira-${Date.now().toString(36)}@promotora-e2e.pt`, role: 'event_manager' },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const bo = `/backoffice/organizers/${org}`;

    await test.step('home (and the menu drawer on a phone)', async () => {
      await visit(page, '/backoffice/', /^Olá/);
      await expect(page.getByTestId('membership')).toHaveCount(1);
      await expectNoA11yViolations(page);
      if (label === 'mobile') {
        await page.getByTestId('menu-button').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoA11yViolations(page);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
    });

    await test.step('organiser page (goes home)', async () => {
      await page.goto(bo);
      await expect(page).toHaveURL(/\/backoffice\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    await test.step('team and the invite dialog', async () => {
      await visit(page, `${bo}/team`, 'Equipa');
      await expect(page.getByTestId('members-table')).toBeVisible();
      await expect(page.getByTestId('invitations')).toContainText('bilheteira-');
      // axe's best-practice landmark-unique: one region named Membros (the table), not two
      await expect(page.getByRole('region', { name: 'Membros' })).toHaveCount(1);
      await expectNoA11yViolations(page);
      await checkDialog(page, page.getByTestId('invite'), 'invite-dialog', { errors: true });
    });

    await test.step('events list', async () => {
      await visit(page, `${bo}/events`, 'Eventos');
      await expect(page.getByTestId('events-table')).toContainText(name);
      await expectNoA11yViolations(page);
    });

    await test.step('new event', async () => {
      await visit(page, `${bo}/events/new`, /./);
      await expect(page.getByTestId('event-form')).toBeVisible();
      await expectNoA11yViolations(page);
      await withErrors(page, page.getByTestId('event-form'));
    });

    const eventUrl = `${bo}/events/${eventId}`;
    await test.step('event page: details, then the publish, cancel, postpone and history dialogs', async () => {
      await visit(page, eventUrl, name);
      await expect(page.getByTestId('event-form')).toBeVisible();
      await expectNoA11yViolations(page);
      await screenshotBoth(page, '26e-event-page');
      await checkDialog(page, page.getByTestId('publish'), 'publish-dialog');
      await checkDialog(page, page.getByTestId('lifecycle-cancel'), 'cancel-dialog');
      await checkDialog(page, page.getByTestId('lifecycle-postpone'), 'postpone-dialog');
      await checkDialog(page, page.getByTestId('lifecycle-history'), 'history-dialog');
    });

    await test.step('event page: schedule', async () => {
      await page.getByTestId('tab-schedule').click();
      await expect(page.getByTestId('sessions')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    await test.step('event page: ticket types, the ticket-type and price-step dialogs', async () => {
      await page.getByTestId('tab-tickets').click();
      await expect(page.getByTestId('ticket-type')).toHaveCount(1);
      await expectNoA11yViolations(page);
      await checkDialog(page, page.getByTestId('add-type'), 'ticket-type-dialog', { errors: true });
      await checkDialog(page, page.getByTestId('edit-type-Plateia'), 'ticket-type-dialog');
      await checkDialog(page, page.getByTestId('steps-Plateia'), 'price-steps-dialog');
    });

    await test.step('event page: codes, the promo, access and delete dialogs', async () => {
      await page.getByTestId('tab-codes').click();
      await expect(page.getByTestId('promo-codes')).toContainText('ESTREIA10');
      await expect(page.getByTestId('access-codes')).toContainText('IMPRENSA26');
      await expectNoA11yViolations(page);
      await checkDialog(page, page.getByTestId('add-promo'), 'promo-dialog', { errors: true });
      await checkDialog(
        page,
        page
          .getByTestId('promo-codes')
          .getByRole('button', { name: /ESTREIA10/ })
          .first(),
        'promo-dialog',
      );
      await checkDialog(page, page.getByTestId('add-access'), 'access-dialog', { errors: true });
      await page.getByTestId('access-codes').getByRole('button', { name: 'Apagar IMPRENSA26' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
    });

    await test.step('a draft: its preview and publish dialogs', async () => {
      await visit(page, `${bo}/events/${draftId}`, `${name} (rascunho)`);
      await expectNoA11yViolations(page);
      await checkDialog(page, page.getByTestId('preview'), 'preview-dialog');
      await checkDialog(page, page.getByTestId('publish'), 'publish-dialog');
    });

    await test.step('sessions', async () => {
      await visit(page, '/backoffice/sessions', 'As minhas sessões');
      await expect(page.getByTestId('sessions-table')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    await test.step('not found', async () => {
      await visit(page, '/backoffice/nada-aqui', 'Página não encontrada');
      await expectNoA11yViolations(page);
    });

    await test.step('signed out: sign-in page and an invalid invitation', async () => {
      const context = await freshPage(browser, baseURL, size.width, size.height);
      const out = await context.newPage();
      await out.goto('/backoffice/login');
      await expect(out.getByTestId('login-form')).toBeVisible();
      await expectNoA11yViolations(out);
      await out.goto('/backoffice/invitations/nao-existe-0000');
      await expect(out.getByTestId('form-error')).toBeVisible();
      await expectNoA11yViolations(out);
      await context.close();
    });

    await test.step('the operator: request queue, approve and reject dialogs', async () => {
      // a pending request of this test's own, so that the queue has a row to decide
      const stamp = `${Date.now()}${randomInt(1000)}`;
      const email = `pedido-${stamp}@promotora-e2e.pt`;
      await submitOrganizerRequest(page.request, { email, company: `Pedido ${stamp}` });
      const context = await freshPage(browser, baseURL, size.width, size.height);
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
      await op.goto('/backoffice/operator/requests');
      await expect(op.getByTestId('requests-table')).toContainText(email);
      await expectNoA11yViolations(op);
      await checkDialog(op, op.getByTestId(`approve-${email}`), 'approve-dialog');
      await checkDialog(op, op.getByTestId(`reject-${email}`), 'reject-dialog');
      await context.close();
    });
    console.log(`26e ${size.width} px: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

test('the back office’s first load is at most 250 KiB of JavaScript gzipped', async ({
  page,
  browser,
  baseURL,
}) => {
  // signed out (the sign-in page), and an owner's first page after signing in
  const out = await measureInitialJs(browser, baseURL!, '/backoffice/login');
  await newOrganizer(page.request);
  const home = await measureInitialJs(browser, baseURL!, '/backoffice/', await page.context().storageState());
  for (const m of [out, home]) {
    console.log(
      `initial JS ${m.path}: ${(m.gzipBytes / 1024).toFixed(1)} KiB gzip in ${m.files.length} files`,
    );
    expect(m.files.length).toBeGreaterThan(0);
    expect(m.gzipBytes).toBeLessThanOrEqual(250 * 1024);
  }
});
