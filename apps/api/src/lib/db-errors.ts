/** The SQLSTATE of a PostgreSQL error, whether the driver (pg, PGlite) threw it directly
 * or Drizzle wrapped it as the cause of its own error. */
function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** True for a unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** True when PostgreSQL aborted the transaction to break a deadlock (40P01). */
export function isDeadlock(err: unknown): boolean {
  return sqlState(err) === '40P01';
}

/** Socket-level failures of the connection to the database server. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '53300', // too_many_connections
]);

/** node-postgres and pg-pool messages for a connection that is gone or never came. */
const CONNECTION_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection is closed|not queryable|Client was closed|terminating connection/i;

/**
 * True when the database could not be reached or dropped the connection mid-request
 * (failover, restart, a pooler or an operator terminating sessions, pool exhausted): the
 * statement did not run or its transaction was rolled back by the server, so the request
 * can be retried. SQLSTATE class 08 (connection exception) and 57P01–57P05 (admin or crash
 * shutdown, cannot connect now, idle session timeout), the socket errors and the driver's
 * own messages; wrapped by Drizzle as `cause` or not.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[1-5]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}
