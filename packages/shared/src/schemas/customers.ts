import { z } from 'zod';
import { findCountryByDialCode, isValidPhone, phoneDigits } from '../phone';

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
