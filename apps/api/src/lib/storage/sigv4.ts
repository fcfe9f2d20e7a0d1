/**
 * AWS Signature Version 4 for S3 requests (header-based, no query string), with node:crypto:
 * enough for PUT, GET and DELETE of one object on any S3-compatible service. Checked against
 * AWS's published example (sigv4.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as S3 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and `/` in paths). */
export function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(Buffer.from(text, 'utf8'))
    .map((b) => {
      const c = String.fromCharCode(b);
      if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** 20130524T000000Z */
const amzDate = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The headers to send: `headers` plus host, x-amz-date, x-amz-content-sha256 and
 * Authorization. Every header given is signed.
 */
export function signRequest(
  input: {
    method: string;
    url: URL;
    headers?: Record<string, string>;
    /** hex SHA-256 of the body (of '' for none) */
    payloadHash: string;
    now: Date;
  },
  creds: SigV4Credentials,
): Record<string, string> {
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const service = creds.service ?? 's3';
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers ?? {})) headers[k.toLowerCase()] = v.trim();
  headers.host = input.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = input.payloadHash;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    uriEncode(decodeURIComponent(input.url.pathname), true),
    '',
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${creds.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), service),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
