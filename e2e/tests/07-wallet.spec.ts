import { expect, test, type APIRequestContext, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  loginByApi,
  newCustomer,
  screenshotBoth,
  type Customer,
} from '../support/helpers';

/** Demo keys and bracelets of festival-demo (README). */
const BAR_KEY = 'demo-station-bar-key-0001';
/** spare bracelets this spec links (README; 07b links 200007 and 200008): Ana's, Rui's */
const ANA_BRACELET = { code: '200002', secret: 'SPAREBBB' };
const SPARE_BRACELET = '200001';
/** printed inside spare 200001 (README): linking asks for it with the code */
const SPARE_SECRET = 'SPAREAAA';
const VALID_IBAN = 'PT50 0002 0123 1234 5678 9015 4';

const eur = (cents: number) =>
  new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
/** The page's text with non-breaking spaces made plain, for currency comparisons. */
const norm = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

interface WalletJson {
  event: { id: number };
  wallet: { balance_cents: number; online_cents: number };
  refund: { refundable_cents: number; refund_cents: number; fee_cents: number };
}

async function walletOf(request: APIRequestContext, token: string, slug = 'festival-demo') {
  const res = await request.get(`/api/customers/wallet-event?slug=${slug}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: WalletJson }).data;
}

/**
 * Pays the wallet top-up the page just started in the checkout modal: the summary shows the
 * top-up line, the billing data are the customer's, MB WAY in the sandbox (approved on its
 * own after SANDBOX_MBWAY_AUTO_APPROVE_MS = 4 s); the countdown turns into success.
 */
async function payTopUpInCheckout(
  page: Page,
  cents: number,
  mobile: string,
  shots?: string,
  balanceAfter?: number,
) {
  const modal = page.getByTestId('checkout-modal');
  await expect(modal.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
  const lines = modal.getByTestId('checkout-summary-lines').getByRole('listitem');
  await expect(lines).toHaveCount(1);
  expect(norm(await lines.textContent())).toBe(`Carregamento da carteira${eur(cents)}`);
  expect(norm(await modal.getByTestId('checkout-total').textContent())).toBe(eur(cents));
  if (shots) await screenshotBoth(page, `${shots}-summary`);
  await modal.getByTestId('checkout-continue').click();
  await expect(modal.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
  await modal.getByTestId('checkout-billing-continue').click();
  await expect(modal.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await modal.getByText('MB WAY', { exact: true }).click();
  await modal.getByLabel('Telemóvel MB WAY').fill(mobile);
  await expect(modal.getByTestId('checkout-pay')).toContainText(eur(cents).replace(/ /g, '\u00a0'));
  await modal.getByTestId('checkout-pay').click();
  await expect(modal.getByTestId('checkout-waiting')).toBeVisible();
  await expect(modal.getByTestId('mbway-countdown')).toHaveText(/^\d:\d{2}$/);
  if (shots) await screenshotBoth(page, `${shots}-waiting`);
  const success = modal.getByTestId('checkout-success');
  await expect(success).toBeVisible({ timeout: 20_000 });
  expect(norm(await success.textContent())).toContain(eur(cents));
  if (balanceAfter !== undefined)
    // the balance behind the modal is already the new one
    await expect(page.getByTestId('wallet-balance')).toHaveText(eur(balanceAfter).replace(/ /g, '\u00a0'));
  if (shots) await screenshotBoth(page, `${shots}-success`);
  await modal.getByRole('button', { name: 'Fechar' }).click();
  await expect(modal).toHaveCount(0);
}

/**
 * This spec's own Ana, as the demo seed's Ana is at festival-demo: a day ticket and a
 * linked bracelet (her wallet changes nobody else's).
 */
async function festivalGoer(request: APIRequestContext): Promise<Customer> {
  const ana = await newCustomer(request, { first_name: 'Ana', last_name: 'Silva' });
  const { eventId } = await buyTickets(request, ana, 'festival-demo', (event) => [
    { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
  ]);
  const link = await request.post('/api/customers/wallet/bracelets', {
    headers: { authorization: `Bearer ${ana.token}` },
    data: { event_id: eventId, ...ANA_BRACELET },
  });
  expect(link.ok(), await link.text()).toBe(true);
  return ana;
}

async function enterFestival(page: Page) {
  await page
    .getByTestId('customer-event')
    .filter({ has: page.getByRole('heading', { name: 'Festival Demo' }) })
    .getByRole('button', { name: /Aceder ao evento/ })
    .click();
  await page.getByTestId('event-menu').getByRole('link', { name: 'Carteira' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
}

test('Ana tops up 20 EUR with MB WAY, pays 7.50 EUR at the bar, sees both and asks for a refund', async ({
  browser,
}) => {
  // a card order, a 4 s MB WAY sandbox top-up, a bar batch, two axe sweeps, ten full-page
  // screenshots and the refund dialogs: about 60 s on a busy 2-CPU runner, the default budget
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const ana = await festivalGoer(page.request);
  const token = await loginByApi(page, ana);
  await enterFestival(page);
  const before = await walletOf(page.request, token);
  await expect(page.getByTestId('wallet-balance')).toHaveText(
    eur(before.wallet.balance_cents).replace(/ /g, '\u00a0'),
  );

  // The 20 EUR preset is chosen and the button names the amount; the payment runs in the sandbox.
  await page.getByRole('button', { name: eur(2000).replace(/ /g, '\u00a0'), exact: true }).click();
  await expect(page.getByTestId('topup-submit')).toContainText('20,00');
  await page.getByLabel('Ou indique outro valor').fill('2');
  await page.getByTestId('topup-submit').click();
  await expect(
    page.getByText('O valor mínimo de carregamento é 5,00 €'.replace(/ /g, '\u00a0')),
  ).toBeVisible();
  await page.getByLabel('Ou indique outro valor').fill('');
  await page.getByTestId('topup-submit').click(); // opens the checkout at the summary
  await payTopUpInCheckout(page, 2000, ana.mobile, '07-wallet-topup', before.wallet.balance_cents + 2000);
  // the wallet page reads the wallet again when the checkout ends
  await expect(page.getByTestId('wallet-balance')).toHaveText(
    eur(before.wallet.balance_cents + 2000).replace(/ /g, '\u00a0'),
  );

  // A station batch (the bar's till) spends 7.50 EUR with Ana's bracelet.
  const batch = await page.request.post('/api/stations/transactions', {
    headers: { authorization: `Bearer ${BAR_KEY}` },
    data: {
      transactions: [
        {
          id: `e2e-${Date.now()}`,
          bracelet: ANA_BRACELET.code,
          type: 'consumption',
          amount_cents: 750,
          items: [
            { name: 'Imperial', qty: 2, unit_cents: 250 },
            { name: 'Bifana', qty: 1, unit_cents: 250 },
          ],
          occurred_at: new Date().toISOString(),
        },
      ],
    },
  });
  expect(((await batch.json()) as { data: { accepted: number } }).data.accepted).toBe(1);

  const after = await walletOf(page.request, token);
  expect(after.wallet.balance_cents).toBe(before.wallet.balance_cents + 2000 - 750);
  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText(
    eur(after.wallet.balance_cents).replace(/ /g, '\u00a0'),
  );
  // Only online money is refundable; the fee comes off it.
  const expectedOnline =
    before.wallet.online_cents +
    2000 -
    Math.max(0, 750 - (before.wallet.balance_cents - before.wallet.online_cents));
  expect(after.refund.refundable_cents).toBe(expectedOnline);
  expect(norm(await page.getByTestId('refund-refundable').textContent())).toBe(eur(expectedOnline));
  expect(norm(await page.getByTestId('refund-fee').textContent())).toContain(eur(75));
  expect(norm(await page.getByTestId('refund-amount').textContent())).toBe(eur(expectedOnline - 75));
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '07-wallet');

  // Transactions: the top-up and the bar payment, with station and time.
  await page.getByTestId('event-menu').getByRole('link', { name: 'Movimentos' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  const rows = page.getByTestId('transaction-row');
  const bar = rows.filter({ hasText: '2× Imperial, 1× Bifana' });
  await expect(bar).toContainText('Bar Palco Principal');
  expect(norm(await bar.textContent())).toContain(`− ${eur(750)}`);
  await expect(bar.locator('time')).toHaveText(/\d{2}:\d{2}/);
  const top = rows
    .filter({ hasText: 'Carregamento' })
    .filter({ hasText: `+ ${eur(2000)}`.replace(/ /g, '\u00a0') });
  await expect(top.first()).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '07-transactions');

  // Refund: an invalid IBAN is refused; a valid one shows the fee before confirming.
  await page.getByTestId('event-menu').getByRole('link', { name: 'Carteira' }).click();
  const iban = page.getByLabel('IBAN para o reembolso');
  await iban.fill('PT50 0002 0123 1234 5678 9015 5');
  await page.getByTestId('refund-submit').click();
  await expect(page.getByText('O IBAN não é válido. Verifique os dígitos.')).toBeVisible();
  await iban.fill(VALID_IBAN);
  await page.getByTestId('refund-submit').click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText(eur(75).replace(/ /g, '\u00a0'));
  await expect(dialog).toContainText(eur(expectedOnline - 75).replace(/ /g, '\u00a0'));
  await dialog.getByRole('button', { name: 'Pedir reembolso' }).click();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText(
    'Pedido de reembolso registado',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('refund-progress')).toContainText('Pedido');
  await expect(page.getByTestId('refund-blocked-reason')).toHaveText(
    'Já tem um pedido de reembolso em curso.',
  );
  const final = await walletOf(page.request, token);
  expect(final.wallet.online_cents).toBe(0);
  expect(final.wallet.balance_cents).toBe(after.wallet.balance_cents - expectedOnline);
  await screenshotBoth(page, '07-wallet-refund-requested');
  await context.close();
});

test('quick charge: Rui links a bracelet by its 6-digit code and inside secret and tops it up', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const rui = await newCustomer(page.request, { first_name: 'Rui', last_name: 'Costa' });
  await page.goto('/site/festival-demo/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Carregamento rápido' })).toBeVisible();
  await expect(page.getByText('Cerveja Lusa')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '07-quick-charge');

  const code = page.getByLabel('ID da pulseira (6 dígitos)');
  await code.fill('12');
  await page.getByTestId('quick-charge-continue').click();
  await expect(page.getByText('O ID da pulseira tem 6 dígitos.')).toBeVisible();
  await code.fill(SPARE_BRACELET);
  await page.getByLabel('Código secreto (no interior da pulseira)').fill(SPARE_SECRET);
  await page.getByRole('textbox', { name: /Telemóvel/ }).fill(rui.mobile);
  await page.getByLabel('Palavra-passe').fill(rui.password);
  await page.getByRole('checkbox').check();
  await page.getByTestId('quick-charge-continue').click();
  await expect(page.getByTestId('quick-charge-amount')).toContainText(`Pulseira ${SPARE_BRACELET} associada`);
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('customer_token') ?? '';
    try {
      return String(JSON.parse(raw));
    } catch {
      return raw;
    }
  });
  const wallet = await walletOf(page.request, token);
  await page.getByRole('button', { name: eur(2000).replace(/ /g, '\u00a0'), exact: true }).click();
  await page.getByTestId('topup-submit').click(); // the same checkout, still inside /site/:slug

  // The top-up paid in the sandbox lands on the bracelet: the bar's till sees it.
  await payTopUpInCheckout(page, 2000, rui.mobile, '07-quick-charge-topup');
  await expect(page).toHaveURL(/\/site\/festival-demo\/wallet$/);
  const till = await page.request.get(`/api/stations/bracelets/${SPARE_BRACELET}`, {
    headers: { 'x-station-key': BAR_KEY },
  });
  expect(((await till.json()) as { data: { balance_cents: number; linked: boolean } }).data).toMatchObject({
    balance_cents: wallet.wallet.balance_cents + 2000,
    linked: true,
  });
  await screenshotBoth(page, '07-quick-charge-linked');

  // An event without online top-up shows where to go instead.
  await page.goto('/site/festival-passado/wallet');
  await expect(page.getByTestId('topup-unavailable')).toContainText('ponto de carregamento');
  await context.close();
});
