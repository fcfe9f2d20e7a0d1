/**
 * Bearer secrets travel in some URLs (issue 23 item 8): `?accessToken=` after login,
 * `?token=` of impersonation, activation, erasure and unsubscribe links, and the reset-password
 * token as a path segment. Logs and error reports get the URL with those values replaced, so
 * whoever reads the logs cannot use them.
 */
export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret (case-insensitive, the whole name or its ending). */
const SECRET_PARAM = /(token|key|secret|password|signature|code)$/i;
/** Path segments whose next segment is a secret: /reset-password/<token>, /…/token/<token>. */
const SECRET_BEFORE = new Set(['reset-password', 'token', 'tokens', 'impersonate', 'unsub', 'activate']);
/** A segment that looks like a random bearer token (base64url of 16+ bytes: mixed case and digits). */
const looksRandom = (s: string) =>
  s.length >= 20 && /^[A-Za-z0-9_-]+$/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
/** A signed ticket token (QR content) in a path. */
const TICKET_TOKEN = /^BT1\./i;

/** The URL (path and query, as in `req.url`) with every secret value replaced by [redacted]. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = withoutHash.indexOf('?');
  const pathPart = q >= 0 ? withoutHash.slice(0, q) : withoutHash;
  const query = q >= 0 ? withoutHash.slice(q + 1) : undefined;

  const segments = pathPart.split('/');
  const path = segments
    .map((seg, i) => {
      const previous = safeDecode(segments[i - 1] ?? '').toLowerCase();
      const decoded = safeDecode(seg);
      if (seg && (SECRET_BEFORE.has(previous) || looksRandom(decoded) || TICKET_TOKEN.test(decoded)))
        return REDACTED;
      return seg;
    })
    .join('/');
  if (query === undefined) return path;
  const params = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = safeDecode(eq >= 0 ? pair.slice(0, eq) : pair);
      const value = eq >= 0 ? pair.slice(eq + 1) : '';
      if (eq >= 0 && (SECRET_PARAM.test(name) || looksRandom(safeDecode(value))))
        return `${pair.slice(0, eq)}=${REDACTED}`;
      return pair;
    })
    .join('&');
  return `${path}?${params}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}
