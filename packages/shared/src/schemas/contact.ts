import { z } from 'zod';
import { isValidEmail } from '../validation';

export const CONTACT_LIMITS = {
  name: 120,
  company: 120,
  email: 254,
  messageMin: 10,
  message: 5000,
  captcha: 8000,
} as const;

const required = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.too_big' });

/**
 * Need-help contact form (spec §2 "contact form (name, company, message, consent)"). An
 * email is asked as well: support has to be able to answer. Forms send consent as
 * "true"/"1"/"on"; only an explicit yes counts.
 */
export const contactBody = z.object({
  name: required(CONTACT_LIMITS.name),
  company: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.company, { message: 'validation.too_big' })
    .optional()
    .default(''),
  email: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'validation.required' })
    .max(CONTACT_LIMITS.email, { message: 'validation.email' })
    .refine(isValidEmail, { message: 'validation.email' }),
  message: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .min(CONTACT_LIMITS.messageMin, { message: 'contact.message_short' })
    .max(CONTACT_LIMITS.message, { message: 'validation.too_big' }),
  consent: z
    .union([z.boolean(), z.string()], { message: 'contact.consent_required' })
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
    .refine((v) => v, { message: 'contact.consent_required' }),
  altcha: z
    .string({ message: 'captcha.required' })
    .max(CONTACT_LIMITS.captcha, { message: 'captcha.invalid' })
    .optional(),
});
export type ContactInput = z.input<typeof contactBody>;

export const contactResponse = z.object({
  data: z.object({ message: z.string() }),
  message: z.string(),
});
