import fs from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the e2e server and removes its data folder once it has exited: a clean stop
 * checkpoints and copies the embedded database, so removing the folder earlier races it.
 */
export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid && isRunning(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 20_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  if (process.env.E2E_DATA_DIR)
    fs.rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
