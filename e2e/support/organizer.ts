import { randomInt } from 'node:crypto';
import { expect, request as requests, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { generate } from 'otplib';
import { freshMobile } from './helpers';

/** A valid Portuguese company NIF (5xxxxxxx + mod-11 check digit), different each run. */
export function randomNif(): string {
  const body = `5${String(randomInt(10_000_000)).padStart(7, '0')}`;
  const sum = [...body].reduce((acc, ch, i) => acc + Number(ch) * (9 - i), 0);
  const check = 11 - (sum % 11);
  return `${body}${check >= 10 ? 0 : check}`;
}

/** Clicks the real ALTCHA widget and waits for the proof of work to be solved in its worker. */
export async function solveCaptcha(page: Page) {
  const captcha = page.getByTestId('captcha');
  await captcha.getByText('Não sou um robô').click();
  await expect(captcha).toHaveAttribute('data-verified', 'true', { timeout: 45_000 });
}

/** Fills the public site's organiser request form (pt-PT), as someone asking for an account. */
export async function fillOrganizerForm(
  page: Page,
  who: { email: string; company: string; mobile?: string; firstName?: string; lastName?: string },
) {
  const form = page.getByTestId('organizer-request-form');
  await form.getByLabel('Nome', { exact: true }).fill(who.firstName ?? 'Inês');
  await form.getByLabel('Apelido').fill(who.lastName ?? 'Carvalho');
  await form.getByLabel('Nome da empresa').fill(who.company);
  await form.getByLabel('E-mail').fill(who.email);
  await form.getByLabel('Telemóvel').fill(who.mobile ?? freshMobile());
  await form.getByLabel('Palavra-passe', { exact: true }).fill('Palco!Verao2026');
  await form.getByLabel('Descrição').fill('Festival de música ao ar livre em Coimbra, três dias em julho.');
  await form.getByRole('checkbox', { name: /Li e aceito/ }).check();
}

/** The public organiser request form's submission, captcha solved as the widget would. */
export async function submitOrganizerRequest(
  request: APIRequestContext,
  who: { email: string; company: string },
) {
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const res = await request.post('/api/organizers/create-account', {
    // five requests an hour per address: each request comes from an address of its own
    headers: { 'X-Forwarded-For': `10.26.${randomInt(255)}.${randomInt(1, 255)}` },
    data: {
      first_name: 'Inês',
      last_name: 'Carvalho',
      name_company: who.company,
      email: who.email,
      mobile: freshMobile(),
      country_call_code: '351',
      password_plan: 'Pedido!2026',
      description: 'Festival de música ao ar livre em Coimbra, três dias em julho, 4000 pessoas por dia.',
      accepted_terms: true,
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The latest development-outbox message to `recipient`. */
async function lastMessage(request: APIRequestContext, recipient: string) {
  const res = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const { data } = (await res.json()) as { data: { meta: Record<string, unknown> }[] };
  expect(data[0], `no email to ${recipient}`).toBeDefined();
  return data[0]!;
}

export interface Organizer {
  id: number;
  name: string;
  owner: { email: string; password: string; totpSecret: string };
  /** The owner's CSRF header for back-office writes made with the same request context. */
  headers: { 'x-csrf-token': string };
}

/**
 * An organiser of the spec's own, made as onboarding makes one: the public request, the
 * platform operator's approval (the session global-setup signed in), the owner's invitation
 * accepted with a password, then TOTP set up. `request` (a page's, to share its cookies) ends
 * signed in as the owner.
 */
export async function newOrganizer(request: APIRequestContext, name?: string): Promise<Organizer> {
  const stamp = `${Date.now()}${randomInt(1000)}`;
  const company = name ?? `Promotora ${stamp}`;
  const owner = { email: `dono-${stamp}@promotora-e2e.pt`, password: 'Promotor!2026-e2e-seguro' };
  await submitOrganizerRequest(request, { email: owner.email, company });

  const operator = await requests.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: {
      cookie: process.env.E2E_OPERATOR_COOKIE!,
      'x-csrf-token': process.env.E2E_OPERATOR_CSRF!,
    },
  });
  const queue = await operator.get('/api/backoffice/operator/organizer-requests?status=pending');
  expect(queue.ok(), await queue.text()).toBe(true);
  const pending = ((await queue.json()) as { data: { id: number; email: string }[] }).data;
  const asked = pending.find((r) => r.email === owner.email);
  expect(asked, `${owner.email} is not in the operator's queue`).toBeDefined();
  const approve = await operator.post(`/api/backoffice/operator/organizer-requests/${asked!.id}/approve`, {
    data: { nif: randomNif(), iban: 'PT50 0002 0123 1234 5678 9015 4' },
  });
  expect(approve.ok(), await approve.text()).toBe(true);
  const id = ((await approve.json()) as { data: { organizer_id: number } }).data.organizer_id;
  await operator.dispose();

  const link = String((await lastMessage(request, owner.email)).meta.link);
  const token = new URL(link).pathname.split('/').pop()!;
  const accept = await request.post(`/api/backoffice/invitations/${token}/accept`, {
    data: { name: 'Inês Carvalho', password: owner.password },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  const login = await request.post('/api/backoffice/auth/login', { data: owner });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = {
    'x-csrf-token': ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token,
  };
  const setup = await request.post('/api/backoffice/auth/totp/setup', { headers });
  expect(setup.ok(), await setup.text()).toBe(true);
  const totpSecret = ((await setup.json()) as { data: { secret: string } }).data.secret;
  const enable = await request.post('/api/backoffice/auth/totp/enable', {
    headers,
    data: { code: await generate({ secret: totpSecret }) },
  });
  expect(enable.ok(), await enable.text()).toBe(true);
  return { id, name: company, owner: { ...owner, totpSecret }, headers };
}

/**
 * Calls of the organiser's back-office API (`path` under /api/backoffice/organizers/:id) with
 * the owner's session in `request`; each must succeed, and answers its `data`.
 */
export function organizerCall(request: APIRequestContext, organizer: Pick<Organizer, 'id' | 'headers'>) {
  return async <T>(method: 'post' | 'put', path: string, data: object): Promise<T> => {
    const url = `/api/backoffice/organizers/${organizer.id}${path}`;
    const res = await request[method](url, { headers: organizer.headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
}
