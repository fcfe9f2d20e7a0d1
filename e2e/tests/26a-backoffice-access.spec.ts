import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { expect, test, type Browser, type Page } from '../support/test';
import { expectNoA11yViolations, lastOutboxMessage, screenshotBoth } from '../support/helpers';
import { randomNif, submitOrganizerRequest } from '../support/organizer';

/**
 * Issue 26, items 1, 2 and 6 (the back office's first slice), as people would: someone asks
 * for an organiser account on the public API; the platform operator signs in with TOTP and
 * approves it; the invited owner sets a password and TOTP and invites an event manager, who
 * joins and sees only what the role permits; one screen in en and es; an expired session
 * goes back to the sign-in page saying so.
 */

const OPERATOR = {
  email: 'operador@bilheteira.pt',
  password: 'Operador!2026demo',
  totpSecret: 'BILHETEIRAOPERADORDEMOTOTPSEEDAA',
};
const DEMO_OWNER = {
  email: 'dono@promotora-demo.pt',
  password: 'Promotora!2026demo',
  totpSecret: 'PROMOTORADEMOOWNERTOTPSEEDAAAAAA',
};
const OWNER_PASSWORD = 'Promotor!2026-e2e-seguro';
const MANAGER_PASSWORD = 'Gestor!2026-e2e-seguro';

/** The invitation link the API emailed to `email` (development outbox). */
async function invitationLink(page: Page, email: string): Promise<string> {
  const mail = await lastOutboxMessage(page, email);
  expect(mail, `no email to ${email}`).toBeDefined();
  return new URL(String(mail!.meta.link)).pathname;
}

/** A person of their own: a fresh browser context (own cookies and storage). */
async function personPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

/** Accepts an invitation as a new user: name, password twice. */
async function acceptAsNewUser(page: Page, link: string, name: string, password: string) {
  await page.goto(link);
  await expect(page.getByTestId('accept-form')).toBeVisible();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByLabel('Repita a palavra-passe').fill(password);
  await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
}

