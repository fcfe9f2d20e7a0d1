import { z } from 'zod';

/** Error answer of every route (DESIGN §3). */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** `{ data: … }` envelope with an optional user-facing message. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

/** Plain decimal integers only: "0x1F4", "1e3", "12.0" or " " are not numbers a person typed. */
const DECIMAL_INTEGER = /^[+-]?\d{1,15}$/;

/**
 * An integer from JSON or from a form or query string (which send strings), read strictly:
 * a string counts only when it is a plain decimal integer, so `"0x1F4"` or `"1e3"` is a 400
 * instead of 500 or 1000. `schema` carries the bounds.
 */
export const formInt = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_INTEGER.test(v.trim()) ? Number(v.trim()) : v),
    schema,
  );

const FORM_YES = ['1', 'true', 'on', 'yes'];
const FORM_NO = ['0', 'false', 'off', 'no'];

/** Reads a form boolean strictly: yes/no words map, anything else ("NaN", "maybe") stays a string. */
export function readFormBoolean(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const word = v.trim().toLowerCase();
  if (FORM_YES.includes(word)) return true;
  if (FORM_NO.includes(word)) return false;
  return v;
}

/** A boolean from JSON, forms ("1"/"0", "true"/"false", "on"/"off") and multipart; any other value is a 400. */
export const formBoolean = z.preprocess(readFormBoolean, z.boolean());

/** Integer id in a path or form (forms send strings). */
export const idParam = formInt(
  z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
);

/** Free text with a bound, trimmed. */
export const text = (max: number) => z.string().trim().max(max);

export const paginationQuery = z.object({
  page: formInt(z.number().int().min(1).max(10_000)).default(1),
  per_page: formInt(z.number().int().min(1).max(100)).default(12),
});

export const paginationMeta = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
