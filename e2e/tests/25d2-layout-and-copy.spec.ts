import { expect, test, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

// Issue 25, items 11 and 15: the signed-in header, the mobile menu, the dashboard (one
// greeting, chips that show they scroll, no layout shift), dates with four-digit years,
// rate-limit waits in minutes, the session-expired alert above the side menu.

/** Sums the page's layout shifts (not those right after input), from the first paint on. */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/** A customer of this spec's own with a long name and one paid festival ticket. */
async function customerWithOrder(page: Page): Promise<Customer> {
  const who = await newCustomer(page.request, {
    first_name: 'Maria Margarida',
    last_name: 'Vasconcelos Albuquerque',
  });
  await buyTickets(page.request, who, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  return who;
}

test('desktop at 1024 px: the signed-in header fits, one greeting, no layout shift; orders show four-digit years', async ({
  page,
}) => {
  const who = await customerWithOrder(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await watchLayoutShift(page);
  await loginByApi(page, who);
  await expect(page.locator('[data-testid="customer-event"][data-slug="festival-demo"]')).toBeVisible();

  // the header: every link on one line, nothing past the right edge; the greeting gives way
  const header = page.getByTestId('dashboard-header');
  const nav = header.getByRole('navigation');
  for (const name of ['Os seus eventos', 'As suas encomendas', 'A sua conta', 'Terminar sessão']) {
    const box = (await nav
      .getByRole(name === 'Terminar sessão' ? 'button' : 'link', { name })
      .boundingBox())!;
    expect(box.height, name).toBeLessThan(40);
    expect(box.x + box.width, name).toBeLessThanOrEqual(1024);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await expect(header.getByTestId('welcome')).toHaveText('Olá, Maria Margarida Vasconcelos Albuquerque');
  // one greeting on the page, the header's
  await expect(page.getByText(/^Olá,/)).toHaveCount(1);

  // the dashboard settles without moving (CLS ≤ 0.05)
  await page.waitForLoadState('networkidle');
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: 'screenshots/25d2-header-1024.png' });
  await screenshotBoth(page, '25d2-dashboard');

  // orders: "25/11/2026, 10:30", never "25/11/26, 10:30"
  await page.getByRole('link', { name: 'As suas encomendas' }).click();
  const date = page.getByTestId('order-card').first().locator('dd').first();
  await expect(date).toHaveText(/^\d\d\/\d\d\/20\d\d, \d\d:\d\d$/);
  await screenshotBoth(page, '25d2-orders');
  for (const [lang, pattern] of [
    ['en', /^\d{1,2} [A-Z][a-z]+ 20\d\d, \d\d:\d\d$/],
    ['es', /^\d{1,2} [a-z]+ 20\d\d, \d\d:\d\d$/],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('dashboard-header').getByTestId('language-select').selectOption(lang);
    await expect(date).toHaveText(pattern);
    await screenshotBoth(page, `25d2-orders-${lang}`);
  }
});

test('phone at 390 px: one account entry and no "Criar evento" in the menu, chips that show they scroll, the session-expired alert above the menu', async ({
  page,
}) => {
  const who = await customerWithOrder(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await loginByApi(page, who);
  await expect(page.locator('[data-testid="customer-event"][data-slug="festival-demo"]')).toBeVisible();

  // the filter chips run past the edge: a hint says so, until the row is scrolled to its end
  const chips = page.getByTestId('filter-chips');
  const more = page.getByTestId('filter-chips-more');
  await expect(more).toBeVisible();
  await screenshotBoth(page, '25d2-chips');
  await chips.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(more).toHaveCount(0);

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByTestId('mobile-sidebar');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'A sua conta' })).toBeVisible();
  await expect(menu.getByText('A minha conta')).toHaveCount(0);
  await expect(menu.getByText('Criar evento')).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Terminar sessão' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: 'screenshots/25d2-menu-mobile.png' });

  // the session ends elsewhere while the menu is open; the next call shows the alert on top
  const out = await page.request.post('/api/customers/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(out.ok()).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await menu.getByRole('link', { name: 'As suas encomendas' }).click();
  const alert = page.getByTestId('alert-modal');
  await expect(alert).toContainText('Sessão expirada');
  await expect(menu).toHaveCount(0);
  const box = (await alert.boundingBox())!;
  const topmost = await page.evaluate(
    ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-testid="alert-modal"]'),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(topmost).toBe(true);
});

test('a rate-limited login says the wait in minutes', async ({ page }) => {
  const who = await newCustomer(page.request, { first_name: 'Rita', last_name: 'Lopes' });
  // this test's own client address, for the API and the browser alike
  const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  await page.route('**/api/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': ip } }),
  );
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post('/api/customers/login-password', {
      headers: { 'x-forwarded-for': ip },
      data: { mobile_country_code: '351', mobile: who.mobile, password: `errada-${i}` },
    });
    expect(res.status()).toBe(401);
  }
  await page.goto('/?login=1');
  const phone = page.getByTestId('login-phone-modal');
  await phone.getByLabel('Telemóvel').fill(who.mobile);
  await phone.getByRole('button', { name: 'Continuar' }).click();
  const password = page.getByTestId('login-password-modal');
  await password.getByLabel('Palavra-passe', { exact: true }).fill(who.password);
  await password.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('alert-modal')).toContainText(
    /Demasiados pedidos\. Tente novamente dentro de 1[45] minutos\./,
  );
});
