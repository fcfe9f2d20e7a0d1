/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compressBuild } from '@bilheteira/ui/build/compress-build';

export default defineConfig({
  plugins: [react(), tailwindcss(), compressBuild()],
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
});
