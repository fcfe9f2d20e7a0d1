import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const shotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const DEMO = {
  ana: { mobile: '912345678', password: 'Demo!2026', e164: '+351912345678' },
  rui: { mobile: '913456789', password: 'Demo!2026', e164: '+351913456789' },
};

export const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

/** Saves a full-page screenshot under e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Screenshots at 390 px and 1280 px. */
export async function screenshotBoth(page: Page, name: string) {
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
