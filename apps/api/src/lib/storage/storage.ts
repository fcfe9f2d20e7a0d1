/**
 * Files behind one small interface (DESIGN §2b): event images today, PDFs and passes later.
 * `local` (default) keeps them in a folder under the data directory; `s3` in any
 * S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), chosen by STORAGE_DRIVER in config.ts.
 * Keys are content-hashed and never reused for other bytes, so what they name never changes
 * and may be cached for ever.
 */
import type { Config } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './keys';

export * from './keys';

/** The storage the configuration chooses. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3')
    return s3Storage({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
      pathStyle: config.S3_FORCE_PATH_STYLE,
    });
  return localStorage(config.storageDir);
}
