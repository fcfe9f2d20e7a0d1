/**
 * `npm run lint`: the type check, ESLint and Prettier side by side (each is one process on one
 * core, so together they end sooner than in a row). Prints each one's output when it ends and
 * fails if any of them does.
 */
import { spawn } from 'node:child_process';

const CHECKS = [
  ['tsc', ['-b']],
  ['eslint', ['.']],
  ['prettier', ['--check', '.']],
];

const run = ([bin, args]) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['--no-install', bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      process.stdout.write(`> ${bin} ${args.join(' ')}${code ? ` (exit ${code})` : ''}\n${out}`);
      resolve(code ?? 1);
    });
  });

const codes = await Promise.all(CHECKS.map(run));
process.exitCode = codes.some((c) => c !== 0) ? 1 : 0;
