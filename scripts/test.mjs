/**
 * `npm test`: every test. Vitest (unit and API tests) and the browser tests (Playwright, after
 * the web app and the back office are built) run side by side: each waits much of its time (on
 * the database, child servers, timers, the browser), so together they end far sooner than in a
 * row. Vitest prints as it goes; the browser tests' output comes when they end.
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

const browser = async () => {
  const build = await run('npm', ['run', 'build'], { quiet: true });
  return build === 0 ? run('npm', ['test', '-w', '@bilheteira/e2e'], { quiet: true }) : build;
};
const [unit, e2e] = await Promise.all([run('npx', ['--no-install', 'vitest', 'run']), browser()]);
process.exitCode = unit || e2e ? 1 : 0;
