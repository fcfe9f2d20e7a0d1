/**
 * S3-compatible storage (STORAGE_DRIVER=s3): PUT, GET and DELETE of single objects signed
 * with SigV4 over fetch (no SDK: three calls do not need one). Objects are written with an
 * immutable Cache-Control, since their keys are content-hashed. `url` is S3_PUBLIC_URL/<key>
 * when the bucket is public (or behind a CDN), else /api/media/<key>, served by this process.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { assertStorageKey, contentTypeOf, MEDIA_ROUTE_PREFIX, type Storage } from './keys';
import { sha256Hex, signRequest, uriEncode } from './sigv4';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
  /** endpoint/bucket/key rather than bucket.endpoint/key */
  pathStyle: boolean;
}

const EMPTY_HASH = sha256Hex('');
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A slow bucket fails the request rather than holding it for ever. */
const TIMEOUT_MS = 20_000;

export class StorageError extends Error {
  override name = 'StorageError';
}

export function s3Storage(s: S3Settings, fetchFn: typeof fetch = fetch): Storage {
  const creds = { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region };
  const objectUrl = (key: string) => {
    assertStorageKey(key);
    const base = new URL(s.endpoint);
    if (!s.pathStyle) base.host = `${s.bucket}.${base.host}`;
    const prefix = base.pathname.replace(/\/$/, '');
    base.pathname = `${prefix}${s.pathStyle ? `/${s.bucket}` : ''}/${uriEncode(key, true)}`;
    return base;
  };

  async function call(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = objectUrl(key);
    const signed = signRequest(
      { method, url, headers, payloadHash: body ? sha256Hex(body) : EMPTY_HASH, now: new Date() },
      creds,
    );
    const { host: _host, ...sent } = signed; // fetch sets Host itself
    return fetchFn(url, {
      method,
      headers: sent,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  const fail = async (what: string, key: string, res: Response): Promise<never> => {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw new StorageError(`S3 ${what} ${key}: HTTP ${res.status} ${text}`);
  };

  return {
    driver: 's3',
    async put(key, bytes, contentType) {
      const res = await call('PUT', key, bytes, { 'content-type': contentType, 'cache-control': IMMUTABLE });
      if (!res.ok) await fail('PUT', key, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await call('GET', key);
      if (res.status === 404 || res.status === 403) {
        // a missing object reads 403 on buckets that hide which keys exist
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) return fail('GET', key, res);
      const size = Number(res.headers.get('content-length'));
      return {
        stream: Readable.fromWeb(res.body as unknown as WebReadableStream),
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
        ...(Number.isFinite(size) && size > 0 ? { size } : {}),
      };
    },
    async delete(key) {
      const res = await call('DELETE', key);
      if (!res.ok && res.status !== 404) await fail('DELETE', key, res);
      await res.body?.cancel();
    },
    url: (key) => {
      assertStorageKey(key);
      return s.publicUrl ? `${s.publicUrl.replace(/\/$/, '')}/${key}` : `${MEDIA_ROUTE_PREFIX}${key}`;
    },
  };
}
