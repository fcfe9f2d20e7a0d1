/**
 * `npm test`: every test. Vitest (unit and API tests) runs while the web app and the back
 * office are built for the browser tests, which then run on that build (Playwright). The build
 * is mostly one core's work and the API tests mostly wait on the database and their child
 * servers, so side by side they end sooner than in a row.
 */
import { spawn } from 'node:child_process';

/** Runs a command; `quiet`: its output is kept and printed when it ends. Answers its exit code. */
const run = (cmd, args, { quiet = false } = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(`> ${cmd} ${args.join(' ')}${code ? ` (exit ${code})` : ''}\n${out}`);
      resolve(code ?? 1);
    });
  });

const [unit, build] = await Promise.all([
  run('npx', ['--no-install', 'vitest', 'run']),
  run('npm', ['run', 'build'], { quiet: true }),
]);
const e2e = build === 0 ? await run('npm', ['test', '-w', '@bilheteira/e2e']) : 1;
process.exitCode = unit || build || e2e ? 1 : 0;
