import { expect, test, type Page } from '../support/test';
import { measureInitialJs } from '../support/initial-js';
import {
  expectNoA11yViolations,
  lastOutboxMessage,
  screenshot,
  screenshotBoth,
  VIEWPORTS,
} from '../support/helpers';

/** Texts the flow looks for, per language (the catalogues' own words). */
const TEXTS = {
  'pt-pt': {
    upcoming: 'Próximos eventos',
    eventsTitle: 'Eventos',
    search: 'Pesquisar eventos',
    searchButton: 'Pesquisar',
    clear: 'Limpar pesquisa',
    sort: 'Ordenar por',
    sortName: 'Nome',
    results: (n: number) => `${n} eventos`,
    pageOf: (p: number, l: number) => `Página ${p} de ${l}`,
    next: 'Seguinte',
    available: (n: number) => `${n} disponíveis`,
    more: (name: string) => `Mais um bilhete ${name}`,
    soldOut: 'Esgotado',
    notFound: '404 Organizador/Evento não encontrado',
    sessionDate: 'Data da sessão',
  },
  en: {
    upcoming: 'Upcoming events',
    eventsTitle: 'Events',
    search: 'Search events',
    searchButton: 'Search',
    clear: 'Clear search',
    sort: 'Sort by',
    sortName: 'Name',
    results: (n: number) => `${n} events`,
    pageOf: (p: number, l: number) => `Page ${p} of ${l}`,
    next: 'Next',
    available: (n: number) => `${n} available`,
    more: (name: string) => `One more ${name} ticket`,
    soldOut: 'Sold out',
    notFound: '404 Organizer/Event not found',
    sessionDate: 'Session date',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const cardSlugs = (page: Page) =>
  page.getByTestId('event-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-slug')));

/** The visitor's path of the "done when", in the page's current language. */
async function browseCatalogue(page: Page, L: Texts, shots: string) {
  // home: the demo events, never the private one
  await expect(page.getByRole('heading', { name: L.upcoming })).toBeVisible();
  await expect(page.getByTestId('home-events').getByRole('link', { name: 'Festival Demo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Evento Privado' })).toHaveCount(0);

  // catalogue: search, sort, clear, pages — all in the URL
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: L.eventsTitle })).toBeVisible();
  await expect(page.getByTestId('results-count')).toHaveText(L.results(5));
  await page.getByLabel(L.search).fill('festival');
  await page.getByRole('button', { name: L.searchButton, exact: true }).click();
  await expect(page).toHaveURL(/search=festival/);
  await expect.poll(() => cardSlugs(page)).toEqual(['festival-demo', 'festival-passado']);
  await page.getByLabel(L.sort).selectOption({ label: L.sortName });
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole('button', { name: L.clear }).click();
  await expect(page.getByTestId('results-count')).toHaveText(L.results(5));
  await expect
    .poll(() => cardSlugs(page))
    .toEqual(['concerto-demo', 'esgotado-demo', 'festival-demo', 'teatro-demo', 'festival-passado']);
  await expect(page.getByLabel(L.search)).toHaveValue('');

  await page.goto('/events?per_page=2');
  await expect(page.getByTestId('page-of')).toHaveText(L.pageOf(1, 3));
  const seen = [...(await cardSlugs(page))];
  await page.getByRole('link', { name: L.next }).click();
  await expect(page.getByTestId('page-of')).toHaveText(L.pageOf(2, 3));
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(async () => (await cardSlugs(page)).join()).not.toBe(seen.join());
  seen.push(...(await cardSlugs(page)));
  await page.getByRole('link', { name: L.next }).click();
  await expect(page.getByTestId('page-of')).toHaveText(L.pageOf(3, 3));
  await expect.poll(() => cardSlugs(page)).toEqual(['festival-passado']);
  seen.push('festival-passado');
  expect(new Set(seen).size).toBe(5);
  expect(seen).not.toContain('evento-privado');
  await page.goBack();
  await expect(page.getByTestId('page-of')).toHaveText(L.pageOf(2, 3));
  await expectNoA11yViolations(page);
  await screenshotBoth(page, `${shots}-events`);

  // the event page: ticket types, prices, availability, bounded quantities
  await page.goto('/events');
  await page.getByRole('link', { name: 'Festival Demo' }).click();
  await expect(page).toHaveURL(/\/events\/festival-demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Festival Demo' })).toBeVisible();
  await expect(page.getByTestId('event-header')).toBeVisible();
  await expect(page.getByTestId('event-address')).toHaveText('Parque Tejo, Lisboa');
  const pass = page.getByTestId('ticket-type').filter({ hasText: 'Passe 3 dias' });
  await expect(page.getByTestId('ticket-type')).toHaveCount(4);
  // all-in: 89,00 € + 5 % service cost + VAT on it
  await expect(pass.getByTestId('ticket-price')).toHaveText(/94,47\s€/);
  // other specs may have sold some: compare with what the API says now
  const api = (await (await page.request.get('/api/events/festival-demo')).json()) as {
    data: { ticket_types: { name: string; available: number }[] };
  };
  const left = api.data.ticket_types.find((x) => x.name === 'Passe 3 dias')!.available;
  expect(left).toBeGreaterThan(6);
  await expect(pass.getByTestId('ticket-available')).toHaveText(L.available(left));
  const more = page.getByRole('button', { name: L.more('Passe 3 dias') });
  for (let i = 0; i < 7; i++) if (await more.isEnabled()) await more.click();
  await expect(pass.getByTestId('ticket-qty')).toHaveText('6'); // max 6 per order
  await expect(more).toBeDisabled();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, `${shots}-event`);

  // a session event: date and hour pickers with availability per session
  await page.goto('/events/teatro-demo');
  const dates = page.getByRole('group', { name: L.sessionDate }).getByRole('radio');
  await expect(dates).toHaveCount(3);
  await expect(page.getByTestId('session-hours').getByRole('radio')).toHaveCount(2);
  await dates.nth(1).check({ force: true });
  await expect(page.getByTestId('ticket-type').first().getByTestId('ticket-available')).toHaveText(
    new RegExp(`^${L.available(0).replace('0', '\\d+')}$`),
  );
  await screenshotBoth(page, `${shots}-sessions`);

  // sold out blocks purchase
  await page.goto('/events/esgotado-demo');
  await expect(page.getByTestId('event-status')).toHaveAttribute('data-status', 'sold_out');
  // no stepper to press at all (issue 25 item 9)
  await expect(page.getByRole('button', { name: L.more('Geral') })).toHaveCount(0);

  // a private event opens by its link; an unknown slug is the 404 of spec §8
  await page.goto('/events/evento-privado');
  await expect(page.getByRole('heading', { level: 1, name: 'Evento Privado' })).toBeVisible();
  await page.goto('/events/nao-existe-de-todo');
  await expect(page.getByRole('heading', { level: 1, name: L.notFound })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, `${shots}-404`);
}

