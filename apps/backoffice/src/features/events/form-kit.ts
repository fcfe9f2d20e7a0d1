import {
  get,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
  type Path,
} from 'react-hook-form';
import type { z } from 'zod';
import { i18next } from '../../i18n/i18n';
import { ApiError, NetworkError } from '../../lib/api';

type TFunction = (key: string) => string;
const KEY = /^[a-z_]+\.[a-z_]+$/;

/**
 * The text of a field error: keys of the shared schemas (`backoffice_events.ends_before`,
 * `pricing.code_format`, `validation.required`) are translated from the events catalogue,
 * else the common one; the API's messages arrive translated.
 */
export function errorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!KEY.test(message)) return message;
  return i18next.exists(`events:${message}`) ? t(`events:${message}`) : t(`common:${message}`);
}

/** The text of the error of a field by its path (`steps.0.price`), for a form's fields. */
export function fieldErrorOf(t: TFunction, errors: FieldErrors) {
  return (name: string) => errorText(t, (get(errors, name) as { message?: string } | undefined)?.message);
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((k) => {
    node[k] = (node[k] as Record<string, unknown> | undefined) ?? {};
    node = node[k] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

/**
 * A react-hook-form resolver that validates with the API's own schema: the form's values are
 * turned into the request body (`toBody`: euros → cents, local times → instants) and parsed by
 * the shared zod schema, so the browser refuses exactly what the server would. Issues land on
 * the form field `fieldOf(path)`; the submit handler receives the parsed body.
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown,
  fieldOf: (path: string) => string = (p) => p,
): Resolver<V, unknown, z.output<S>> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(toBody(values));
    if (parsed.success) return { values: parsed.data as z.output<S>, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (!field) continue;
      const message = KEY.test(issue.message) ? issue.message : 'validation.invalid';
      setPath(errors, field, { type: issue.code, message });
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/**
 * Puts an API refusal on the form (its field errors under the form's fields) and answers
 * the message for the whole form: the API's localised `message`.
 */
export function serverError<V extends FieldValues>(
  t: TFunction,
  err: unknown,
  setError?: UseFormSetError<V>,
  fieldOf: (path: string) => string = (p) => p,
): string {
  if (err instanceof ApiError) {
    for (const [path, messages] of Object.entries(err.fieldErrors)) {
      const field = fieldOf(path);
      if (field && messages[0] && setError)
        setError(field as Path<V>, { type: 'server', message: messages[0] });
    }
    return err.message || t('common:errors.unknown');
  }
  if (err instanceof NetworkError) return t('common:errors.network');
  return t('common:errors.unknown');
}
