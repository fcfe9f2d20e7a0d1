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

/** Integer id in a path or form (forms send strings). */
export const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** Free text with a bound, trimmed. */
export const text = (max: number) => z.string().trim().max(max);

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
});

export const paginationMeta = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
