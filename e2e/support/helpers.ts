import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const shotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
/**
 * Screenshots are for people to look at (e2e/screenshots, not committed); they assert
 * nothing. CI, where no one looks, skips them unless E2E_SCREENSHOTS=1: the ~300 full-page
 * PNGs of a run are a good part of its time on a 2-core machine.
 */
const takeScreenshots = process.env.E2E_SCREENSHOTS === '1' || !process.env.CI;

export const DEMO = {
  ana: { mobile: '912345678', password: 'Demo!2026', e164: '+351912345678' },
  rui: { mobile: '913456789', password: 'Demo!2026', e164: '+351913456789' },
};

export const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/**
 * The widths of the whole-site axe sweeps (10-accessibility, 26e): both locally; in CI the
 * phone's only, the narrower layout, to keep the run within its time (E2E_ALL_WIDTHS=1: both).
 */
export const SWEEP_VIEWPORTS: Partial<typeof VIEWPORTS> =
  process.env.CI && process.env.E2E_ALL_WIDTHS !== '1' ? { mobile: VIEWPORTS.mobile } : VIEWPORTS;

/** Saves a full-page screenshot under e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Screenshots at 390 px and 1280 px. */
export async function screenshotBoth(page: Page, name: string) {
  if (!takeScreenshots) return;
  const original = page.viewportSize();
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await screenshot(page, `${name}-${label}`);
  }
  if (original) await page.setViewportSize(original);
}

/** axe finds no WCAG 2.2 AA violation on the current page. */
export async function expectNoA11yViolations(page: Page) {
  // axe reads colours as they are painted: transitions and finite animations end first (a
  // button fading in from disabled, caught half-way on a busy machine, is not a contrast failure)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Logs in through the API and opens the dashboard with the token, as the login flow ends. */
export async function loginByApi(page: Page, who = DEMO.ana, to = '/dashboard/home') {
  const res = await page.request.post('/api/customers/login-password', {
    data: { mobile_country_code: '351', mobile: who.mobile, password: who.password },
  });
  expect(res.ok()).toBe(true);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const sep = to.includes('?') ? '&' : '?';
  await page.goto(`${to}${sep}accessToken=${encodeURIComponent(accessToken)}`);
  // the app stores the token, then drops it from the URL: a test that navigates before that
  // would leave a page that never had the session (start-up yields to the browser on the way)
  await expect(page).not.toHaveURL(/[?&]accessToken=/);
  return accessToken;
}

/** A customer of the spec's own, made through the API (see newCustomer). */
export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  password: string;
  e164: string;
  /** the bearer token the activation answered */
  token: string;
}

/** A random Portuguese mobile number (91/92/93/96 + 7 digits) that no demo customer has. */
export function freshMobile(): string {
  for (;;) {
    const mobile = `9${'1236'[randomInt(4)]}${String(randomInt(10_000_000)).padStart(7, '0')}`;
    if (mobile !== DEMO.ana.mobile && mobile !== DEMO.rui.mobile) return mobile;
  }
}

/**
 * A new, activated customer of the calling spec (register, then the SMS code from the dev
 * outbox), so that a spec changes only its own customers' tickets, orders and wallet and can
 * run alone or beside any other (STYLE "Tests own their data"). The requests come from a
 * documentation address of their own (the e2e server trusts X-Forwarded-For from 127.0.0.1),
 * so the per-IP SMS limit counts them apart from the browser's own registrations.
 */
