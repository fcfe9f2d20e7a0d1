import { expect, test } from '../support/test';
import { expectNoA11yViolations, freshMobile, lastOutboxMessage, screenshotBoth } from '../support/helpers';
import { fillOrganizerForm, solveCaptcha } from '../support/organizer';

const marta = { firstName: 'Marta', lastName: 'Lopes', company: 'Lopes Eventos, Lda.' };

test.describe('organiser account request', () => {
  test('create event: invalid email, captcha, success, confirmation email, duplicate refused', async ({
    page,
  }) => {
    const mobile = freshMobile();
    const email = `marta.${mobile}.${Date.now()}@lopes-eventos.pt`;
    await page.goto('/');
    await page.getByTestId('site-header').getByRole('button', { name: 'Criar evento' }).click();
    const modal = page.getByTestId('create-event-modal');
    await expect(modal.getByRole('heading', { name: 'Criar evento' })).toBeVisible();

    await fillOrganizerForm(page, { ...marta, email: 'marta@lopes', mobile });
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'strong');
    await modal.getByRole('button', { name: 'Enviar pedido' }).click();
    const alert = page.getByTestId('alert-modal');
    await expect(alert).toContainText('Erro no E-mail');
    await expect(alert).toContainText('Por favor, insira um e-mail válido.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(modal.getByLabel('E-mail')).toBeFocused();

    await modal.getByLabel('E-mail').fill(email);
    await solveCaptcha(page);
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '09-create-event-modal');
    await modal.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(alert).toHaveAttribute('data-alert-type', 'success');
    await expect(alert).toContainText('Pedido enviado com sucesso!');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toHaveCount(0);

    const mail = await lastOutboxMessage(page, email);
    expect(mail?.subject).toBe('Recebemos o seu pedido de conta de organizador');
    expect(mail?.body).toContain('Olá Marta');

    // The same email again, from the /create-account page: refused with a clear message.
    await page.goto('/create-account');
    await expect(page.getByRole('heading', { level: 1, name: 'Criar conta de organizador' })).toBeVisible();
    await fillOrganizerForm(page, { ...marta, email, mobile });
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(alert).toHaveAttribute('data-alert-type', 'error');
    await expect(alert).toContainText('Já existe um pedido de conta de organizador com este e-mail.');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('organizer-request-form')).toContainText(
      'Já existe um pedido de conta de organizador com este e-mail.',
    );
    // The used captcha was reset: a new attempt needs a new proof of work.
    await expect(page.getByTestId('captcha')).toHaveAttribute('data-verified', 'false');
    await screenshotBoth(page, '09-create-account-page');
  });
});

