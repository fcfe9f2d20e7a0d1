import type { Plugin } from 'vite';

/** Writes .br and .gz next to every text asset at build time (see compress-build.js). */
export declare function compressBuild(): Plugin;
