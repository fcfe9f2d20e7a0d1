/**
 * The storage adapters: SigV4 against AWS's published example, the S3 adapter against a tiny
 * local fake bucket (checks each request's signature), the local folder adapter, and keys.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import { sha256Hex, signRequest } from './sigv4';
import { createStorage, isStorageKey } from './storage';

const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('SigV4', () => {
  it("matches AWS's GET Object example (docs: sig-v4-header-based-auth)", () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
        now: new Date('2013-05-24T00:00:00Z'),
      },
      AWS_EXAMPLE,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('keys', () => {
  it('accepts content-hashed paths and refuses traversal, absolute paths and odd characters', () => {
    expect(isStorageKey('events/12/3fa9c0-960.webp')).toBe(true);
    for (const bad of [
      '../etc/passwd',
      'events/../../x',
      '/etc/passwd',
      'events//x',
      'a\\b',
      '.hidden',
      'events/..',
      'A.png',
      'x y',
      'a'.repeat(201),
      '',
    ])
      expect(isStorageKey(bad), bad).toBe(false);
  });
});

describe('local folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bh-storage-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('puts, gets, deletes, and never leaves the folder', async () => {
    const store = localStorage(dir);
    await store.put('events/1/abc-480.webp', Buffer.from('webp bytes'), 'image/webp');
    const got = await store.get('events/1/abc-480.webp');
    expect(got).toMatchObject({ contentType: 'image/webp', size: 10 });
    expect(await text(got!.stream)).toBe('webp bytes');
    expect(store.url('events/1/abc-480.webp')).toBe('/api/media/events/1/abc-480.webp');
    expect(await store.get('events/1/none.webp')).toBeNull();
    await store.delete('events/1/abc-480.webp');
    await store.delete('events/1/abc-480.webp');
    expect(await store.get('events/1/abc-480.webp')).toBeNull();
    await expect(store.get('../outside.webp')).rejects.toThrow(/invalid storage key/);
    await expect(store.put('events/../../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });

  it('defaults to DATA_DIR/media and follows STORAGE_DIR', () => {
    expect(loadConfig({ DATA_DIR: '/srv/bh' }).storageDir).toBe('/srv/bh/media');
    expect(loadConfig({ STORAGE_DIR: '/mnt/files' }).storageDir).toBe('/mnt/files');
    expect(createStorage(loadConfig({ STORAGE_DIR: dir })).driver).toBe('local');
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET, S3_ACCESS_KEY_ID/);
  });
});

/** A fake bucket: objects in a Map; refuses a request whose SigV4 signature does not verify. */
function fakeBucket(creds: typeof AWS_EXAMPLE) {
  const objects = new Map<string, { body: Buffer; type: string; cache: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const auth = req.headers.authorization ?? '';
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const headers = Object.fromEntries(signed.map((h) => [h, String(req.headers[h])]));
      const payloadHash = headers['x-amz-content-sha256']!;
      const amz = headers['x-amz-date']!;
      const now = new Date(
        `${amz.slice(0, 4)}-${amz.slice(4, 6)}-${amz.slice(6, 8)}T${amz.slice(9, 11)}:${amz.slice(11, 13)}:${amz.slice(13, 15)}Z`,
      );
      const expected = signRequest(
        {
          method: req.method!,
          url: new URL(req.url!, `http://${req.headers.host}`),
          headers,
          payloadHash,
          now,
        },
        creds,
      ).authorization;
      if (auth !== expected || (body.length && sha256Hex(body) !== payloadHash)) {
        res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(req.url!.split('?')[0]!);
      if (req.method === 'PUT') {
        objects.set(key, {
          body,
          type: String(req.headers['content-type']),
          cache: String(req.headers['cache-control']),
        });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects };
}

describe('S3-compatible bucket', () => {
  const creds = { ...AWS_EXAMPLE, region: 'eu-west-1' };
  const fake = fakeBucket(creds);
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('puts (immutable cache), gets, deletes with signed requests; a missing object is null', async () => {
    const store = s3Storage({ endpoint, bucket: 'bilheteira-media', pathStyle: true, ...creds });
    const bytes = Buffer.from('avif bytes');
    await store.put('events/7/f00d-960.avif', bytes, 'image/avif');
    expect(fake.objects.get('/bilheteira-media/events/7/f00d-960.avif')).toMatchObject({
      type: 'image/avif',
      cache: 'public, max-age=31536000, immutable',
    });
    const got = await store.get('events/7/f00d-960.avif');
    expect(got).toMatchObject({ contentType: 'image/avif', size: bytes.length });
    expect(await text(got!.stream)).toBe('avif bytes');
    expect(await store.get('events/7/none.avif')).toBeNull();
    await store.delete('events/7/f00d-960.avif');
    expect(fake.objects.size).toBe(0);
    expect(store.url('events/7/f00d-960.avif')).toBe('/api/media/events/7/f00d-960.avif');
    const cdn = s3Storage({
      endpoint,
      bucket: 'b-1',
      pathStyle: true,
      publicUrl: 'https://cdn.example.pt/',
      ...creds,
    });
    expect(cdn.url('events/7/x.avif')).toBe('https://cdn.example.pt/events/7/x.avif');
  });

  it('fails loudly when the bucket refuses the signature', async () => {
    const wrong = s3Storage({
      endpoint,
      bucket: 'bilheteira-media',
      pathStyle: true,
      ...creds,
      secretAccessKey: createHmac('sha256', 'x').digest('hex'),
    });
    await expect(wrong.put('events/7/a.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/HTTP 403/);
  });

  it('is chosen by STORAGE_DRIVER=s3', () => {
    const store = createStorage(
      loadConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'bilheteira-media',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://media.example.pt',
      }),
    );
    expect(store.driver).toBe('s3');
    expect(store.url('events/1/a.webp')).toBe('https://media.example.pt/events/1/a.webp');
  });
});
