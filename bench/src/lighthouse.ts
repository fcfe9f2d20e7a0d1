/**
 * `npm run lighthouse`: Lighthouse (mobile preset, simulated throttling) on the public pages of
 * the BUILT app. Builds nothing: run `npm run build` first (or point WEB_DIST_DIR at a build).
 * Starts the production server (`NODE_ENV=production`) on a fresh PGlite data folder with the
 * demo data, runs Lighthouse LH_RUNS (3) times per page in a fresh headless Chromium each, and
 * prints and writes the medians (scores, LCP, CLS, TBT) plus the initial JavaScript per page,
 * gzipped: bench/results/<date>-lighthouse.{json,md}.
 *
 *   npm run lighthouse                          # / and /events/festival-demo, 3 runs each
 *   npm run lighthouse -- /events/concerto-demo # other pages
 *   LH_RUNS=5 LH_REPORTS=/tmp/lh npm run lighthouse   # 5 runs; every report kept (HTML + JSON) in /tmp/lh
 *
 * CHROME_PATH (default /usr/bin/chromium when it exists), WEB_DIST_DIR (default apps/web/dist).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { startChild } from './child';
import { repoRoot } from './paths';

const log = (msg: string) => console.log(msg);

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** Issue 3 goals, per page. */
export const GOALS = {
  performance: 90,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
  initialJsGzipBytes: 150 * 1024,
};

export interface RunFigures {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  siMs: number;
  /** what Lighthouse names as the LCP element (selector / snippet) */
  lcpElement: string;
  /** audits of a category below 100 that failed (id: title) */
  failing: string[];
  /** scripts the page fetched during the run (paths) */
  scripts: string[];
}

