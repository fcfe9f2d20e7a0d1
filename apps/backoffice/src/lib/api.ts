import { currentLocale } from './locale';

/** An answer that was not 2xx: status, the API's code, its localised message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {}

/**
 * The message to show for an error answer: the API's `message`, else its field messages
 * joined, else undefined (the caller shows its own fallback).
 */
export function extractMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; errors?: unknown };
  if (typeof b.message === 'string' && b.message) return b.message;
  if (b.errors && typeof b.errors === 'object') {
    const all = Object.values(b.errors as Record<string, unknown>)
      .flat()
      .filter((v): v is string => typeof v === 'string');
    if (all.length) return all.join(' ');
  }
  return undefined;
}

let csrfToken: string | null = null;
let sessionEnded: (() => void) | null = null;

/** The CSRF token of the session (from /auth/me or the sign-in answer). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** What to do when a call answers 401 (the session expired or was revoked elsewhere). */
export function onSessionEnded(handler: () => void): void {
  sessionEnded = handler;
}

const SAFE = new Set(['GET', 'HEAD']);

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  /** a multipart body (file uploads); the browser sets its content type */
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  /** extra request headers (an Idempotency-Key) */
  headers?: Record<string, string>;
  /** a 401 is the caller's business (sign-in, /auth/me): no session-ended handling */
  anonymous?: boolean;
  /** text when the API gives no message (translated by the caller) */
  fallbackMessage?: string;
}

/**
 * The back office's one HTTP client: `/api/backoffice` + path, the session cookie
 * (same-origin credentials), `X-locale`, the CSRF header on every unsafe method; answers the
 * envelope's `data`, or throws ApiError with the API's localised message.
 */
export async function api<T>(path: string, opts: CallOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, opts)).data;
}

/** The whole answer: `data` with the API's localised `message` and a list's `meta`. */
export interface Envelope<T> {
  data: T;
  message?: string;
  meta?: { page: number; per_page: number; total: number; last_page: number };
}

/** As `api`, answering the whole envelope (the success message, a list's pages). */
export async function apiEnvelope<T>(path: string, opts: CallOptions = {}): Promise<Envelope<T>> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {
    ...opts.headers,
    Accept: 'application/json',
    'X-locale': currentLocale(),
  };
  if (!SAFE.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const url = `/api/backoffice${path}${qs.size ? `?${qs}` : ''}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.form,
    });
  } catch {
    throw new NetworkError(opts.fallbackMessage ?? 'network');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const b = (body ?? {}) as { code?: string; errors?: Record<string, string[]> };
    const error = new ApiError(
      res.status,
      b.code,
      extractMessage(body) ?? opts.fallbackMessage ?? res.statusText,
      b.errors ?? {},
    );
    if (res.status === 401 && !opts.anonymous) sessionEnded?.();
    throw error;
  }
  return body as Envelope<T>;
}

/** A file the API answers (a SEPA export): its bytes, its name (content-disposition) and headers. */
export interface ApiFile {
  blob: Blob;
  filename: string;
  headers: Headers;
}

/**
 * A call that answers a file instead of JSON (same headers, CSRF and errors as `api`); the
 * caller hands it to the browser with `saveFile`.
 */
export async function apiDownload(path: string, opts: CallOptions = {}): Promise<ApiFile> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { 'X-locale': currentLocale() };
  if (!SAFE.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(`/api/backoffice${path}`, { method, headers, credentials: 'same-origin' });
  } catch {
    throw new NetworkError(opts.fallbackMessage ?? 'network');
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const b = (body ?? {}) as { code?: string; errors?: Record<string, string[]> };
    if (res.status === 401) sessionEnded?.();
    throw new ApiError(res.status, b.code, extractMessage(body) ?? res.statusText, b.errors ?? {});
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await res.blob(), filename, headers: res.headers };
}

/** Hands a downloaded file to the browser (the "save" of a download link). */
export function saveFile(file: Pick<ApiFile, 'blob' | 'filename'>): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
