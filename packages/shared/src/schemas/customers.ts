import { z } from 'zod';
import { findCountryByDialCode, isValidPhone, phoneDigits } from '../phone';
import { isValidEmail } from '../validation';
import { formBoolean } from './common';

/** Dial code as sent by the phone input: "351" or "+351". */
export const dialCode = z
  .string()
  .trim()
  .max(5)
  .transform(phoneDigits)
  .refine((v) => /^\d{1,4}$/.test(v), { message: 'validation.phone' });

/** National mobile number; spaces stripped (spec §5), digits only. */
export const nationalMobile = z.string().trim().max(32).transform(phoneDigits);

/** Mobile + country code validated by the one phone rule of spec §5. */
export const mobileWithCountry = z
  .object({ mobile_country_code: dialCode.default('351'), mobile: nationalMobile })
  .superRefine((v, ctx) => {
    if (!isValidPhone(findCountryByDialCode(v.mobile_country_code), v.mobile)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
    }
  });

export const loginMobileBody = mobileWithCountry;
export type LoginMobileBody = z.input<typeof loginMobileBody>;

export const loginMobileResponse = z.object({
  data: z.object({ exists: z.boolean(), message: z.string() }),
  message: z.string().optional(),
});

export const loginPasswordBody = z
  .object({
    mobile_country_code: dialCode.default('351'),
    /** spec §7: mobile and login (mobile without spaces) */
    mobile: nationalMobile.optional(),
    login: nationalMobile.optional(),
    password: z.string().min(1, { message: 'validation.required' }).max(200),
  })
  .transform((v) => ({ ...v, mobile: v.login || v.mobile || '' }))
  .superRefine((v, ctx) => {
    if (!isValidPhone(findCountryByDialCode(v.mobile_country_code), v.mobile)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
    }
  });

export const loginPasswordResponse = z.object({
  data: z.object({ message: z.string(), accessToken: z.string() }),
  message: z.string(),
  accessToken: z.string(),
});

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The customer as the API shows it to its owner (spec §3 fields, never the password). */
export const customerView = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  /** a new email waiting for its confirmation link; messages still go to `email` */
  pending_email: z.string().nullable(),
  mobile: z.string().nullable(),
  mobile_country_code: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  name_billing: z.string().nullable(),
  document_billing: z.string().nullable(),
  postal_code: z.string().nullable(),
  iban: z.string().nullable(),
  marketing_consent: z.boolean(),
  invoice_by_email: z.boolean(),
  mobile_verified: z.boolean(),
  email_verified: z.boolean(),
  impersonated: z.boolean(),
});
export type CustomerView = z.infer<typeof customerView>;

/**
 * Account fields a support (impersonated) session may not change (issue 23 item 7): they
 * decide where money, reset links and tickets go. The API refuses, the web disables them.
 */
export const SUPPORT_LOCKED_FIELDS = ['email', 'mobile', 'iban'] as const;

/** Minimum password length: the strength meter is advisory, but 8 characters are required. */
export const PASSWORD_MIN_LENGTH = 8;
export const password = z
  .string({ message: 'validation.required' })
  .min(1, { message: 'validation.required' })
  .min(PASSWORD_MIN_LENGTH, { message: 'validation.password_min' })
  .max(200);

const requiredText = (max: number) =>
  z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(max);

export const emailField = z
  .string({ message: 'validation.required' })
  .trim()
  .toLowerCase()
  .max(254)
  .refine(isValidEmail, { message: 'validation.email' });

/** YYYY-MM-DD, a real date in the past (birthday). Empty means not given. */
export const birthdayField = z
  .string()
  .trim()
  .max(10)
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine(
    (v) => {
      if (v === undefined) return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900;
    },
    { message: 'validation.birthday' },
  );

function checkPhone(v: { mobile_country_code: string; mobile: string }, ctx: z.RefinementCtx) {
  if (!isValidPhone(findCountryByDialCode(v.mobile_country_code), v.mobile)) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
  }
}

function checkConfirmation(v: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.passwords_match' });
  }
}

/** POST /api/customers/register: spec §3 customer fields, terms required (spec §5). */
export const registerBody = z
  .object({
    first_name: requiredText(80),
    last_name: requiredText(80),
    email: emailField,
    mobile_country_code: dialCode.default('351'),
    mobile: nationalMobile,
    birthday: birthdayField,
    gender: z
      .union([z.enum(GENDERS), z.literal('')])
      .optional()
      .transform((v) => v || undefined),
    password,
    password_confirmation: z.string().max(200),
    accepted_terms: formBoolean.refine((v) => v, { message: 'validation.accept_terms' }),
    marketing_consent: formBoolean.default(false),
    invoice_by_email: formBoolean.default(false),
  })
  .superRefine((v, ctx) => {
    checkPhone(v, ctx);
    checkConfirmation(v, ctx);
  });
export type RegisterBody = z.input<typeof registerBody>;

/** What registration and resend answer: where the code went and when it may be resent. */
export const codeSentResponse = z.object({
  data: z.object({
    message: z.string(),
    mobile: z.string(),
    mobile_country_code: z.string(),
    /** seconds before another SMS may be asked for */
    resend_after: z.number(),
  }),
  message: z.string(),
});

export const SMS_CODE_DIGITS = 6;
export const SMS_RESEND_COOLDOWN_SECONDS = 60;

/** POST /api/customers/activate: the 6-digit SMS code for this number. */
export const activateBody = z
  .object({
    mobile_country_code: dialCode.default('351'),
    mobile: nationalMobile,
    code: z
      .string({ message: 'validation.required' })
      .trim()
      .regex(/^\d{6}$/, { message: 'validation.sms_code' }),
  })
  .superRefine(checkPhone);
export type ActivateBody = z.input<typeof activateBody>;

/** POST /api/customers/resend-code */
export const resendCodeBody = mobileWithCountry;

/** An opaque link token (email confirmation, password reset, impersonation). */
export const linkToken = z
  .string({ message: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { message: 'validation.link_token' });

export const confirmEmailBody = z.object({ token: linkToken });

/** POST /api/customers/request-password (spec §7: mobile; country code optional). */
export const requestPasswordBody = mobileWithCountry;

export const resetPasswordBody = z
  .object({ token: linkToken, password, password_confirmation: z.string().max(200) })
  .superRefine(checkConfirmation);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /api/customers/reset-password/check: whether the emailed link still works, when opened. */
export const resetLinkCheckBody = z.object({ token: linkToken });

export const changePasswordBody = z
  .object({
    old_password: z
      .string({ message: 'validation.required' })
      .min(1, { message: 'validation.required' })
      .max(200),
    password,
    password_confirmation: z.string().max(200),
  })
  .superRefine(checkConfirmation);
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const impersonateBody = z.object({ token: linkToken });

/** Answer carrying a new session (activation, impersonation). */
export const sessionResponse = z.object({
  data: z.object({ message: z.string(), accessToken: z.string() }),
  message: z.string(),
  accessToken: z.string(),
});

export const messageResponse = z.object({ data: z.object({ message: z.string() }), message: z.string() });