export interface PageReport {
  path: string;
  runs: RunFigures[];
  median: Omit<RunFigures, 'lcpElement' | 'failing' | 'scripts'>;
  lcpElement: string;
  failing: string[];
  /** JS in the served HTML: entry script + modulepreloads and their static imports (manifest) */
  htmlJs: { gzipBytes: number; files: { name: string; gzipBytes: number }[] };
  /** every script the page fetched during the median run (lazy chunks included) */
  loadedJs: { gzipBytes: number; files: { name: string; gzipBytes: number }[] };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The production server on a fresh PGlite folder, as `npm start` runs it (demo data seeded). */
async function startServer(distDir: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-lighthouse-'));
  const child = await startChild(
    'apps/api/src/server.ts',
    (url) => ({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      // production takes no real money here: each unsafe choice is allowed explicitly
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_DEMO_DATA: 'true',
      ALLOW_EMBEDDED_DATABASE: 'true',
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
    }),
    '/api/ready',
    120_000,
  );
  return {
    url: child.url,
    async stop() {
      await child.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const gzipSize = (distDir: string, name: string): number => {
  const file = path.join(distDir, name.replace(/^\//, ''));
  if (!fs.existsSync(file)) return 0;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The JavaScript the served HTML asks for before anything runs: `<script type=module src>` and
 * `<link rel=modulepreload href>` files, plus their static imports from Vite's manifest.
 */
export function htmlInitialJs(html: string, manifest: Record<string, ManifestChunk>): string[] {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const found = new Set<string>();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const ref = /(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && ref) found.add(ref);
  }
  const out = new Set<string>();
  const visit = (file: string) => {
    if (out.has(file)) return;
    out.add(file);
    for (const k of byFile.get(file)?.imports ?? []) {
      const dep = manifest[k];
      if (dep) visit(dep.file);
    }
  };
  for (const f of found) visit(f);
  return [...out];
}

function sized(distDir: string, files: string[]) {
  const list = files
    .map((f) => ({ name: f.replace(/^\//, ''), gzipBytes: gzipSize(distDir, f) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: list.reduce((s, f) => s + f.gzipBytes, 0), files: list };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

function figuresOf(lhr: Result, origin: string): RunFigures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c];
    if (!cat || (cat.score ?? 0) >= 1) continue;
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) failing.push(`${c}/${a.id}: ${a.title}`);
    }
  }
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined;
  const node = lcpDetails?.items?.[0]?.items?.[0]?.node;
  const net = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (net?.items ?? [])
    .filter((i) => i.resourceType === 'Script' && i.url.startsWith(origin))
    .map((i) => new URL(i.url).pathname);
  return {
    scores,
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbtMs: num('total-blocking-time'),
    siMs: num('speed-index'),
    lcpElement: node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : '(none)',
    failing,
    scripts,
  };
}

async function runLighthouse(url: string, chromePath: string | undefined, reportFile?: string) {
  const chrome = await chromeLauncher.launch({ chromeFlags: CHROME_FLAGS, chromePath });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    if (reportFile) {
      const [html, json] = result.report as string[];
      fs.writeFileSync(`${reportFile}.html`, html!);
      fs.writeFileSync(`${reportFile}.json`, json!);
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean) => (ok ? '' : ' ✗');

export function markdown(report: { date: string; machine: string; runs: number; pages: PageReport[] }) {
  const lines = [
    `# Lighthouse — ${report.date}`,
    '',
    `Mobile preset (simulated throttling), median of ${report.runs} runs per page, production server on a fresh PGlite database. Machine: ${report.machine}.`,
    '',
    '| page | perf | a11y | best pr. | SEO | FCP | LCP | CLS | TBT | initial JS (HTML) gz | loaded JS gz |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const p of report.pages) {
    const m = p.median;
    lines.push(
      `| ${p.path} | ${m.scores.performance}${mark(m.scores.performance >= GOALS.performance)} | ${m.scores.accessibility}${mark(m.scores.accessibility >= GOALS.accessibility)} | ${m.scores['best-practices']}${mark(m.scores['best-practices'] >= GOALS['best-practices'])} | ${m.scores.seo}${mark(m.scores.seo >= GOALS.seo)} | ${sec(m.fcpMs)} | ${sec(m.lcpMs)}${mark(m.lcpMs <= GOALS.lcpMs)} | ${m.cls.toFixed(3)}${mark(m.cls <= GOALS.cls)} | ${Math.round(m.tbtMs)} ms${mark(m.tbtMs <= GOALS.tbtMs)} | ${kb(p.htmlJs.gzipBytes)}${mark(p.htmlJs.gzipBytes <= GOALS.initialJsGzipBytes)} | ${kb(p.loadedJs.gzipBytes)} |`,
    );
  }
  lines.push(
    '',
    `Goals (issue 3): performance ≥ ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices ≥ ${GOALS['best-practices']}, SEO ${GOALS.seo}, LCP ≤ ${sec(GOALS.lcpMs)}, CLS ≤ ${GOALS.cls}, TBT ≤ ${GOALS.tbtMs} ms, initial JS ≤ ${kb(GOALS.initialJsGzipBytes)} gzip; ✗ marks a miss.`,
    '',
  );
  for (const p of report.pages) {
    lines.push(`## ${p.path}`, '', `- LCP element: \`${p.lcpElement.replace(/`/g, "'")}\``);
    lines.push(
      `- per run: ${p.runs.map((r) => `perf ${r.scores.performance} / LCP ${sec(r.lcpMs)} / TBT ${Math.round(r.tbtMs)} ms`).join('; ')}`,
    );
    if (p.failing.length) lines.push(`- failing audits: ${p.failing.join('; ')}`);
    lines.push(
      `- initial JS from the HTML: ${p.htmlJs.files.map((f) => `${f.name} ${kb(f.gzipBytes)}`).join(', ')}`,
      `- loaded JS: ${p.loadedJs.files.map((f) => `${f.name} ${kb(f.gzipBytes)}`).join(', ')}`,
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a.startsWith('-'));
  if (unknown.length) throw new Error(`unknown option(s): ${unknown.join(' ')} (pass page paths, e.g. /)`);
  const pages = args.length ? args : ['/', '/events/festival-demo'];
  const runs = Math.max(1, Math.round(Number(process.env.LH_RUNS ?? 3)) || 3);
  const reportsDir = process.env.LH_REPORTS;
  if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
  const distDir = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    throw new Error(`no built app in ${distDir}: run \`npm run build\` first (or set WEB_DIST_DIR)`);
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const chromePath =
    process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at start`;
  const startedAt = new Date();
  log(`Lighthouse ${runs} run(s) per page on ${distDir}; ${machine}`);

  const server = await startServer(distDir);
  const results: PageReport[] = [];
  try {
    log(`server on ${server.url}`);
    for (const pagePath of pages) {
      const url = server.url + pagePath;
      const html = await (await fetch(url)).text();
      const htmlJs = sized(distDir, htmlInitialJs(html, manifest));
      const all: { figures: RunFigures }[] = [];
      for (let i = 0; i < runs; i++) {
        const file = reportsDir
          ? path.join(reportsDir, `${pagePath.replace(/\W+/g, '_') || 'home'}-${i + 1}`)
          : undefined;
        // a loaded machine now and then loses a run (Chrome or a protocol timeout): retry once
        const lhr = await runLighthouse(url, chromePath, file).catch((err: unknown) => {
          log(`  ${pagePath} run ${i + 1} failed (${(err as Error).message}), retrying`);
          return runLighthouse(url, chromePath, file);
        });
        const figures = figuresOf(lhr, server.url);
        all.push({ figures });
        log(
          `  ${pagePath} run ${i + 1}: perf ${figures.scores.performance} a11y ${figures.scores.accessibility} bp ${figures.scores['best-practices']} seo ${figures.scores.seo}  LCP ${sec(figures.lcpMs)} CLS ${figures.cls.toFixed(3)} TBT ${Math.round(figures.tbtMs)} ms`,
        );
      }
      const f = all.map((a) => a.figures);
      const med = {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(f.map((r) => r.scores[c]))])) as Record<
          Category,
          number
        >,
        fcpMs: median(f.map((r) => r.fcpMs)),
        lcpMs: median(f.map((r) => r.lcpMs)),
        cls: median(f.map((r) => r.cls)),
        tbtMs: median(f.map((r) => r.tbtMs)),
        siMs: median(f.map((r) => r.siMs)),
      };
      // the run whose performance score is the median one names the LCP element and scripts
      const medianRun = [...f].sort((a, b) => a.scores.performance - b.scores.performance)[
        Math.floor(f.length / 2)
      ]!;
      results.push({
        path: pagePath,
        runs: f,
        median: med,
        lcpElement: medianRun.lcpElement,
        failing: [...new Set(f.flatMap((r) => r.failing))],
        htmlJs,
        loadedJs: sized(distDir, [...new Set(medianRun.scripts)]),
      });
    }
  } finally {
    await server.stop();
  }

  const report = {
    date: startedAt.toISOString().slice(0, 10),
    startedAt: startedAt.toISOString(),
    machine,
    runs,
    pages: results,
  };
  const md = markdown(report);
  log('\n' + md);
  const dir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const base = path.join(dir, `${report.date}-lighthouse`);
  fs.writeFileSync(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(`${base}.md`, md + '\n');
  log(`written: ${path.relative(repoRoot, base)}.{json,md}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
