import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built SPA the e2e server serves (WEB_DIST_DIR, else apps/web/dist). */
export const webDistDir = () => path.resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist');

/** The built file a script URL path names: the back office's under /backoffice, else the site's. */
function builtFile(urlPath: string): string {
  if (urlPath.startsWith('/backoffice/'))
    return path.join(root, 'apps/backoffice/dist', urlPath.slice('/backoffice/'.length));
  return path.join(webDistDir(), urlPath);
}

/** gzip size of a built file: its precompressed .gz when present, else gzip -9 of it. */
function gzipBytes(file: string): number {
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export interface InitialJs {
  path: string;
  /** sum of the gzip sizes of every script the page loaded */
  gzipBytes: number;
  files: { name: string; gzipBytes: number }[];
}

/**
 * The JavaScript a page loads before anyone touches it: a fresh browser context (empty
 * cache), load, then wait until the network is idle; every script response is counted at
 * its gzip size (the budget of issue 3 is 150 KB for / and /events/:slug).
 */
export async function measureInitialJs(
  browser: Browser,
  baseURL: string,
  pagePath: string,
  /** a signed-in person's cookies (the back office's first page after sign-in) */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<InitialJs> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-PT',
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.add(new URL(res.url()).pathname);
  });
  await page.goto(new URL(pagePath, baseURL).toString(), { waitUntil: 'networkidle' });
  await context.close();
  const files = [...scripts].map((p) => ({ name: p, gzipBytes: gzipBytes(builtFile(p)) }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { path: pagePath, gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0), files };
}
