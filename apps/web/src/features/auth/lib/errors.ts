import { ApiError, extractErrorMessage } from '../../../lib/api-client';

/**
 * Spec §8 order for the login steps: response message, data.message, error, errors
 * (joined), then the client's own message, else the fallback.
 */
export function loginErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return extractErrorMessage(err.body) ?? (err.statusText || fallback);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** Field errors of a 400 answer, first message per field. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(err.fieldErrors)
      .filter(([, v]) => Array.isArray(v) && v.length)
      .map(([k, v]) => [k, v[0]!]),
  );
}

export const errorCode = (err: unknown): string | undefined =>
  err instanceof ApiError ? err.code : undefined;
