import { expect, test, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  loginByApi,
  newCustomer,
  screenshotBoth,
  VIEWPORTS,
} from '../support/helpers';

/**
 * Issue 25, items 14, 10 and 17: unknown URLs are a real 404; the catalogue pages, searches
 * without accents and keeps its place; an event without a cashless wallet shows no wallet;
 * every page's footer names the company, the complaints book, the dispute resolution
 * entities and the accessibility statement.
 */

/** Opens the site in another language (the saved choice the language menu writes). */
async function useLanguage(page: Page, locale: 'en' | 'es') {
  await page.addInitScript((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);
}

test('an unknown address answers 404 with the not-found page; the home title names the brand', async ({
  page,
}) => {
  const res = await page.goto('/isto-nao-existe');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: '404 Organizador/Evento não encontrado' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver eventos' }).click();
  await expect(page).toHaveURL(/\/events$/);
  expect((await page.request.get('/events')).status()).toBe(200);
  // an event that does not exist is a not-found too
  expect((await page.goto('/events/evento-que-nao-existe'))?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await screenshotBoth(page, '25e-not-found');

  await page.goto('/');
  await expect(page).toHaveTitle('Bilheteira · Bilhetes para eventos e pulseira cashless');
});

test('catalogue: accents folded, a page past the end, paging on a phone, back to the same place', async ({
  page,
}) => {
  // "festivál" (an accent the name does not have) finds the festival
  await page.goto(`/events?search=${encodeURIComponent('festivál')}`);
  const list = page.getByTestId('events-list');
  await expect(list.getByRole('link', { name: /Festival Demo/ }).first()).toBeVisible();
  await expect(page.getByTestId('results-count')).toHaveText('2 eventos para «festivál»');

  // ?page=99: says the page does not exist and leads back, not "no events" beside "5 eventos"
  await page.goto('/events?page=99');
  await expect(page.getByTestId('page-missing')).toContainText(
    'A página 99 não existe: a lista tem só uma página.',
  );
  await expect(page.getByTestId('events-empty')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25e-page-missing');
  await page.getByRole('link', { name: 'Ir para a primeira página' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByTestId('event-card')).toHaveCount(5);

  // on a phone the pager is far below the list's top: the next page brings the list into view
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/events?per_page=2');
  await expect(page.getByTestId('event-card')).toHaveCount(2);
  const pager = page.getByRole('navigation', { name: 'Páginas de eventos' });
  await pager.getByRole('link', { name: 'Seguinte' }).click();
  await expect(page.getByTestId('page-of')).toHaveText('Página 2 de 3');
  await expect(page.getByTestId('results-count')).toBeInViewport();
  await expect(page.getByTestId('results-count')).toBeFocused();

  // from an event back to the list: at the same card, not at the top
  const second = page.getByTestId('event-card').nth(1);
  await second.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const left = await page.evaluate(() => window.scrollY);
  const name = (await second.getByRole('heading').textContent())!.trim();
  await second.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('page-of')).toHaveText('Página 2 de 3');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(left + 40);
});

test('footer: complaints book, dispute resolution, company and the accessibility statement', async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.getByTestId('site-footer');
  await expect(footer.getByRole('link', { name: /Livro de Reclamações Eletrónico/ })).toHaveAttribute(
    'href',
    'https://www.livroreclamacoes.pt',
  );
  await expect(footer.getByRole('link', { name: /CNIACC/ })).toHaveAttribute('href', 'https://www.cniacc.pt');
  await expect(footer.getByRole('link', { name: /Portal do Consumidor/ })).toHaveAttribute(
    'href',
    'https://www.consumidor.gov.pt',
  );
  await expect(footer.getByTestId('footer-company')).toHaveText(
    'Bilheteira, Lda. · NIF 500000000 · Avenida da Liberdade 110, 1250-146 Lisboa',
  );
  await footer.getByRole('link', { name: 'Declaração de acessibilidade' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Declaração de acessibilidade' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Estado de conformidade' })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25e-accessibility');

  // the mini-site has its own footer: the same two links; its bar leads to quick charge
  await page.goto('/site/festival-demo');
  const miniFooter = page.getByTestId('minisite-footer');
  await expect(miniFooter.getByRole('link', { name: /Livro de Reclamações Eletrónico/ })).toBeVisible();
  await expect(miniFooter.getByRole('link', { name: 'Declaração de acessibilidade' })).toBeVisible();
  await page.getByTestId('minisite-bar').getByRole('link', { name: 'Carregamento rápido' }).click();
  await expect(page).toHaveURL(/\/site\/festival-demo\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Carregamento rápido' })).toBeVisible();
});

for (const [locale, title, complaints] of [
  ['en', 'Accessibility statement', 'Electronic Complaints Book (Livro de Reclamações)'],
  ['es', 'Declaración de accesibilidad', 'Libro de Reclamaciones Electrónico (Livro de Reclamações)'],
] as const) {
  test(`accessibility statement and footer in ${locale}`, async ({ page }) => {
    await useLanguage(page, locale);
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      page
        .getByTestId('site-footer')
        .getByRole('link', { name: new RegExp(complaints.replace(/[()]/g, '\\$&')) }),
    ).toBeVisible();
    await screenshotBoth(page, `25e-accessibility-${locale}`);
    await page.goto('/events?page=9');
    await expect(page.getByTestId('page-missing')).toBeVisible();
    await screenshotBoth(page, `25e-page-missing-${locale}`);
  });
}

test('an event without a cashless wallet: no Wallet or Transactions tabs, and its wallet pages say so', async ({
  page,
}) => {
  const buyer = await newCustomer(page.request, { first_name: 'Rita', last_name: 'Sem Carteira' });
  await buyTickets(page.request, buyer, 'teatro-demo', (event) => [
    { ticket_id: event.ticket_types[0]!.id, qty: 1, session_id: event.sessions[0]!.id },
  ]);
  await loginByApi(page, buyer);
  const teatro = page.locator('[data-testid="customer-event"][data-slug="teatro-demo"]');
  await teatro.getByRole('button', { name: /Aceder ao evento/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/tickets$/);
  const menu = page.getByTestId('event-menu').getByRole('navigation');
  await expect(menu.getByRole('link')).toHaveText(['Bilhetes', 'Informações']);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25e-event-menu-no-wallet');

  // the mini-site: no quick-charge link; its wallet pages say there is no cashless
  await page.goto('/site/teatro-demo');
  await expect(
    page.getByTestId('minisite-bar').getByRole('link', { name: 'Carregamento rápido' }),
  ).toHaveCount(0);
  await page.goto('/site/teatro-demo/wallet');
  await expect(page.getByTestId('wallet-disabled')).toContainText('Este evento não tem carteira cashless.');
  await expect(page.getByTestId('topup-unavailable')).toHaveCount(0);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25e-quick-charge-no-wallet');
  await page.goto('/site/teatro-demo/account/wallet');
  await expect(page.getByTestId('wallet-disabled')).toBeVisible();
  await screenshotBoth(page, '25e-site-wallet-no-wallet');
});
