import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
type TFunction = (key: string) => string;
import { ApiError, NetworkError } from './api';

/**
 * The text of a field's error: the shared schemas' keys (`validation.required`) are
 * translated here; the API's messages come translated already.
 */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z_]+\.[a-z_]+$/.test(message) ? t(`common:${message}`) : message;
}

/**
 * Puts an API error on the form: its field messages under their fields, and answers the
 * message for the whole form (the API's localised `message`).
 */
export function apiFormError<T extends FieldValues>(
  t: TFunction,
  err: unknown,
  setError?: UseFormSetError<T>,
  fields: readonly Path<T>[] = [],
): string {
  if (err instanceof ApiError) {
    for (const f of fields) {
      const msg = err.fieldErrors[f]?.[0];
      if (msg && setError) setError(f, { type: 'server', message: msg });
    }
    return err.message || t('common:errors.unknown');
  }
  if (err instanceof NetworkError) return t('common:errors.network');
  return t('common:errors.unknown');
}
