import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseError, openEmbeddedFolder } from './embedded-folder';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bilheteira-folder-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const quiet = { warn: () => {}, error: () => {} };

describe('the embedded data folder lock', () => {
  it('takes over a lock whose process is gone (even with our pid: a restarted container), refuses a live one', async () => {
    const lockFile = path.join(dataDir, 'pglite.lock');
    // written by an earlier process that had this same pid but started at another time
    fs.writeFileSync(lockFile, `${process.pid} 1\n`);
    const folder = await openEmbeddedFolder(dataDir, quiet);
    try {
      expect(fs.readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
      // the same folder again, while it is open: refused, the open one untouched
      await expect(openEmbeddedFolder(dataDir, quiet)).rejects.toThrow(EmbeddedDatabaseError);
      await expect(openEmbeddedFolder(dataDir, quiet)).rejects.toThrow(/in use by another process/);
      expect((await folder.client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    } finally {
      await folder.close();
    }
    // a clean close: unlocked, and a copy kept
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite.last-good', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
