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
