import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server.ts');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** the last 20 kB the server wrote (stdout and stderr) */
  output(): string;
  alive(): boolean;
  /** SIGKILL to the server's whole process group (as `kill -9 -<pgid>`), then waits for the exit */
  killGroup(): Promise<void>;
}

/**
 * The real server (src/server.ts, as `npm start` runs it) in its own process group, with
 * the given environment on top of the test's; answers once /api/ready is 200, or throws
 * with what the server printed.
 */
export async function startServer(
  env: Record<string, string>,
  readyWithinMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MAX_EVENT_LOOP_DELAY_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    exited,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    async killGroup() {
      if (!server.alive()) return;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
  const end = Date.now() + readyWithinMs;
  while (Date.now() < end && server.alive()) {
    const ok = await fetch(`${server.base}/api/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.killGroup();
  throw new Error(`server did not start:\n${out}`);
}
