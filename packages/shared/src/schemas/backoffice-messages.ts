/**
 * An organiser's messages to the holders of an event (issue 27 item 3): operational (every
 * holder) or marketing (only those who consented, with an unsubscribe link), to the whole
 * event, one ticket type or one session, written in Portuguese and, optionally, in English and
 * Spanish (a holder reads their language, else Portuguese). The back office's form and the
 * API validate with these same schemas.
 */
import { z } from 'zod';
import { envelope } from './common';

export const BROADCAST_KINDS = ['operational', 'marketing'] as const;
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];

const subject = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(150, { message: 'validation.too_big' });
const body = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(5000, { message: 'validation.too_big' });
const text = z.strictObject({ subject, body });

export const broadcastBody = z.strictObject({
  kind: z.enum(BROADCAST_KINDS, { message: 'validation.invalid' }),
  ticket_type_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .nullable()
    .default(null),
  session_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .nullable()
    .default(null),
  texts: z.strictObject({ 'pt-pt': text, en: text.optional(), es: text.optional() }),
});
export type BroadcastBody = z.output<typeof broadcastBody>;

/** Who a message would reach: holders with an email, by language; marketing leaves out those who did not consent. */
export const broadcastAudience = z.object({
  recipients: z.number(),
  by_locale: z.object({ 'pt-pt': z.number(), en: z.number(), es: z.number() }),
  without_consent: z.number(),
});

export const broadcastPreview = z.object({
  audience: broadcastAudience,
  /** the email each language's holders would get (the unsubscribe link made for the first of them) */
  emails: z.array(z.object({ locale: z.enum(['pt-pt', 'en', 'es']), subject: z.string(), body: z.string() })),
});
export type BroadcastPreview = z.output<typeof broadcastPreview>;
export const broadcastPreviewResponse = envelope(broadcastPreview);

export const broadcastView = z.object({
  id: z.number(),
  kind: z.enum(BROADCAST_KINDS),
  ticket_type_id: z.number().nullable(),
  session_id: z.number().nullable(),
  subject: z.string(),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  created_at: z.string(),
});
export type BroadcastView = z.output<typeof broadcastView>;
export const broadcastResponse = envelope(broadcastView);
export const broadcastsResponse = envelope(z.array(broadcastView));
