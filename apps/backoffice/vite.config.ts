/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compressBuild } from '@bilheteira/ui/build/compress-build';

/** The back office, served by the API process at /backoffice (apps/api/src/plugins/backoffice-spa.ts). */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), tailwindcss(), compressBuild()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
