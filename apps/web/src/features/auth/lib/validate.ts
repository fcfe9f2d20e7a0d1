import type { z } from 'zod';

/**
 * Runs a shared zod schema (the same one the API uses) and answers the message key of the
 * first issue per field, e.g. { mobile: 'validation.phone' }; empty when valid.
 */
export function schemaFieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (out[field]) continue;
    const key = issue.message.startsWith('validation.')
      ? issue.message
      : issue.code === 'too_big'
        ? 'validation.too_big'
        : 'validation.required';
    out[field] = key;
  }
  return out;
}