export async function newCustomer(
  request: APIRequestContext,
  names: { first_name: string; last_name: string } = { first_name: 'Ana', last_name: 'Silva' },
): Promise<Customer> {
  const mobile = freshMobile();
  const password = 'Demo!2026';
  const email = `e2e.${mobile}.${randomInt(1_000_000)}@example.pt`;
  const headers = { 'x-forwarded-for': `198.51.100.${randomInt(1, 255)}` };
  const reg = await request.post('/api/customers/register', {
    headers,
    data: {
      ...names,
      email,
      mobile_country_code: '351',
      mobile,
      password,
      password_confirmation: password,
      accepted_terms: true,
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const e164 = `+351${mobile}`;
  const sms = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(e164)}`);
  const { data } = (await sms.json()) as { data: { meta: { code?: unknown } }[] };
  const code = data.find((m) => m.meta.code)?.meta.code;
  expect(code, `no activation code for ${e164}`).toBeTruthy();
  const act = await request.post('/api/customers/activate', {
    headers,
    data: { mobile_country_code: '351', mobile, code: String(code) },
  });
  expect(act.ok(), await act.text()).toBe(true);
  const { accessToken } = (await act.json()) as { accessToken: string };
  return { ...names, email, mobile, password, e164, token: accessToken };
}

/**
 * Buys tickets of a demo event for a customer through the API and pays by card (sandbox):
 * `pick` chooses the order's items from the event's ticket types and sessions. Answers the
 * event id, the order id and the ids of the tickets it issued.
 */
export async function buyTickets(
  request: APIRequestContext,
  who: Pick<Customer, 'token' | 'first_name' | 'last_name'>,
  slug: string,
  pick: (event: EventJson) => { ticket_id: number; qty: number; session_id?: number }[],
) {
  // the spec's own address too (see newCustomer): the per-IP order limit counts it apart
  const headers = {
    authorization: `Bearer ${who.token}`,
    'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
  };
  const res = await request.get(`/api/events/${slug}`);
  expect(res.ok()).toBe(true);
  const event = ((await res.json()) as { data: EventJson }).data;
  const name = `${who.first_name} ${who.last_name}`;
  const order = await request.post('/api/orders', {
    headers,
    data: {
      event_id: event.id,
      include_cart: false,
      items: pick(event),
      billing: { name, country: 'PT', document: '', postal_code: '1000-001' },
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { data } = (await order.json()) as { data: { id: number; ticket_ids: number[] } };
  const paid = await request.post(`/api/orders/${data.id}/pay`, {
    headers,
    data: { method: 'card', card: { number: '4242424242424242', expiry: '12/2030', name } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { eventId: event.id, orderId: data.id, ticketIds: data.ticket_ids };
}

/** The public event document, as much of it as buyTickets' callers read. */
export interface EventJson {
  id: number;
  slug: string;
  ticket_types: { id: number; name: string; period_days?: string }[];
  sessions: { id: number; availability: Record<string, number> }[];
}

/** Latest dev-outbox message for a recipient. */
export async function lastOutboxMessage(page: Page, recipient: string) {
  const res = await page.request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  const { data } = (await res.json()) as {
    data: { subject: string; body: string; meta: Record<string, unknown> }[];
  };
  return data[0];
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails
 * after `max` presses, naming where the focus was. Returns the number of presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 30, backwards = false }: { max?: number; backwards?: boolean } = {},
) {
  // the server's inert first-paint copy is swapped for the app's page: tab through the app's
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await expect(target).toBeVisible();
  const handle = await target.elementHandle();
  for (let presses = 0; ; presses++) {
    if (await page.evaluate((el) => el === document.activeElement, handle)) return presses;
    if (presses >= max) {
      const at = await page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
      });
      throw new Error(
        `${String(target)} not focused after ${max} ${backwards ? 'Shift+Tab' : 'Tab'} presses (focus on ${at})`,
      );
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
}

/**
 * The focused element matches :focus-visible and shows it: an outline or a box-shadow ring
 * on itself, or an outline on a near ancestor that draws it (sr-only radios, phone field).
 */
export async function expectFocusVisible(page: Page) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    if (!el.matches(':focus-visible')) return `${el.tagName} not :focus-visible`;
    const drawn = (node: Element, ring: boolean) => {
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      return outline || (ring && s.boxShadow !== 'none');
    };
    if (drawn(el, true)) return 'ok';
    let up: Element | null = el.parentElement;
    for (let i = 0; up && i < 3; i++, up = up.parentElement) if (drawn(up, false)) return 'ok';
    return `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}" has no visible focus indicator`;
  });
  expect(seen).toBe('ok');
}

const DAY_MS = 24 * 3600_000;

/** YYYY-MM-DD in Lisbon, `days` from now (event days as organisers type them). */
export const lisbonDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
