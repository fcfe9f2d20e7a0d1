import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every `modules/<domain>/*.routes.ts` default-exports its Fastify plugin and is mounted
 * under /api, so adding a domain never edits a shared file. `*.dev-routes.ts` files are
 * mounted only with the development tools on.
 */
export async function loadModuleRoutes(devTools: boolean): Promise<FastifyPluginAsync[]> {
  const files = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(modulesDir, d.name))
        .filter((f) => /\.(dev-)?routes\.ts$/.test(f) && !f.endsWith('.test.ts'))
        .filter((f) => devTools || !f.endsWith('.dev-routes.ts'))
        .map((f) => path.join(modulesDir, d.name, f)),
    )
    .sort();
  const plugins: FastifyPluginAsync[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as { default?: FastifyPluginAsync };
    if (!mod.default) throw new Error(`${file} must default-export its routes plugin`);
    plugins.push(mod.default);
  }
  return plugins;
}
