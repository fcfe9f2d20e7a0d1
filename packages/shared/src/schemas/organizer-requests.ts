import { z } from 'zod';
import { normalizeLocale } from '../locales';
import { findCountryByDialCode, isValidPhone } from '../phone';
import { isValidEmail } from '../validation';
import { dialCode, nationalMobile } from './customers';

/** Minimum length of an organiser's password (the strength meter stays advisory, spec §5). */
export const ORGANIZER_PASSWORD_MIN = 8;
export const ORGANIZER_LIMITS = {
  name: 80,
  company: 120,
  email: 254,
  password: 200,
  description: 2000,
  captcha: 8000,
} as const;

const required = (max: number) =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(max, { message: 'validation.too_big' });

/** Forms send "true"/"1"/"on"; JSON sends true. Only an explicit yes counts. */
const acceptedTerms = z
  .union([z.boolean(), z.string()], { message: 'organizer.terms_required' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')
  .refine((v) => v, { message: 'organizer.terms_required' });

/**
 * Organiser account request (spec §3, §5, §7): all fields required, email pattern of
 * spec §5, country call code default 351, the ALTCHA payload in `altcha`.
 */
export const organizerRequestBody = z
  .object({
    first_name: required(ORGANIZER_LIMITS.name),
    last_name: required(ORGANIZER_LIMITS.name),
    name_company: required(ORGANIZER_LIMITS.company),
    email: z
      .string({ message: 'validation.required' })
      .trim()
      .toLowerCase()
      .max(ORGANIZER_LIMITS.email, { message: 'validation.email' })
      .refine(isValidEmail, { message: 'validation.email' }),
    mobile: nationalMobile,
    country_call_code: dialCode.default('351'),
    password_plan: z
      .string({ message: 'validation.required' })
      .min(ORGANIZER_PASSWORD_MIN, { message: 'organizer.password_min' })
      .max(ORGANIZER_LIMITS.password, { message: 'validation.too_big' }),
    description: required(ORGANIZER_LIMITS.description),
    accepted_terms: acceptedTerms,
    lang: z
      .string()
      .max(10)
      .optional()
      .transform((v) => normalizeLocale(v)),
    altcha: z
      .string({ message: 'captcha.required' })
      .min(1, { message: 'captcha.required' })
      .max(ORGANIZER_LIMITS.captcha, { message: 'captcha.invalid' }),
  })
  .superRefine((v, ctx) => {
    if (!isValidPhone(findCountryByDialCode(v.country_call_code), v.mobile)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
    }
  });
export type OrganizerRequestBody = z.input<typeof organizerRequestBody>;
export type OrganizerRequestInput = z.output<typeof organizerRequestBody>;

export const organizerRequestResponse = z.object({
  data: z.object({ message: z.string() }),
  message: z.string(),
});

/** The ALTCHA challenge the widget fetches (v2 proof of work, signed by the server). */
export const captchaChallengeResponse = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string().optional(),
});