test('public site in pt-PT: home, catalogue, event pages, private link, 404', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Bilheteira · Bilhetes para eventos e pulseira cashless');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '03-home');
  await browseCatalogue(page, TEXTS['pt-pt'], '03-pt');
});

test('switching to English saves the choice, reloads translated and sends X-locale', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: TEXTS['pt-pt'].upcoming })).toBeVisible();
  const reload = page.waitForEvent('load');
  await page.getByTestId('site-header').getByTestId('language-select').selectOption('en');
  await reload;
  await expect(page.getByRole('heading', { name: TEXTS.en.upcoming })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const req = page.waitForRequest((r) => r.url().includes('/api/events'));
  await page.reload();
  expect((await req).headers()['x-locale']).toBe('en');
  await browseCatalogue(page, TEXTS.en, '03-en');
});

test('organiser page, static pages and the need-help form', async ({ page }) => {
  await page.goto('/organizer/promotora-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotora Demo' })).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/bg-black/);
  await expect(page.getByTestId('event-card')).toHaveCount(5);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '03-organizer');

  for (const [path, heading] of [
    ['/about', 'Sobre nós'],
    ['/faq', 'Perguntas frequentes'],
    ['/terms', 'Termos e condições'],
    ['/privacy', 'Política de privacidade'],
    ['/cookies', 'Política de cookies'],
    ['/privacy-app', 'Privacidade da aplicação'],
    ['/loading-unavailable', 'Carregamento online indisponível'],
    ['/404', '404 Organizador/Evento não encontrado'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await page.goto('/cookies');
  await expect(page.getByText('17/11/2023')).toBeVisible();
  await screenshotBoth(page, '03-cookies');

  // need help: errors first, then a message that reaches support through the outbox
  await page.goto('/need-help');
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.locator('#name-error')).toHaveText('Preencha este campo.');
  await expect(page.locator('#consent-error')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '03-need-help-errors');
  await page.getByLabel('Nome').fill('Joana Reis');
  await page.getByLabel('Empresa (opcional)').fill('Reis & Filhos');
  await page.getByLabel('Email').fill('joana.e2e@exemplo.pt');
  await page.getByLabel('Mensagem').fill('Comprei dois bilhetes e só recebi um na minha conta.');
  await page.getByLabel(/Autorizo a Bilheteira/).check();
  await page.getByTestId('captcha').getByText('Não sou um robô').click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Obrigado pela sua mensagem');
  const mail = await lastOutboxMessage(page, 'suporte@bilheteira.pt');
  expect(mail?.body).toContain('joana.e2e@exemplo.pt');
  await screenshotBoth(page, '03-need-help-sent');
});

test('a returning visitor is told once about new events; the mobile menu', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/');
  await expect(page.getByTestId('home-events')).toBeVisible();
  await expect(page.getByTestId('new-events-modal')).toHaveCount(0); // first visit
  await page.evaluate(() => localStorage.setItem('last_visit', JSON.stringify('2000-01-01T00:00:00.000Z')));
  await page.reload();
  const modal = page.getByTestId('new-events-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Festival Demo' })).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Festival Passado' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '03-new-events');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-events')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('new-events-modal')).toHaveCount(0); // told once

  await page.getByTestId('mobile-menu-button').click();
  const menu = page.getByTestId('mobile-sidebar');
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await expect(menu.getByRole('link', { name: 'Eventos' })).toHaveAttribute('href', '/events');
  await expect(menu.getByRole('link', { name: /Instagram/ })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, '03-mobile-menu-mobile');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
});

test('link previews and crawlers: head tags in the HTML, sitemap, robots; initial JS budget', async ({
  page,
  browser,
  baseURL,
}) => {
  const html = await (await page.request.get('/events/festival-demo')).text();
  expect(html).toContain('<title>Festival Demo | Bilheteira</title>');
  expect(html).toContain('property="og:title"');
  expect(html).toContain('"@type":"Event"');
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain('/events/festival-demo</loc>');
  expect(await (await page.request.get('/robots.txt')).text()).toContain('Sitemap:');

  for (const path of ['/', '/events/festival-demo']) {
    const m = await measureInitialJs(browser, baseURL!, path);
    console.log(`initial JS ${path}: ${(m.gzipBytes / 1024).toFixed(1)} KB gzip in ${m.files.length} files`);
    expect(m.gzipBytes).toBeLessThanOrEqual(150 * 1024);
  }
});
