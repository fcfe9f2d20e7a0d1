import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { repoRoot } from './paths';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /** last lines the child wrote to stderr (for error messages) */
  tail(): string;
}

/** Starts a Node child (`node --import tsx <script>`) and waits until `readyPath` answers 200. */
export async function startChild(
  script: string,
  /** extra environment, or a function of the child's URL (e.g. for PUBLIC_URL) */
  env: Record<string, string> | ((url: string) => Record<string, string>),
  readyPath: string,
  timeoutMs = 90_000,
  nodeArgs: string[] = [],
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const extra = typeof env === 'function' ? env(url) : env;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...extra, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(url + readyPath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    tail: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
