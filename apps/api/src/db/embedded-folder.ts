import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's data folder (`DATA_DIR/pglite`), kept startable across crashes.
 *
 * What a killed process can and cannot lose: PGlite writes its files straight through
 * Node's `fs` (no write cache in the WASM side), and PostgreSQL writes the WAL of a commit
 * before answering it, so what was answered as committed is in the operating system's files
 * when the process dies, and crash recovery replays it at the next open. Nothing is fsynced
 * (PGlite runs PostgreSQL with fsync off and its Node file system has no fsync), so a power
 * cut or an operating-system crash can lose recent commits or the folder: production runs on
 * PostgreSQL. What did corrupt a folder was two processes opening it at once (a second
 * start while an orphaned server still ran): each replays and checkpoints over the other.
 *
 * So, around the folder:
 * - a lock file (`pglite.lock`, the holder's pid and start time): a second process refuses
 *   to open the folder; a lock left by a killed process is taken over;
 * - a last good copy (`pglite.last-good`): the files as they were just before an open that
 *   succeeded, and after each clean shutdown (checkpoint, close, copy);
 * - an open that fails (PostgreSQL cannot recover the folder) moves the folder aside as
 *   `pglite.broken-<time>`, restores the last good copy, opens that and says loudly what
 *   happened and what may be lost. Without a copy it refuses to start, folder untouched.
 */
export interface FolderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The embedded database cannot be used as it is: the operator has to act (message says how). */
export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
}

const stamp = (d = new Date()) => d.toISOString().replace(/[:.]/g, '-');

/**
 * When a process started (Linux: /proc/<pid>/stat, field 22), so a lock left by a killed
 * process is not mistaken for one held by an unrelated process that got the same pid later
 * (a restarted container's server has the same pid every time). Undefined elsewhere.
 */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** True when the process that wrote `content` into the lock still runs. */
function holderRuns(content: string): boolean {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTimeOf(pid);
  if (started && now) return started === now;
  return pid !== process.pid; // no start times to compare: our own pid can only be a leftover
}

/** Takes the folder's lock for this process; answers the release. Throws if another live process holds it. */
function lock(lockFile: string, dir: string): () => void {
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, `${mine}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = fs.readFileSync(lockFile, 'utf8');
      if (holderRuns(holder)) {
        throw new EmbeddedDatabaseError(
          `The embedded database in ${dir} is in use by another process (pid ${holder.trim().split(/\s+/)[0]}). ` +
            'Two processes on one folder corrupt it: stop the other server (or ops command) first. ' +
            `If no such process runs, delete ${lockFile}.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that was killed
    }
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === mine) fs.rmSync(lockFile);
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}

/** Copies `from` to `to` through a temporary folder and a rename, so `to` is never half-written. */
function replaceWithCopy(from: string, to: string) {
  const tmp = `${to}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.cpSync(from, tmp, { recursive: true });
  promote(tmp, to);
}

/** A copy that cannot be made (disk full) must not stop the database: it is said, not thrown. */
function keepCopy(log: FolderLog, copy: () => void) {
  try {
    copy();
  } catch (err) {
    log.warn({ err }, `could not refresh the embedded database's last good copy: ${String(err)}`);
  }
}

function promote(tmp: string, to: string) {
  const old = `${to}.old`;
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(to)) fs.renameSync(to, old);
  fs.renameSync(tmp, to);
  fs.rmSync(old, { recursive: true, force: true });
}

async function tryOpen(dir: string): Promise<{ client: PGlite } | { error: unknown; log: string[] }> {
  const log: string[] = [];
  const keep = (text: string) => {
    log.push(text);
    if (log.length > 20) log.shift();
    return true; // PGlite prints nothing itself: a failed open is reported once, below
  };
  const client = new PGlite(dir, { onStderr: keep, onStdout: keep });
  try {
    await client.waitReady;
    return { client };
  } catch (error) {
    return { error, log };
  }
}

/**
 * Opens the PGlite folder `DATA_DIR/pglite` under its lock, restoring the last good copy if
 * PostgreSQL cannot open it. `close()` checkpoints, closes, keeps a fresh copy and unlocks.
 */
export async function openEmbeddedFolder(
  dataDir: string,
  log: FolderLog,
): Promise<{ client: PGlite; close(): Promise<void> }> {
  fs.mkdirSync(dataDir, { recursive: true });
  const dir = path.join(dataDir, 'pglite');
  const good = path.join(dataDir, 'pglite.last-good');
  const candidate = `${good}.candidate`;
  const unlock = lock(path.join(dataDir, 'pglite.lock'), dir);
  try {
    const existed = fs.existsSync(path.join(dir, 'PG_VERSION'));
    // the files as they are now: promoted to the last good copy once they prove to open
    fs.rmSync(candidate, { recursive: true, force: true });
    if (existed) keepCopy(log, () => fs.cpSync(dir, candidate, { recursive: true }));
    else fs.mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders
    let opened = await tryOpen(dir);
    if ('error' in opened) {
      fs.rmSync(candidate, { recursive: true, force: true });
      const reason =
        opened.log.filter((l) => /PANIC|FATAL|ERROR|invalid/.test(l)).join(' | ') || String(opened.error);
      const copy = [good, `${good}.old`].find((p) => fs.existsSync(path.join(p, 'PG_VERSION')));
      if (!copy) {
        throw new EmbeddedDatabaseError(
          `The embedded database in ${dir} cannot be opened (${reason}) and there is no last good copy ` +
            `to restore. Move the folder aside to start with an empty database, or restore it from a backup.`,
        );
      }
      const broken = path.join(dataDir, `pglite.broken-${stamp()}`);
      const copiedAt = fs.statSync(copy).mtime;
      fs.renameSync(dir, broken);
      fs.cpSync(copy, dir, { recursive: true });
      opened = await tryOpen(dir);
      if ('error' in opened) {
        throw new EmbeddedDatabaseError(
          `The embedded database in ${dir} cannot be opened (${reason}), nor its last good copy ${copy}. ` +
            `The broken folder is kept as ${broken}; restore a backup.`,
        );
      }
      log.error(
        { broken, restoredFrom: copy, copiedAt: copiedAt.toISOString(), reason },
        `EMBEDDED DATABASE RESTORED: ${dir} could not be opened (${reason}). It was moved to ${broken} and ` +
          `the last good copy, taken ${copiedAt.toISOString()}, was restored: anything written after that ` +
          `time is not in the database now (it may still be in ${broken}).`,
      );
    } else if (fs.existsSync(candidate)) {
      keepCopy(log, () => promote(candidate, good));
    }
    const { client } = opened;
    return {
      client,
      async close() {
        try {
          await client.exec('CHECKPOINT');
          await client.close();
          keepCopy(log, () => replaceWithCopy(dir, good));
        } finally {
          unlock();
        }
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
