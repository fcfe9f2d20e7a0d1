/**
 * The default storage: files in a folder (STORAGE_DIR, default DATA_DIR/media), served by
 * this process at /api/media/<key>. Writes go to a temporary name and are renamed into place,
 * so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOf, MEDIA_ROUTE_PREFIX, type Storage } from './keys';

export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  /** The file of a key, always inside the folder (keys are checked; this checks again). */
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, ...key.split('/'));
    if (!file.startsWith(base + path.sep)) throw new Error('storage key outside the folder');
    return file;
  };

  return {
    driver: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), contentType: contentTypeOf(key), size: stat.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `${MEDIA_ROUTE_PREFIX}${key}`,
  };
}