test('operator approves a request; the owner sets up TOTP and invites an event manager, who joins', async ({
  page,
  browser,
  baseURL,
}) => {
  // about 35 s on an idle 2-core machine; shared CI runners are slower
  test.setTimeout(150_000);
  const stamp = `${Date.now()}${randomInt(1000)}`;
  const owner = { email: `dona-${stamp}@festival-e2e.pt`, company: `Festival Mondego ${stamp}` };
  const managerEmail = `gestor-${stamp}@festival-e2e.pt`;
  await submitOrganizerRequest(page.request, owner);

  // the operator signs in: a wrong password first (the API's message), then password + TOTP
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/login/);
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Palavra-passe').fill('Errada!2026-nao');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Email ou palavra-passe incorretos.');
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26a-login');
  await page.getByLabel('Palavra-passe').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em dois passos' })).toBeVisible();
  // a code one step ahead: the e2e set-up signed the operator in with the current one
  await page
    .getByLabel('Código', { exact: true })
    .fill(await generate({ secret: OPERATOR.totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Operador Bilheteira' })).toBeVisible();

  // the queue: the request is there; a bad NIF is refused, a good one approves it
  await page.getByTestId('nav-requests').click();
  const table = page.getByTestId('requests-table');
  await expect(table).toContainText(owner.company);
  await expect(page.getByTestId('requests-total')).toHaveText(/^\d+ pedidos? à espera de decisão\.$/);
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26a-requests');
  await page.getByTestId(`approve-${owner.email}`).click();
  const dialog = page.getByTestId('approve-dialog');
  await dialog.getByLabel('NIF da empresa').fill('123456780');
  await dialog.getByLabel('IBAN para pagamentos').fill('PT50 0002 0123 1234 5678 9015 4');
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(dialog.getByText('NIF inválido.')).toBeVisible();
  await dialog.getByLabel('NIF da empresa').fill(randomNif());
  await expectNoA11yViolations(page);
  await screenshotBoth(page, '26a-approve-dialog');
  await dialog.getByRole('button', { name: 'Aprovar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice')).toBeVisible();
  await expect(table).not.toContainText(owner.company);

  // the owner opens the invitation: name, password, then TOTP with recovery codes
  const ownerPage = await personPage(browser, baseURL);
  await acceptAsNewUser(ownerPage, await invitationLink(page, owner.email), 'Inês Carvalho', OWNER_PASSWORD);
  const setup = ownerPage.getByTestId('totp-setup');
  await expect(setup).toBeVisible();
  await expect(setup.getByRole('img', { name: 'Código QR para a aplicação de autenticação' })).toBeVisible();
  await expectNoA11yViolations(ownerPage);
  await screenshotBoth(ownerPage, '26a-totp-setup');
  const secret = (await ownerPage.getByTestId('totp-secret').getAttribute('data-secret'))!;
  await ownerPage.getByLabel('Código da aplicação').fill(await generate({ secret }));
  await ownerPage.getByRole('button', { name: 'Ativar' }).click();
  await expect(ownerPage.getByTestId('recovery-code')).toHaveCount(10);
  await screenshotBoth(ownerPage, '26a-recovery-codes');
  const next = ownerPage.getByRole('button', { name: 'Continuar' });
  await expect(next).toBeDisabled();
  await ownerPage.getByTestId('recovery-kept').check();
  await next.click();
  await expect(ownerPage.getByRole('heading', { name: 'Olá, Inês Carvalho' })).toBeVisible();
  await expect(ownerPage.getByTestId('current-organizer')).toHaveText(owner.company);

  // the owner invites an event manager
  await ownerPage.getByTestId('nav-team').click();
  await ownerPage.getByTestId('invite').click();
  const invite = ownerPage.getByTestId('invite-dialog');
  await invite.getByLabel('Email').fill(managerEmail);
  await invite.getByLabel('Papel').selectOption('event_manager');
  await expect(invite.getByTestId('role-permissions')).toContainText('Criar e editar eventos');
  await expectNoA11yViolations(ownerPage);
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(invite).toBeHidden();
  await expect(ownerPage.getByTestId('invitations')).toContainText(managerEmail);

  // the manager joins (no second factor for the role) and sees no team page
  const managerPage = await personPage(browser, baseURL);
  await acceptAsNewUser(
    managerPage,
    await invitationLink(page, managerEmail),
    'Rui Gestor',
    MANAGER_PASSWORD,
  );
  await expect(managerPage.getByRole('heading', { name: 'Olá, Rui Gestor' })).toBeVisible();
  await expect(managerPage.getByTestId('membership')).toContainText('Gestor de eventos');
  await expect(managerPage.getByTestId('nav-sessions')).toBeVisible();
  await expect(managerPage.getByTestId('nav-team')).toHaveCount(0);
  await expect(managerPage.getByTestId('nav-requests')).toHaveCount(0);

  // an existing back-office user (the demo promoter's owner) is invited as an admin: she
  // signs in from the invitation, joins, and switches between her two organisers
  await ownerPage.getByTestId('invite').click();
  await invite.getByLabel('Email').fill(DEMO_OWNER.email);
  await invite.getByLabel('Papel').selectOption('admin');
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(invite).toBeHidden();
  const demoPage = await personPage(browser, baseURL);
  await demoPage.goto(await invitationLink(page, DEMO_OWNER.email));
  await expect(demoPage.getByTestId('invitation-summary')).toContainText('como Administrador');
  await expect(demoPage.getByLabel('Email')).toHaveValue(DEMO_OWNER.email);
  await demoPage.getByLabel('Palavra-passe').fill(DEMO_OWNER.password);
  await demoPage.getByRole('button', { name: 'Entrar' }).click();
  // a code one step ahead: other specs may sign the demo owner in with the current one
  await demoPage
    .getByLabel('Código', { exact: true })
    .fill(await generate({ secret: DEMO_OWNER.totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await demoPage.getByRole('button', { name: 'Verificar' }).click();
  await demoPage.getByTestId('join').click();
  // her organisers: this one as an admin, promotora-demo as its owner (and any others)
  await expect(demoPage.getByTestId('membership').filter({ hasText: owner.company })).toContainText(
    'Administrador',
  );
  await expect(demoPage.getByTestId('membership').filter({ hasText: 'Promotora Demo' })).toContainText(
    'Proprietário',
  );
  const switcher = demoPage.getByTestId('organizer-switcher');
  await expect(switcher).toContainText('Promotora Demo');
  await switcher.selectOption({ label: `${owner.company} · Administrador` });
  await demoPage.getByTestId('nav-team').click();
  await expect(demoPage.getByRole('heading', { name: 'Equipa' })).toBeVisible();
  await expect(demoPage.getByTestId('members-table')).toContainText('Rui Gestor');
  await switcher.selectOption({ label: 'Promotora Demo · Proprietário' });
  await expect(demoPage).toHaveURL(/\/organizers\/\d+\/team$/);
  await expect(demoPage.getByTestId('members-table')).not.toContainText('Rui Gestor');
  await expect(demoPage.getByTestId('members-table')).toContainText(DEMO_OWNER.email);
  await demoPage.context().close();

  // the owner's team now lists everyone, with their roles
  await ownerPage.reload();
  const members = ownerPage.getByTestId('members-table');
  await expect(members).toContainText('Rui Gestor');
  await expect(ownerPage.getByTestId(`role-${managerEmail}`)).toHaveValue('event_manager');
  await expectNoA11yViolations(ownerPage);
  await screenshotBoth(ownerPage, '26a-team');

  // at 390 px the navigation is a drawer
  await managerPage.setViewportSize({ width: 390, height: 844 });
  await managerPage.getByTestId('menu-button').click();
  const drawer = managerPage.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByTestId('nav-sessions')).toBeVisible();
  await expectNoA11yViolations(managerPage);
  await drawer.getByTestId('nav-sessions').click();
  await expect(drawer).toBeHidden();
  await managerPage.setViewportSize({ width: 1280, height: 800 });

  // one screen in English and Spanish: the manager's sessions
  await managerPage.getByTestId('nav-sessions').click();
  await expect(managerPage.getByTestId('sessions-table')).toContainText('Este dispositivo');
  await managerPage.getByTestId('language').first().selectOption('en');
  await expect(managerPage.getByRole('heading', { name: 'My sessions' })).toBeVisible();
  await expect(managerPage.getByTestId('sessions-table')).toContainText('This device');
  await expectNoA11yViolations(managerPage);
  await screenshotBoth(managerPage, '26a-sessions-en');
  await managerPage.getByTestId('language').first().selectOption('es');
  await expect(managerPage.getByRole('heading', { name: 'Mis sesiones' })).toBeVisible();
  await expect(managerPage.locator('html')).toHaveAttribute('lang', 'es');

  // the session ends elsewhere: the next call goes back to the sign-in page, which says why
  await managerPage.context().clearCookies();
  await managerPage.getByTestId('nav-home').click();
  await managerPage.getByTestId('nav-sessions').click();
  await expect(managerPage).toHaveURL(/\/backoffice\/login\?expired=1/);
  await expect(managerPage.getByTestId('session-expired')).toBeVisible();

  // the operator signs out
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/backoffice\/login$/);
  await ownerPage.context().close();
  await managerPage.context().close();
});
