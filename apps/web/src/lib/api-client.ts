import { API_ERROR_DISPLAY_DELAY_MS } from '@bilheteira/shared/constants';
import { i18next, currentLocale } from '../i18n/i18n';
import { showAlert } from '../stores/alert-store';
import { useCheckout } from '../stores/checkout-store';
import { useSession } from '../stores/session-store';
import { useUi } from '../stores/ui-store';
import { visitorId } from './visitor-id';

/** An API answer that was not 2xx, with the parsed body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
    readonly path: string,
  ) {
    super(extractErrorMessage(body) ?? statusText ?? 'API error');
  }
  /** per-field messages of a 400, for forms */
  get fieldErrors(): Record<string, string[]> {
    const e = (this.body as { errors?: unknown })?.errors;
    return e && typeof e === 'object' ? (e as Record<string, string[]>) : {};
  }
  get code(): string | undefined {
    return (this.body as { code?: string })?.code;
  }
}

type Json = Record<string, unknown>;

/**
 * Spec §8 extraction order: response message, then data.message, then error, then errors
 * (joined), else undefined (the caller adds its own fallback).
 */
export function extractErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Json;
  const data = b.data as Json | undefined;
  const nested = (data?.data as Json | undefined)?.message;
  if (typeof b.message === 'string' && b.message) return b.message;
  if (typeof data?.message === 'string' && data.message) return data.message;
  if (typeof nested === 'string' && nested) return nested;
  if (typeof b.error === 'string' && b.error) return b.error;
  if (b.errors && typeof b.errors === 'object') {
    const all = Object.values(b.errors as Record<string, unknown>)
      .flat()
      .filter((v) => typeof v === 'string');
    if (all.length) return all.join(' ');
  }
  return undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body */
  json?: unknown;
  /** application/x-www-form-urlencoded body (spec "form") */
  form?: Record<string, string | number | boolean | null | undefined>;
  /** multipart body (spec "multipart") */
  multipart?: Record<string, string | number | boolean | Blob | null | undefined>;
  query?: Record<string, string | number | undefined | null>;
  headers?: Record<string, string>;
  /** re-throw to the caller without the global error dialog */
  skipErrorHandler?: boolean;
  signal?: AbortSignal;
}

/** Calls whose errors the caller shows itself (spec §8). */
const SILENT_PATHS = ['/customers/login-mobile', '/customers/login-password', '/organizers/create-account'];

let sessionExpiredShown = false;

/** The session the request carried has ended (expired, logged out or reset elsewhere). */
export const isSessionExpired = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 401 && err.code === 'unauthorized';

/**
 * Applied on 401 from a customer call: alert with login button, logoff, home (spec §4, §8).
 * During a checkout the buyer stays on the page instead: the login opens in place and the
 * checkout, kept, continues once they are back (Esc on the alert ends the checkout).
 */
export async function endExpiredSession() {
  if (sessionExpiredShown) return;
  sessionExpiredShown = true;
  useSession.getState().clear();
  const login = await showAlert({
    type: 'warning',
    title: i18next.t('common:session_expired.title'),
    text: i18next.t('common:session_expired.text'),
    confirmText: i18next.t('common:session_expired.login'),
  });
  sessionExpiredShown = false;
  const checkout = useCheckout.getState();
  if (checkout.request) {
    if (login) useUi.getState().openLogin(`${window.location.pathname}${window.location.search}`);
    else checkout.reset();
    return;
  }
  const onMiniSite = /^\/site\/([^/]+)/.exec(window.location.pathname);
  window.location.assign(onMiniSite ? `/site/${onMiniSite[1]}/account` : '/?login=1');
}

function showApiError(err: ApiError) {
  const text = extractErrorMessage(err.body) ?? (err.statusText || i18next.t('common:errors.unknown'));
  // Errors show after a short delay so a quick navigation away does not flash a dialog.
  setTimeout(() => {
    void showAlert({ type: 'error', title: i18next.t('common:errors.title'), text });
  }, API_ERROR_DISPLAY_DELAY_MS);
}

/** The one HTTP client: spec §7 headers, JSON/form/multipart bodies, spec §8 error rules. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { token, eventId } = useSession.getState();
  const headers: Record<string, string> = {
    'Visitor-Id': visitorId(),
    'Event-Id': String(eventId ?? 0),
    'X-locale': currentLocale(),
    Accept: 'application/json',
    ...opts.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form))
      if (v !== undefined && v !== null) params.set(k, String(v));
    body = params;
  } else if (opts.multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(opts.multipart)) {
      if (v === undefined || v === null) continue;
      fd.set(k, v instanceof Blob ? v : String(v));
    }
    body = fd;
  }
  let url = `/api${path}`;
  if (opts.query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query))
      if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
    const s = q.toString();
    if (s) url += `?${s}`;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
    });
  } catch (cause) {
    const err = new ApiError(0, i18next.t('common:errors.network'), null, path);
    if (!opts.skipErrorHandler && (cause as Error)?.name !== 'AbortError') showApiError(err);
    throw err;
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (res.ok) return parsed as T;
  const err = new ApiError(res.status, res.statusText, parsed, path);
  const silent = opts.skipErrorHandler || res.status === 402 || SILENT_PATHS.some((p) => path.startsWith(p));
  // any call the session was refused on (cart, orders…), not only /customers ones
  if (res.status === 401 && token && (path.startsWith('/customers') || isSessionExpired(err)) && !silent) {
    void endExpiredSession();
  } else if (!silent) {
    showApiError(err);
  }
  throw err;
}
