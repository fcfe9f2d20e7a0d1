/** What a driver error (pg, PGlite) or one of its wrappers may carry. */
export interface DriverErrorFields {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/**
 * The one place that unwraps database errors: the error and the errors it wraps as `cause`
 * (Drizzle wraps the driver's error in its own), outermost first, at most 4 deep.
 */
export function* errorChain(err: unknown): Generator<DriverErrorFields> {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    yield e as DriverErrorFields;
}

/** The SQLSTATE of a PostgreSQL error: the first string `code` in the chain. */
export function sqlState(err: unknown): string | undefined {
  for (const e of errorChain(err)) if (typeof e.code === 'string') return e.code;
  return undefined;
}

/** True when some error of the chain has a SQLSTATE `test` accepts (e.g. a class). */
export function hasSqlState(err: unknown, test: (code: string) => boolean): boolean {
  for (const e of errorChain(err)) if (typeof e.code === 'string' && test(e.code)) return true;
  return false;
}

/** The constraint named by the first error of the chain with this SQLSTATE, else undefined. */
export function violatedConstraint(err: unknown, state: string): string | undefined {
  for (const e of errorChain(err))
    if (e.code === state && typeof e.constraint === 'string') return e.constraint;
  return undefined;
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
  for (const { code, message } of errorChain(err)) {
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[1-5]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
  }
  return false;
}
