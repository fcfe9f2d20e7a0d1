import fs from 'node:fs';
import { expect, test, type Page } from '../support/test';
import {
  buyTickets,
  expectNoA11yViolations,
  lastOutboxMessage,
  loginByApi,
  newCustomer,
  screenshotBoth,
} from '../support/helpers';

async function closeAlert(page: Page, expected: RegExp | string) {
  const alert = page.getByTestId('alert-modal');
  await expect(alert).toContainText(expected);
  await alert.getByRole('button').last().click();
  await expect(alert).toHaveCount(0);
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file!, 'utf8') };
}

test.describe('customer dashboard, event info and account', () => {
  test('Ana filters her events, opens festival-demo info, downloads the .ics, edits her data, exports it', async ({
    page,
  }) => {
    // a long journey on a shared 2-core machine: more than the default minute
    test.setTimeout(150_000);
    // this spec's own Ana (the edits below change only her), with a festival-demo ticket
    const ana = await newCustomer(page.request, { first_name: 'Ana', last_name: 'Silva' });
    await buyTickets(page.request, ana, 'festival-demo', (event) => [
      { ticket_id: event.ticket_types.find((t) => /dia 1$/.test(t.name))!.id, qty: 1 },
    ]);
    await loginByApi(page, ana);
    await expect(page.getByRole('heading', { level: 1, name: 'Os seus eventos' })).toBeVisible();
    const festival = page.locator('[data-testid="customer-event"][data-slug="festival-demo"]');
    await expect(festival).toBeVisible();
    await expect(festival).toContainText('Parque Tejo');

    const filters = page.getByRole('group', { name: 'Filtrar eventos' });
    await filters.getByRole('button', { name: 'Finalizados' }).click();
    await expect(filters.getByRole('button', { name: 'Finalizados' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page).toHaveURL(/filter=finalized/);
    await expect(festival).toHaveCount(0);
    await filters.getByRole('button', { name: 'Em breve' }).click();
    await expect(festival).toBeVisible();
    await filters.getByRole('button', { name: 'Todos' }).click();
    await expect(festival).toBeVisible();
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '08-dashboard-home');

    // access the event, then its info area through the event menu
    await festival.getByRole('button', { name: /Aceder ao evento/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/tickets$/);
    const menu = page.getByTestId('event-menu');
    await menu.getByRole('link', { name: 'Informações' }).click();
    await expect(page).toHaveURL(/\/dashboard\/info$/);
    await expect(menu.getByRole('link', { name: 'Informações' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('event-menu-name')).toContainText('Festival');
    await expect(page.getByTestId('info-address')).toContainText('Parque Tejo');
    await expect(page.getByTestId('map-osm')).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=/);
    await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
      'href',
      /action=TEMPLATE/,
    );
    await expect(page.getByTestId('support-email')).toHaveAttribute('href', /^mailto:/);
    const ics = await downloadText(page, () =>
      page.getByRole('button', { name: 'Descarregar .ics' }).click(),
    );
    expect(ics.name).toBe('festival-demo.ics');
    expect(ics.text).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    // message to the organiser: too short, then sent
    await page.getByLabel(/^Mensagem/).fill('Olá');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(page.getByText('A mensagem deve ter pelo menos 10 caracteres.')).toBeVisible();
    await page.getByLabel(/^Mensagem/).fill('Há lugares sentados junto ao palco principal?');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await closeAlert(page, 'Mensagem enviada');
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '08-event-info');

    // account: billing data with a bad IBAN, then a missing required field, then saved
    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { level: 1, name: 'A sua conta' })).toBeVisible();
    const form = page.getByTestId('account-form');
    await form.getByLabel('Data de nascimento').fill('1990-05-15');
    await form.getByLabel('Nome para a fatura').fill('Ana Silva Unipessoal');
    await form.getByLabel('Código postal').fill('1200-195');
    await form.locator('input[name="iban"]').fill('PT50 0002 0123 1234 5678 9015 5');
    await form.getByRole('button', { name: 'Guardar alterações' }).click();
    await closeAlert(page, 'Verifique os campos assinalados.');
    await expect(form.getByText('IBAN inválido', { exact: false })).toBeVisible();
    await expect(form.locator('input[name="iban"]')).toHaveAttribute('aria-invalid', 'true');

    await form.locator('input[name="iban"]').fill('PT50 0002 0123 1234 5678 9015 4');
    await form.getByLabel(/^Apelido/).fill('');
    await form.getByRole('button', { name: 'Guardar alterações' }).click();
    await closeAlert(page, 'Preencha os campos obrigatórios');
    await expect(form.getByLabel(/^Apelido/)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(/^Apelido/)).toBeFocused();
    await screenshotBoth(page, '08-account-errors');

    await form.getByLabel(/^Apelido/).fill('Silva');
    await form.getByRole('button', { name: 'Guardar alterações' }).click();
    await closeAlert(page, 'Registo atualizado');
    await expect(form.locator('input[name="iban"]')).toHaveValue('PT50000201231234567890154');
    await page.reload();
    await expect(page.getByTestId('account-form').getByLabel('Nome para a fatura')).toHaveValue(
      'Ana Silva Unipessoal',
    );

    // quiet toggle: saved without a loading indicator, survives a reload
    const invoice = page.getByRole('checkbox', { name: 'Receber as faturas por e-mail' });
    const before = await invoice.isChecked();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/customers/customer') && r.request().method() === 'POST',
    );
    await invoice.click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Receber as faturas por e-mail' })).toBeChecked({
      checked: !before,
    });

    // portability: the file downloads and holds her data
    const xml = await downloadText(page, () =>
      page.getByRole('button', { name: 'Descarregar os meus dados' }).click(),
    );
    expect(xml.name).toMatch(/^bilheteira-dados-\d+-\d{4}-\d{2}-\d{2}\.xml$/);
    expect(xml.text).toContain(`<email>${ana.email}</email>`);
    expect(xml.text).toContain(`<mobile>${ana.e164}</mobile>`);
    expect(xml.text).toContain('<name_billing>Ana Silva Unipessoal</name_billing>');
    expect(xml.text).toMatch(/<orders>\s*<order>/);
    await closeAlert(page, 'Dados exportados');
    await page.getByRole('radio', { name: 'JSON' }).check();
    const json = await downloadText(page, () =>
      page.getByRole('button', { name: 'Descarregar os meus dados' }).click(),
    );
    expect(json.name).toMatch(/\.json$/);
    expect((JSON.parse(json.text) as { customer: { email: string } }).customer.email).toBe(ana.email);
    await closeAlert(page, 'Dados exportados');
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '08-account');
  });

  test('a fresh customer asks to be forgotten, confirms by the emailed link and is gone', async ({
    page,
  }) => {
    const stamp = Date.now().toString().slice(-6);
    const mobile = `96${stamp}1`;
    const email = `esquecer.${stamp}@example.pt`;
    const reg = await page.request.post('/api/customers/register', {
      data: {
        first_name: 'Teodora',
        last_name: `Esquecida${stamp}`,
        email,
        mobile_country_code: '351',
        mobile,
        password: 'Apagar!2026x',
        password_confirmation: 'Apagar!2026x',
        accepted_terms: true,
      },
    });
    expect(reg.ok(), await reg.text()).toBe(true);
    const sms = await lastOutboxMessage(page, `+351${mobile}`);
    const act = await page.request.post('/api/customers/activate', {
      data: { mobile_country_code: '351', mobile, code: String(sms!.meta.code) },
    });
    expect(act.ok(), await act.text()).toBe(true);
    await loginByApi(
      page,
      { mobile, password: 'Apagar!2026x', e164: `+351${mobile}` },
      '/dashboard/account/forget',
    );

    await expect(page.getByRole('heading', { level: 1, name: 'Esquecer os meus dados' })).toBeVisible();
    await expect(page.getByTestId('forget-tickets')).toContainText('cancelados');
    await expectNoA11yViolations(page);
    await screenshotBoth(page, '08-forget-request');
    await page.getByRole('button', { name: 'Pedir o esquecimento dos dados' }).click();
    await page.getByTestId('alert-modal').getByRole('button', { name: 'Sim, enviar ligação' }).click();
    await closeAlert(page, 'Verifique o seu e-mail');
    await expect(page.getByTestId('forget-sent')).toBeVisible();

    const mail = await lastOutboxMessage(page, email);
    const link = new URL(String(mail!.meta.link));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('forget-confirm')).toBeVisible();
    await screenshotBoth(page, '08-forget-confirm');
    await page.getByRole('button', { name: 'Apagar definitivamente os meus dados' }).click();
    await page.getByTestId('alert-modal').getByRole('button', { name: 'Sim, apagar' }).click();
    await closeAlert(page, 'Dados apagados');
    await expect(page).toHaveURL(/\/$/);

    // logged out: the dashboard sends home, and the old number no longer logs in
    await page.goto('/dashboard/home');
    await expect(page).not.toHaveURL(/\/dashboard/);
    const again = await page.request.post('/api/customers/login-password', {
      data: { mobile_country_code: '351', mobile, password: 'Apagar!2026x' },
    });
    expect(again.status()).toBe(401);
  });

  test('unsubscribe page refuses an incomplete link without login', async ({ page }) => {
    await page.goto('/unsub');
    await expect(page.getByRole('heading', { level: 1, name: 'Cancelar subscrição' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('incompleta');
    await page.goto('/unsub?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByRole('alert')).toContainText('inválida');
    await expectNoA11yViolations(page);
  });
});
