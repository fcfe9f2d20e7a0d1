import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A Vite plugin that writes .br and .gz next to every text asset at build time, so the
 * server sends precompressed files (uncompressed JS cost 30 Lighthouse points, DESIGN §6).
 * Every app built with Vite uses it.
 *
 * @returns {import('vite').Plugin}
 */
export function compressBuild() {
  let outDir = 'dist';
  return {
    name: 'bilheteira-compress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      /** @param {string} dir @returns {string[]} */
      const walk = (dir) =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}
