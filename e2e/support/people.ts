import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { expect, type Browser, type Locator, type Page } from './test';
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
