import { expect, test, type Browser, type Page } from '../support/test';
import { VIEWPORTS } from '../support/helpers';

/**
 * Issue 3 (LCP): the landing pages' header and largest text paint from the server HTML
 * (apps/api/src/modules/seo/seo.prerender.ts), before any JavaScript. When React renders, the
 * copy is replaced by the identical page: same boxes, no layout shift, no second LCP, and no
 * duplicate heading left behind.
 */

const PAGES = [
  {
    url: '/',
    header: 'site-header',
    heading: {
      'pt-pt': 'Bilhetes e pulseira cashless num só lugar',
      en: 'Tickets and a cashless bracelet in one place',
    },
  },
  {
    url: '/events/festival-demo',
    header: 'event-header',
    heading: { 'pt-pt': 'Festival Demo', en: 'Festival Demo' },
    text: { 'pt-pt': 'Data e hora', en: 'Date and time' },
  },
] as const;

interface Paint {
  shift: number;
  lcp: number[];
  fcp?: number;
  /** when the server's copy left the page */
  replaced?: number;
}

/** Position and size of what the visitor sees first: the bar, the heading, the hero or the event facts. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '#root > div > header, #root h1, #root main > section:first-child, #root article > header, #root article dl',
      ),
    ].map((e) => {
      const r = e.getBoundingClientRect();
      return `${e.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );

async function open(browser: Browser, url: string, locale: 'pt-pt' | 'en', javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled });
  if (locale === 'en') {
    // what the language list saves: the choice in localStorage and a copy in a cookie
    await context.addCookies([{ name: 'locale', value: 'en', url: test.info().project.use.baseURL! }]);
    await context.addInitScript(() => localStorage.setItem('locale', '"en"'));
  }
  await context.addInitScript(() => {
    const w = window as unknown as { __paint: Paint };
    w.__paint = { shift: 0, lcp: [] };
    // when React takes the server's copy out of the page
    new MutationObserver((records, observer) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && n.hasAttribute('data-prerender')) {
            w.__paint.replaced = performance.now();
            observer.disconnect();
          }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__paint.shift += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__paint.lcp.push(e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') w.__paint.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

for (const locale of ['pt-pt', 'en'] as const) {
  test(`the server HTML paints the landing pages in ${locale}; React replaces it without a shift`, async ({
    browser,
  }) => {
    for (const p of PAGES) {
      const html = await open(browser, p.url, locale, false);
      await expect(html.getByRole('heading', { level: 1, includeHidden: true })).toHaveText(
        p.heading[locale],
      );
      if ('text' in p) await expect(html.locator('#root')).toContainText(p.text[locale]);
      const before = await boxes(html);
      expect(before.length).toBeGreaterThanOrEqual(3);
      await html.context().close();

      const app = await open(browser, p.url, locale, true);
      await expect(app.getByTestId(p.header)).toBeVisible();
      await expect(app.locator('[data-prerender]')).toHaveCount(0);
      await expect(app.locator('h1')).toHaveCount(1);
      await expect(app.getByRole('heading', { level: 1 })).toHaveText(p.heading[locale]);
      await app.waitForTimeout(500);
      expect(await boxes(app)).toEqual(expect.arrayContaining(before));
      const paint = await app.evaluate(() => (window as unknown as { __paint: Paint }).__paint);
      expect(paint.shift).toBeLessThanOrEqual(0.05);
      // The largest paint is the server's copy: React's identical page adds no LCP entry after
      // it replaces that copy. (On a loaded machine the server's HTML may paint in two steps,
      // so the last entry is not always the first paint.)
      expect(paint.fcp).toBeDefined();
      expect(paint.replaced).toBeDefined();
      expect(paint.lcp.length).toBeGreaterThan(0);
      expect(Math.max(...paint.lcp)).toBeLessThan(paint.replaced!);
      await app.context().close();
    }
  });
}
