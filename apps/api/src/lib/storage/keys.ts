/** The storage interface and its keys (storage.ts picks the adapter). */
import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  contentType: string;
  /** bytes, when the store knows it */
  size?: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches it: /api/media/<key>, or the bucket's public URL. */
  url(key: string): string;
}

/** The path this process serves every stored file at (media.routes.ts), whatever the driver. */
export const MEDIA_ROUTE_PREFIX = '/api/media/';

/**
 * A key: lower-case path segments of letters, digits, `.`, `_` and `-`, none starting with a
 * dot (no `..`, no hidden files, no absolute paths, no backslashes), at most 200 characters.
 */
const KEY = /^(?:[a-z0-9][a-z0-9._-]{0,99}\/){0,4}[a-z0-9][a-z0-9._-]{0,99}$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 200 && KEY.test(key) && !key.split('/').some((s) => s.includes('..'));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** Content types of the file kinds stored, by extension (what a local file is served as). */
const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
