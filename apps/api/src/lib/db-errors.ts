/**
 * True for a PostgreSQL unique violation (SQLSTATE 23505), whether the driver (pg, PGlite)
 * threw it directly or Drizzle wrapped it as the cause of its own error.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