test.describe('event mini-site', () => {
  test.setTimeout(120_000);
  test('a customer registers and logs in without leaving /site/festival-demo, with no site header or footer', async ({
    page,
  }) => {
    const base = '/site/festival-demo';
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const noSiteChrome = async () => {
      await expect(page.getByTestId('site-header')).toHaveCount(0);
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
      await expect(page.getByTestId('minisite-bar')).toBeVisible();
    };

    // The landing page: event details and tickets, the event is the current one (Event-Id).
    const eventCall = page.waitForRequest((r) => r.url().includes('/api/events/festival-demo'));
    await page.goto(base);
    await eventCall;
    await expect(page.getByRole('heading', { level: 1, name: 'Festival Demo' })).toBeVisible();
    await noSiteChrome();
    await expect(
      page.getByTestId('minisite-footer').getByRole('link', { name: 'Termos do evento' }),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '09-minisite-home');

    // Register from the mini-site account page with a new number, activation code by SMS.
    const national = freshMobile();
    await page.getByTestId('minisite-bar').getByRole('link', { name: 'A minha conta' }).click();
    await expect(page).toHaveURL(`${base}/account`);
    await noSiteChrome();
    await screenshotBoth(page, '09-minisite-login');
    await page.getByTestId('login-form').getByRole('link', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/account/register`));
    await noSiteChrome();
    const form = page.locator('main');
    await form.getByLabel('Nome', { exact: true }).fill('Inês');
    await form.getByLabel('Apelido').fill('Moura');
    await form.getByLabel('E-mail', { exact: true }).fill(`ines.${national}@exemplo.pt`);
    await form.getByLabel('Telemóvel').fill(national);
    await form.getByLabel('Palavra-passe', { exact: true }).fill('Festa!Verao2026');
    await form.getByLabel('Confirmar palavra-passe').fill('Festa!Verao2026');
    await form.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByTestId('register-activate')).toBeVisible();
    const sms = await lastOutboxMessage(page, `+351${national}`);
    await page.getByLabel('Código SMS').fill(String(sms?.meta.code));
    await page.getByRole('button', { name: 'Ativar conta' }).click();
    const alert = page.getByTestId('alert-modal');
    await expect(alert).toContainText('Conta ativada');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${base}/account/your-account`);
    await expect(page.getByTestId('minisite-welcome')).toHaveText('Olá, Inês');
    await noSiteChrome();
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '09-minisite-your-account');

    // Log out, then log in again through the mini-site login.
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await alert.getByRole('button', { name: 'Sim' }).click();
    await expect(page).toHaveURL(base);
    await page.getByTestId('minisite-bar').getByRole('link', { name: 'A minha conta' }).click();
    await page.getByLabel('Telemóvel').fill(national);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByLabel('Palavra-passe').fill('Festa!Verao2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(alert).toContainText('Sessão iniciada');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${base}/account/your-account`);

    // Buy a ticket on the mini-site: cart, checkout, MB WAY sandbox, back to the mini-site.
    await page.getByRole('link', { name: /Comprar bilhetes/ }).click();
    await expect(page).toHaveURL(base);
    await page.getByRole('button', { name: 'Mais um bilhete Passe 3 dias', exact: true }).click();
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const cart = page.getByTestId('cart-panel');
    await expect(cart.getByTestId('cart-line')).toHaveCount(1);
    await screenshotBoth(page, '09-minisite-cart');
    await cart.getByTestId('cart-checkout').click();
    const checkout = page.getByTestId('checkout-modal');
    await expect(checkout.getByRole('heading', { name: 'Resumo da encomenda' })).toBeVisible();
    await checkout.getByTestId('checkout-continue').click();
    await expect(checkout.getByRole('heading', { name: 'Dados de faturação' })).toBeVisible();
    await checkout.getByLabel('Nome para a fatura').fill('Inês Moura');
    await checkout.getByLabel('NIF (contribuinte)').fill('123456789');
    await checkout.getByLabel('Código postal').fill('1000-001');
    await checkout.getByTestId('checkout-billing-continue').click();
    await expect(checkout.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
    await checkout.getByText('MB WAY', { exact: true }).click();
    await checkout.getByLabel('Telemóvel MB WAY').fill(national);
    await checkout.getByTestId('checkout-pay').click();
    await expect(checkout.getByTestId('checkout-success')).toBeVisible({ timeout: 30_000 });
    await checkout.getByTestId('checkout-see-tickets').click();
    await expect(page).toHaveURL(base);
    await noSiteChrome();
    await page.getByTestId('minisite-bar').getByRole('link', { name: 'Inês' }).click();
    await expect(page).toHaveURL(`${base}/account/your-account`);

    // Billing and terms pages stay inside the mini-site too.
    await page.getByRole('link', { name: /Dados de faturação/ }).click();
    await expect(page).toHaveURL(`${base}/billing`);
    await noSiteChrome();
    await page.getByTestId('minisite-footer').getByRole('link', { name: 'Termos do evento' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Termos e condições do evento' })).toBeVisible();
    await noSiteChrome();

    expect(visited.length).toBeGreaterThan(0);
    for (const p of visited) expect(p.startsWith(base)).toBe(true);
  });

  test('the e-mail campaign page and the unknown-event page', async ({ page }) => {
    await page.goto('/sitemail/festival-demo');
    await expect(page.getByRole('link', { name: 'Comprar bilhetes' })).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '09-sitemail');
    await page.goto('/site/nao-existe');
    await expect(page.getByText('404 Organizador/Evento não encontrado')).toBeVisible();
  });
});
