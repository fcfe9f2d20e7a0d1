import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from './test';
import { lastOutboxMessage } from './helpers';

/** People of a back-office story: their own browsers, invitations, sign-in and counted steps. */

/** The invitation link the API emailed to `email` (development outbox). */
export async function invitationLink(page: Page, email: string): Promise<string> {
  const mail = await lastOutboxMessage(page, email);
  expect(mail, `no email to ${email}`).toBeDefined();
  return new URL(String(mail!.meta.link)).pathname;
}

/** A person of their own: a fresh browser context (own cookies, storage and address). */
export async function personPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'X-Forwarded-For': `10.26.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  return context.newPage();
}

/** Accepts an invitation as a new user: name, password twice. */
export async function acceptAsNewUser(page: Page, link: string, name: string, password: string) {
  await page.goto(link);
  await expect(page.getByTestId('accept-form')).toBeVisible();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Palavra-passe', { exact: true }).fill(password);
  await page.getByLabel('Repita a palavra-passe').fill(password);
  await page.getByRole('button', { name: 'Criar conta e entrar' }).click();
}

/** What the organiser does, counted: each click, each field filled or option chosen is a step. */
export function counter(page: Page) {
  let steps = 0;
  return {
    get steps() {
      return steps;
    },
    click: async (l: Locator) => {
      steps += 1;
      await l.click();
    },
    fill: async (l: Locator, value: string) => {
      steps += 1;
      await l.fill(value);
    },
    upload: async (l: Locator, file: { name: string; mimeType: string; buffer: Buffer }) => {
      steps += 1;
      await l.setInputFiles(file);
    },
    select: async (l: Locator, value: string) => {
      steps += 1;
      await l.selectOption(value);
    },
    page,
  };
}

/**
 * Signs `who` in to the back office with their password and a TOTP code. `codeAhead`: a code
 * one step ahead, for a person whose current code was already used (a code is accepted once).
 */
export async function signInWithTotp(
  page: Page,
  who: { email: string; password: string; totpSecret: string },
  { codeAhead = false } = {},
) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Palavra-passe').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const epoch = Math.floor(Date.now() / 1000) + (codeAhead ? 30 : 0);
  await page.getByLabel('Código', { exact: true }).fill(await generate({ secret: who.totpSecret, epoch }));
  await page.getByRole('button', { name: 'Verificar' }).click();
}

/**
 * A member of an organiser's team with `role`, invited by the owner (whose session is in
 * `ownerRequest`) and joined in a request context of their own: invitation accepted with a
 * password, signed in, TOTP set up. Answers what they sign in with.
 */
export async function newTeamMember(
  ownerRequest: APIRequestContext,
  organizer: { id: number; headers: { 'x-csrf-token': string } },
  memberRequest: APIRequestContext,
  { role, name }: { role: string; name: string },
) {
  const email = `${role}-${Date.now()}${randomInt(1000)}@promotora-e2e.pt`;
  const invited = await ownerRequest.post(`/api/backoffice/organizers/${organizer.id}/invitations`, {
    headers: organizer.headers,
    data: { email, role },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const outbox = await memberRequest.get(`/api/dev/outbox?recipient=${encodeURIComponent(email)}`);
  const mails = ((await outbox.json()) as { data: { meta: { link?: string } }[] }).data;
  const link = mails.find((m) => m.meta.link)?.meta.link;
  expect(link, `no invitation to ${email}`).toBeTruthy();
  const token = new URL(link!).pathname.split('/').pop()!;
  const password = 'Equipa!2026-e2e-seguro';
  const accept = await memberRequest.post(`/api/backoffice/invitations/${token}/accept`, {
    data: { name, password },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  const login = await memberRequest.post('/api/backoffice/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = {
    'x-csrf-token': ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token,
  };
  const setup = await memberRequest.post('/api/backoffice/auth/totp/setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const totpSecret = ((await setup.json()) as { data: { secret: string } }).data.secret;
  const enable = await memberRequest.post('/api/backoffice/auth/totp/enable', {
    headers,
    data: { code: await generate({ secret: totpSecret }) },
  });
  expect(enable.ok(), await enable.text()).toBe(true);
  return { email, password, totpSecret };
}
