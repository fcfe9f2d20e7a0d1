/**
 * `npm test`: every test, in two phases.
 * 1. The API test files that start, kill and time whole server processes run first, beside the
 *    build of the web app and the back office only: under the browsers' load their servers start
 *    too slowly for their limits (a killed server's restart, a drain deadline, a timing ratio).
 * 2. Every other Vitest file (unit and in-process API tests) and the browser tests (Playwright,
 *    on that build) run side by side: each waits much of its time (on the database, timers, the
 *    browser), so together they end far sooner than in a row. Vitest prints as it goes; the
 *    browser tests' output comes when they end.
 */
import { spawn } from 'node:child_process';

/** The API test files of phase 1 (paths under apps/api). */
const SERVER_PROCESS_TESTS = [
  'tests/payment-kill.test.ts',
  'tests/crash-durability.test.ts',
  'tests/production-refusal.test.ts',
  'tests/graceful-shutdown.test.ts',
  'tests/overload-server.test.ts',
  'tests/connection-loss.test.ts',
  'tests/abuse-identity.test.ts',
  'tests/checkin-abuse.test.ts',
];

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

const vitest = (args) => run('npx', ['--no-install', 'vitest', 'run', ...args]);

const [processes, build] = await Promise.all([
  vitest(['--project', 'api', ...SERVER_PROCESS_TESTS]),
  run('npm', ['run', 'build'], { quiet: true }),
]);
const [rest, e2e] = await Promise.all([
  vitest(SERVER_PROCESS_TESTS.flatMap((file) => ['--exclude', `**/${file}`])),
  build === 0 ? run('npm', ['test', '-w', '@bilheteira/e2e'], { quiet: true }) : build,
]);
process.exitCode = processes || rest || e2e ? 1 : 0;
