import { expect, test, type Page } from '../support/test';
import { expectNoA11yViolations, loginByApi, newCustomer, screenshotBoth } from '../support/helpers';

/**
 * Checkout with Stripe configured (run with STRIPE_SECRET_KEY=sk_test_… and
 * STRIPE_PUBLISHABLE_KEY=pk_test_… in the environment; skipped with the sandbox). This machine
 * cannot reach stripe.com, so the two Stripe edges are played by the test: Stripe.js
 * (js.stripe.com, a stand-in served through the real CSP) and the PaymentIntent the server
 * would get from api.stripe.com (the pay and return answers). What is real: the provider
 * config, the CSP, the checkout steps, the on-demand load of Stripe.js, confirmPayment's
 * return_url and the /payment/redirects page.
 */
const FAKE_STRIPE_JS = `
window.Stripe = function (key, opts) {
  window.__stripeInit = { key: key, opts: opts };
  return {
    elements: function (o) {
      window.__elementsInit = o;
      return {
        create: function (type) {
          var ready;
          return {
            on: function (name, cb) { if (name === 'ready') ready = cb; return this; },
            mount: function (node) {
              node.innerHTML = '<label style="display:block">Número do cartão (Stripe)<input style="display:block;border:1px solid #64748b;padding:8px;width:100%" autocomplete="cc-number"></label>';
              setTimeout(function () { ready && ready(); }, 50);
            },
            destroy: function () {},
          };
        },
      };
    },
    confirmPayment: function (p) {
      window.__confirm = p.confirmParams;
      location.assign(p.confirmParams.return_url + '?payment_intent=pi_e2e_1&payment_intent_client_secret=pi_e2e_1_secret_e2e&redirect_status=succeeded');
      return new Promise(function () {});
    },
  };
};`;

async function stripeEdges(page: Page) {
  const stripeScripts: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    stripeScripts.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  let orderId = 0;
  await page.route(/\/api\/orders\/\d+\/pay$/, async (route) => {
    orderId = Number(/orders\/(\d+)\/pay/.exec(route.request().url())![1]);
    const order = await (
      await route.fetch({
        url: route
          .request()
          .url()
          .replace(/\/pay$/, ''),
        method: 'GET',
      })
    ).json();
    const payment = {
      id: 1,
      reference: 'pi_e2e_1',
      provider: 'stripe',
      method: 'card',
      status: 'pending',
      amount_cents: order.data.total_cents,
      expires_at: null,
      redirect_url: null,
      client_secret: 'pi_e2e_1_secret_e2e',
      display: 'Card',
      created_at: new Date().toISOString(),
    };
    await route.fulfill({ json: { data: { payment, order: order.data } } });
  });
  await page.route('**/api/payments/pi_e2e_1/return', (route) =>
    route.fulfill({
      json: {
        data: {
          payment: {
            id: 1,
            reference: 'pi_e2e_1',
            provider: 'stripe',
            method: 'card',
            status: 'approved',
            amount_cents: 0,
            expires_at: null,
            redirect_url: null,
            client_secret: null,
            display: 'Card',
            created_at: new Date().toISOString(),
          },
          order_id: orderId,
          order_status: 'paid',
        },
      },
    }),
  );
  return stripeScripts;
}

test('card with Stripe: Payment Element, confirmPayment → /payment/redirects → paid', async ({ page }) => {
  const config = (await (await page.request.get('/api/payments/config')).json()).data;
  test.skip(config.provider !== 'stripe', 'the server runs the sandbox (no STRIPE_SECRET_KEY)');
  expect(config.publishable_key).toMatch(/^pk_/);
  const stripeScripts = await stripeEdges(page);

  // this spec's own Rui: his cart holds only what this test adds
  const rui = await newCustomer(page.request, { first_name: 'Rui', last_name: 'Costa' });
  await loginByApi(page, rui, '/events/teatro-demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Teatro Demo' })).toBeVisible();
  await page.getByRole('group', { name: 'Data da sessão' }).getByRole('radio').nth(1).check({ force: true });
  await page.getByRole('button', { name: 'Mais um bilhete Normal', exact: true }).click();
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await page.getByTestId('cart-panel').getByTestId('cart-checkout').click();

  const modal = page.getByTestId('checkout-modal');
  await modal.getByTestId('checkout-continue').click();
  await modal.getByLabel('NIF (contribuinte)').fill('123456789');
  await modal.getByLabel('Código postal').fill('1000-001');
  await modal.getByTestId('checkout-billing-continue').click();

  // no Stripe.js until the customer pays by card; no card fields of ours
  await modal.getByText('Cartão', { exact: true }).click();
  await expect(modal.getByTestId('stripe-note')).toBeVisible();
  await expect(modal.getByLabel('Número do cartão')).toHaveCount(0);
  expect(stripeScripts).toEqual([]);
  await modal.getByTestId('checkout-pay').click();

  const element = modal.getByTestId('stripe-payment-element');
  await expect(element.getByLabel('Número do cartão (Stripe)')).toBeVisible();
  expect(stripeScripts).toHaveLength(1);
  expect(
    await page.evaluate(() => (window as unknown as { __elementsInit: unknown }).__elementsInit),
  ).toEqual({
    clientSecret: 'pi_e2e_1_secret_e2e',
    locale: 'pt',
  });
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '05b-stripe-element');

  await modal.getByTestId('stripe-confirm').click();
  await expect(page).toHaveURL(/\/payment\/redirects\?payment_intent=pi_e2e_1/);
  await expect(page.getByTestId('redirect-paid')).toBeVisible();
  await screenshotBoth(page, '05b-stripe-redirect-paid');
});
