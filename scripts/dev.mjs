// `npm run dev`: the API (restarting on change) and Vite's dev server with /api proxied.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/server.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@bilheteira/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
