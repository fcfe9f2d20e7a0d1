import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Something a route can add to the HTML the server sends (title, meta, Open Graph,
 * JSON-LD), so link previews and crawlers see it without running JavaScript.
 */
export type HeadProvider = (req: FastifyRequest, pathname: string) => Promise<string | null>;

/**
 * A static first paint for a route: markup put inside `<div id="root">` (React's first
 * commit replaces it) and the language it is written in (`<html lang>`).
 */
export interface RootContent {
  html: string;
  lang: string;
}
export type RootProvider = (req: FastifyRequest, pathname: string) => Promise<RootContent | null>;
/** 404 when a route's page has nothing to show (an unknown event slug), else null. */
export type StatusProvider = (req: FastifyRequest, pathname: string) => Promise<404 | null>;

declare module 'fastify' {
  interface FastifyInstance {
    addHeadProvider(provider: HeadProvider): void;
    /** Something to paint before the JavaScript runs (the first provider with an answer wins). */
    addRootProvider(provider: RootProvider): void;
    /** Something that can turn a known route's answer into a 404 (an unknown event slug). */
    addStatusProvider(provider: StatusProvider): void;
    /** A route outside /api (e.g. /sitemap.xml, /robots.txt) for modules mounted under /api. */
    addRootRoute(route: RouteOptions): void;
    /**
     * Serves index.html for a history-mode route (used by the not-found handler); `status`
     * 404 for a URL that is none of the site's routes (the app then shows its not-found page).
     */
    sendSpa(req: FastifyRequest, reply: FastifyReply, status?: 200 | 404): Promise<FastifyReply>;
    /**
     * `<link rel="modulepreload">` tags for built modules (keys of Vite's manifest, e.g.
     * 'src/features/home/pages/home-page.tsx') and their static imports, leaving out what
     * index.html already loads; '' when the app is not built or a key is unknown.
     */
    spaModulePreloads(moduleKeys: readonly string[]): string;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** The files of `keys` and of everything they import statically (depth first, no repeats). */
function closure(manifest: Manifest, keys: readonly string[], seen = new Set<string>()): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  for (const k of keys) visit(k);
  return files;
}

/** Hashed build assets are immutable; other files (favicon, index.html) are revalidated soon. */
export function setStaticCacheHeaders(
  reply: { header(name: string, value: string): unknown },
  filePath: string,
) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('cache-control', 'public, max-age=300');
  }
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built SPA: hashed assets with immutable caching and precompressed
 * brotli/gzip files, and index.html for every other GET outside /api (history mode).
 */
export const spaPlugin = fp(async (app, opts: { distDir: string }) => {
  const providers: HeadProvider[] = [];
  app.decorate('addHeadProvider', (p: HeadProvider) => providers.push(p));
  const rootProviders: RootProvider[] = [];
  app.decorate('addRootProvider', (p: RootProvider) => rootProviders.push(p));
  const statusProviders: StatusProvider[] = [];
  app.decorate('addStatusProvider', (p: StatusProvider) => statusProviders.push(p));
  // fastify-plugin: `app` is the root instance here, so these routes carry no /api prefix.
  app.decorate('addRootRoute', (route: RouteOptions) => {
    app.route(route);
  });
  const indexPath = path.join(opts.distDir, 'index.html');
  const hasDist = fs.existsSync(indexPath);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: setStaticCacheHeaders,
    });
  }
  const manifest = hasDist ? readManifest(opts.distDir) : {};
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const entryFiles = new Set(closure(manifest, entryKeys));
  app.decorate('spaModulePreloads', (moduleKeys: readonly string[]) =>
    closure(manifest, moduleKeys)
      .filter((f) => !entryFiles.has(f) && f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`)
      .join(''),
  );
  // apps/web/src/boot/paint-first.js: loads the entry module after the first paint
  const paintFirst = hasDist && fs.existsSync(path.join(opts.distDir, 'paint-first.js'));
  let template: string | null = null;
  app.decorate('sendSpa', async (req: FastifyRequest, reply: FastifyReply, status: 200 | 404 = 200) => {
    if (!hasDist) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    template ??= fs.readFileSync(indexPath, 'utf8');
    const pathname = req.url.split('?')[0] ?? '/';
    for (const p of statusProviders) {
      if (status === 404) break;
      status = (await p(req, pathname).catch(() => null)) ?? status;
    }
    let head = '';
    for (const p of providers) {
      const extra = await p(req, pathname).catch(() => null);
      if (extra) head += extra;
    }
    // A provider that sends its own title and description replaces the defaults.
    let page = template;
    if (head.includes('<title')) page = page.replace(/<title>[\s\S]*?<\/title>\s*/, '');
    if (head.includes('name="description"')) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
    for (const p of rootProviders) {
      const root = await p(req, pathname).catch(() => null);
      if (!root) continue;
      page = page
        .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttr(root.lang)}"`)
        .replace('<div id="root"></div>', () => `<div id="root">${root.html}</div>`);
      // the page is already there: paint it before fetching and running the app (a module
      // script fetched beside the CSS competes with it for the connection and, when it
      // arrives first, runs before the first frame)
      if (paintFirst) {
        page = page.replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/,
          (_, src: string) => `<script defer src="/paint-first.js" data-entry="${escapeAttr(src)}"></script>`,
        );
      }
      break;
    }
    const html = head ? page.replace('</head>', () => `${head}</head>`) : page;
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
});
