/// <reference types="vitest/config" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, minify, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compressBuild } from '@bilheteira/ui/build/compress-build';

/**
 * The two classic scripts the server's HTML starts with (src/boot: paint-first.js and the
 * worker it starts, warm-intl.js), written minified at the root of the build under their own
 * names: they count in every page's first load, their comments do not need to.
 */
function bootScripts(): Plugin {
  return {
    name: 'bilheteira-boot-scripts',
    apply: 'build',
    async generateBundle() {
      for (const name of ['paint-first.js', 'warm-intl.js']) {
        const source = fs.readFileSync(new URL(`./src/boot/${name}`, import.meta.url), 'utf8');
        this.emitFile({ type: 'asset', fileName: name, source: (await minify(name, source)).code });
      }
    },
  };
}

/** react-router's production build, beside the development one its package exports name. */
const reactRouterProduction = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), bootScripts(), compressBuild()],
  // react-router's package exports point at its development build (dev-only checks and
  // warnings included); the build takes the production one the package ships beside it
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // the server reads .vite/manifest.json to preload a route's page and catalogue chunks
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // everything the entry loads before the first render in ONE file: on HTTP/1.1 a
            // phone opens 6 connections, so each extra initial file costs a round trip
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // rendering ~240 countries in jsdom is slow on a busy machine
    testTimeout: 20_000,
  },
}));
