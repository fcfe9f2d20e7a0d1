import { expect, test, type Page } from '../support/test';
import { expectNoA11yViolations, screenshotBoth, VIEWPORTS } from '../support/helpers';

/**
 * Issue 25, items 2 and 9: the stepper starts at what the cart holds and the button says
 * whether it adds or updates, so adding again never shrinks the cart; a phone shows a toast
 * and a sticky cart bar after adding; "últimos bilhetes" instead of a low count; sold-out and
 * finished events show why, with no stepper and no "Finalizar compra"; a finished event has
 * no "Desde" price in the list. Each test is a fresh visitor (its own cart).
 */
const useLocale = (page: Page, locale: string) =>
  page.addInitScript((l) => localStorage.setItem('locale', JSON.stringify(l)), locale);

test('a phone buyer adds, then adds one more: the cart grows to 3, with a toast and a sticky bar', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/events/teatro-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Teatro Demo' })).toBeVisible();
  await page.getByRole('group', { name: 'Data da sessão' }).getByRole('radio').nth(1).check({ force: true });

  const normal = page.getByTestId('ticket-type').filter({ hasText: 'Normal' });
  const student = page.getByTestId('ticket-type').filter({ hasText: 'Estudante' });
  // 40 student places: the organiser's default hides counts of 50 or fewer
  await expect(student.getByTestId('ticket-available')).toHaveText('Últimos bilhetes');
  await expect(normal.getByTestId('ticket-available')).toHaveText(/^\d+ disponíveis$/);

  const more = page.getByRole('button', { name: 'Mais um bilhete Normal', exact: true });
  const add = page.getByTestId('add-to-cart');
  await more.click();
  await more.click();
  await expect(add).toHaveText('Adicionar ao carrinho');
  await add.click();
  await expect(page.getByTestId('toast')).toHaveText('Bilhetes adicionados ao carrinho.');
  const bar = page.getByTestId('cart-bar');
  await expect(bar.getByTestId('cart-bar-count')).toHaveText('2 bilhetes');
  await expect(bar.getByTestId('cart-bar-total')).toHaveText(/^Total \d+,\d{2}\s€$/);
  // the stepper keeps what the cart holds, and says so
  await expect(normal.getByTestId('ticket-qty')).toHaveText('2');
  await expect(normal.getByTestId('ticket-in-cart')).toHaveText('2 no carrinho');
  await expect(add).toBeDisabled();
  await expectNoA11yViolations(page);
  // what the phone shows: the bar at the bottom of the screen (a full-page shot moves it)
  await page.screenshot({ path: 'screenshots/25a2-added-phone-screen.png' });
  await screenshotBoth(page, '25a2-added');

  // one more: the button now updates, and the cart holds 3 (it used to drop to 1)
  await more.click();
  await expect(add).toHaveText('Atualizar carrinho');
  await add.click();
  await expect(page.getByTestId('toast')).toHaveText('Carrinho atualizado.');
  await expect(bar.getByTestId('cart-bar-count')).toHaveText('3 bilhetes');
  const line = page.getByTestId('cart-panel').getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('status', { name: 'Quantidade de Normal' })).toHaveText('3');

  // another session holds nothing yet; coming back shows the 3 again (the buyer taps the
  // chip, as a person does: a forced click on the hidden radio lands wherever the page has
  // scrolled it, under the header or the toast)
  const dates = page.getByRole('group', { name: 'Data da sessão' }).locator('label');
  await dates.nth(0).click();
  await expect(normal.getByTestId('ticket-qty')).toHaveText('0');
  await expect(normal.getByTestId('ticket-in-cart')).toHaveCount(0);
  await dates.nth(1).click();
  await expect(normal.getByTestId('ticket-qty')).toHaveText('3');

  // the bar leads to checkout: a visitor is asked who they are first
  await bar.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect(page.getByTestId('login-phone-modal')).toBeVisible();
});

test('sold-out and finished events say so, with no stepper, no cart and no "Desde" price', async ({
  page,
}) => {
  for (const [slug, status, text] of [
    ['esgotado-demo', 'sold_out', 'Esgotado: já não há bilhetes à venda para este evento.'],
    ['festival-passado', 'finished', 'Este evento já terminou: a venda de bilhetes está encerrada.'],
  ] as const) {
    await page.goto(`/events/${slug}`);
    await expect(page.getByTestId('event-status')).toHaveAttribute('data-status', status);
    await expect(page.getByTestId('tickets-closed')).toHaveText(text);
    await expect(page.getByRole('button', { name: /^Mais um bilhete/ })).toHaveCount(0);
    await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
    await expect(page.getByTestId('cart-panel')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Finalizar compra' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await screenshotBoth(page, `25a2-${slug}`);
  }
  // sold out per type too, plainly
  await page.goto('/events/esgotado-demo');
  await expect(page.getByTestId('ticket-available').first()).toHaveText('Esgotado');

  await page.goto('/events');
  const finished = page.locator('[data-testid="event-card"][data-slug="festival-passado"]');
  await expect(finished.getByTestId('event-card-status')).toBeVisible();
  await expect(finished).not.toContainText('Desde');
  await expect(page.locator('[data-testid="event-card"][data-slug="festival-demo"]')).toContainText('Desde');
});

test('in English and Spanish: the toast, the bar, "last tickets" and a sold-out page', async ({ page }) => {
  await useLocale(page, 'en');
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto('/events/teatro-demo');
  await expect(page.getByTestId('ticket-type').filter({ hasText: 'Estudante' })).toContainText(
    'Last tickets',
  );
  await page.getByRole('button', { name: 'One more Estudante ticket', exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Tickets added to your cart.');
  await expect(page.getByTestId('cart-bar-count')).toHaveText('1 ticket');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25a2-added-en');

  await useLocale(page, 'es');
  await page.goto('/events/esgotado-demo');
  await expect(page.getByTestId('tickets-closed')).toHaveText(
    'Agotado: ya no quedan entradas para este evento.',
  );
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '25a2-esgotado-demo-es');
});
