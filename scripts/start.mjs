// `npm start`: builds the web app and the back office if missing or older than their sources,
// then runs the one process (API + both apps) in the foreground; migrations and demo data happen at start-up.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  if (!fs.existsSync(dir)) return 0;
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Builds an app (apps/<dir>) when its dist is missing or older than its sources. */
function buildIfStale(dir, workspace, label) {
  const app = path.join(root, 'apps', dir);
  const built = path.join(app, 'dist/index.html');
  const sources = Math.max(
    newest(path.join(app, 'src')),
    newest(path.join(app, 'public')),
    newest(path.join(root, 'packages/shared/src')),
    newest(path.join(root, 'packages/ui/src')),
    fs.statSync(path.join(app, 'index.html')).mtimeMs,
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  console.log(`Building ${label}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

buildIfStale('web', '@bilheteira/web', 'the web app');
buildIfStale('backoffice', '@bilheteira/backoffice', 'the back office');

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
