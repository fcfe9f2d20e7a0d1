import { z } from 'zod';
import { findCountryByDialCode, isValidPhone, nationalNumber, phoneDigits } from '../phone';
import { isValidEmail, isValidIban, isValidNif, PT_POSTAL_CODE } from '../validation';
import { formInt, paginationMeta, readFormBoolean } from './common';
import { GENDERS, customerView } from './customers';

/* ───────────────────────────── dashboard: the customer's events ───────────────────────────── */

/**
 * Dashboard filters (spec §2). Active: not finished and not cancelled (running now or still
 * to come); Soon: not started yet; Finalized: ended or cancelled. All: every one.
 */
export const CUSTOMER_EVENT_FILTERS = ['all', 'active', 'finalized', 'soon'] as const;
export type CustomerEventFilter = (typeof CUSTOMER_EVENT_FILTERS)[number];

/** Phase of an event for its holder, with `now` as a parameter. */
export type CustomerEventPhase = 'soon' | 'ongoing' | 'finalized' | 'cancelled';
export function customerEventPhase(
  e: { status: string; startsAt: Date; endsAt: Date },
  now: Date,
): CustomerEventPhase {
  if (e.status === 'cancelled') return 'cancelled';
  if (e.endsAt.getTime() <= now.getTime()) return 'finalized';
  if (e.startsAt.getTime() > now.getTime()) return 'soon';
  return 'ongoing';
}

export const CUSTOMER_EVENTS_PER_PAGE = 6;

export const customerEventsQuery = z.object({
  filter: z.enum(CUSTOMER_EVENT_FILTERS).default('all'),
  page: formInt(z.number().int().min(1).max(10_000)).default(1),
  per_page: formInt(z.number().int().min(1).max(50)).default(CUSTOMER_EVENTS_PER_PAGE),
});
export type CustomerEventsQuery = z.input<typeof customerEventsQuery>;

export const customerEventItem = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  image_url: z.string().nullable(),
  phase: z.enum(['soon', 'ongoing', 'finalized', 'cancelled']),
  tickets_count: z.number(),
  /** the customer holds a wallet of this event */
  has_wallet: z.boolean(),
  /** the event has a cashless wallet at all (its area shows Wallet and Transactions) */
  wallet_enabled: z.boolean(),
});
export type CustomerEventItem = z.infer<typeof customerEventItem>;

export const customerEventsResponse = z.object({
  data: z.array(customerEventItem),
  meta: paginationMeta,
});
export type CustomerEventsResponse = z.infer<typeof customerEventsResponse>;

/* ───────────────────────────── event info area ───────────────────────────── */

export const eventInfo = customerEventItem.extend({
  information: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  contact_email: z.string(),
  map_osm_url: z.string(),
  map_google_url: z.string(),
  google_calendar_url: z.string(),
});
export type EventInfo = z.infer<typeof eventInfo>;

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
export const organizerMessageBody = z.object({
  subject: z.string().trim().max(120).optional().default(''),
  message: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .min(MESSAGE_MIN, { message: 'account.validation.message_short' })
    .max(MESSAGE_MAX, { message: 'validation.too_big' }),
});
export type OrganizerMessageBody = z.input<typeof organizerMessageBody>;

/* ───────────────────────────── account: personal and billing data ───────────────────────────── */

/** Fields the update form must carry (spec §8 'Fill in the required fields'). */
export const REQUIRED_CUSTOMER_FIELDS = ['first_name', 'last_name', 'email', 'mobile'] as const;

/** Form values: strings, as a multipart or urlencoded form sends them. */
/** A yes/no form field that keeps its input type; "NaN" or "maybe" is a 400, never a silent no. */
const formFlag = z
  .union([z.boolean(), z.string()])
  .refine((v) => typeof readFormBoolean(v) === 'boolean', { message: 'validation.invalid' });

export const customerUpdateBody = z.object({
  first_name: z.string().max(200).optional(),
  last_name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  mobile_country_code: z.string().max(8).optional(),
  mobile: z.string().max(32).optional(),
  /** SMS code sent to the new number by POST /customers/mobile-code (mobile changes only) */
  mobile_code: z.string().max(12).optional(),
  birthday: z.string().max(10).optional(),
  gender: z.string().max(10).optional(),
  name_billing: z.string().max(200).optional(),
  document_billing: z.string().max(32).optional(),
  postal_code: z.string().max(16).optional(),
  iban: z.string().max(64).optional(),
  marketing_consent: formFlag.optional(),
  invoice_by_email: formFlag.optional(),
});
export type CustomerUpdateBody = z.input<typeof customerUpdateBody>;

/** Form booleans: read by `formFlag`, which lets only yes/no words through. */
export const formBool = (v: string | boolean | undefined): boolean | undefined =>
  v === undefined ? undefined : readFormBoolean(v) === true;

export interface CleanCustomerUpdate {
  firstName: string;
  lastName: string;
  email: string;
  mobileCountryCode: string;
  /** national digits */
  mobile: string;
  birthday: string | null;
  gender: (typeof GENDERS)[number] | null;
  nameBilling: string | null;
  documentBilling: string | null;
  postalCode: string | null;
  iban: string | null;
  marketingConsent: boolean | undefined;
  invoiceByEmail: boolean | undefined;
}

const emptyToNull = (v: string | undefined): string | null => {
  const t = (v ?? '').trim();
  return t ? t : null;
};

/** Oldest birthday accepted (a typo guard) and youngest age (no future dates). */
const MIN_BIRTH_YEAR = 1900;

/**
 * One rule for both sides: trims and checks the account form. Answers the clean values or
 * per-field message keys; `missingRequired` says whether a required field is empty (the
 * answer then is 'Fill in the required fields' with those fields marked).
 */
export function checkCustomerUpdate(
  input: CustomerUpdateBody,
  now: Date,
):
  | { ok: true; value: CleanCustomerUpdate }
  | { ok: false; fieldErrors: Record<string, string[]>; missingRequired: boolean } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  const firstName = (input.first_name ?? '').trim().replace(/\s+/g, ' ');
  const lastName = (input.last_name ?? '').trim().replace(/\s+/g, ' ');
  const email = (input.email ?? '').trim().toLowerCase();
  const dial = phoneDigits(input.mobile_country_code ?? '351') || '351';
  // "+351912345678" as GET /customers/customer answers it is the same number as "912345678"
  const mobile = nationalNumber(dial, input.mobile ?? '');
  let missingRequired = false;
  for (const [field, value] of [
    ['first_name', firstName],
    ['last_name', lastName],
    ['email', email],
    ['mobile', mobile],
  ] as const) {
    if (!value) {
      add(field, 'validation.required');
      missingRequired = true;
    }
  }
  if (firstName.length > 80) add('first_name', 'validation.too_big');
  if (lastName.length > 80) add('last_name', 'validation.too_big');
  if (email && !isValidEmail(email)) add('email', 'validation.email');
  if (mobile && !isValidPhone(findCountryByDialCode(dial), mobile)) add('mobile', 'validation.phone');
  if (!/^\d{1,4}$/.test(dial)) add('mobile_country_code', 'validation.phone');

  const birthday = emptyToNull(input.birthday);
  if (birthday) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
    const d = m ? new Date(`${birthday}T00:00:00Z`) : null;
    const valid = !!d && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === birthday;
    if (!valid || !d) add('birthday', 'account.validation.birthday');
    else if (d.getUTCFullYear() < MIN_BIRTH_YEAR || d.getTime() > now.getTime())
      add('birthday', 'account.validation.birthday');
  }
  const genderRaw = emptyToNull(input.gender);
  const gender = genderRaw as CleanCustomerUpdate['gender'];
  if (genderRaw && !(GENDERS as readonly string[]).includes(genderRaw)) add('gender', 'validation.invalid');

  const nameBilling = emptyToNull(input.name_billing);
  if (nameBilling && nameBilling.length > 120) add('name_billing', 'validation.too_big');
  const documentBilling = emptyToNull(input.document_billing)?.replace(/\s/g, '') ?? null;
  if (documentBilling && !isValidNif(documentBilling)) add('document_billing', 'validation.nif');
  const postalCode = emptyToNull(input.postal_code)?.toUpperCase() ?? null;
  if (postalCode) {
    // Portuguese customers (351) use 1234-567; other countries a plain 3-10 character code.
    const ok =
      dial === '351' ? PT_POSTAL_CODE.test(postalCode) : /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(postalCode);
    if (!ok) add('postal_code', 'account.validation.postal_code');
  }
  const ibanRaw = emptyToNull(input.iban);
  const iban = ibanRaw ? ibanRaw.replace(/[\s-]/g, '').toUpperCase() : null;
  if (iban && !isValidIban(iban)) add('iban', 'validation.iban');

  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors, missingRequired };
  return {
    ok: true,
    value: {
      firstName,
      lastName,
      email,
      mobileCountryCode: dial,
      mobile,
      birthday,
      gender: gender ?? null,
      nameBilling,
      documentBilling,
      postalCode,
      iban,
      marketingConsent: formBool(input.marketing_consent),
      invoiceByEmail: formBool(input.invoice_by_email),
    },
  };
}

export const customerUpdateResponse = z.object({ data: customerView, message: z.string() });

/** POST /customers/customer: the quiet toggles, saved as they change. */
export const customerTogglesBody = z
  .object({
    marketing_consent: formFlag.optional(),
    invoice_by_email: formFlag.optional(),
  })
  .refine((v) => v.marketing_consent !== undefined || v.invoice_by_email !== undefined, {
    message: 'validation.required',
  });
export type CustomerTogglesBody = z.input<typeof customerTogglesBody>;

export const mobileCodeBody = z.object({
  mobile_country_code: z.string().max(8).default('351'),
  mobile: z.string().max(32),
});
export type MobileCodeBody = z.input<typeof mobileCodeBody>;

/* ───────────────────────────── GDPR ───────────────────────────── */

export const PORTABILITY_FORMATS = ['xml', 'json'] as const;
export type PortabilityFormat = (typeof PORTABILITY_FORMATS)[number];

export const portableBody = z.object({ format: z.enum(PORTABILITY_FORMATS).default('xml') });
export type PortableBody = z.input<typeof portableBody>;

/** Spec §7: success, xml, filename, message.text (plus the JSON form of the same export). */
export const portableResponse = z.object({
  success: z.boolean(),
  format: z.enum(PORTABILITY_FORMATS),
  filename: z.string(),
  xml: z.string(),
  json: z.string(),
  message: z.object({ text: z.string() }),
});
export type PortableResponse = z.infer<typeof portableResponse>;

/** What erasure will do, shown on the forget page before the customer asks. */
export const forgetPreview = z.object({
  future_tickets: z.number(),
  wallet_balance_cents: z.number(),
  /** part of the balance a refund request brings back now / once the refund window opens */
  wallet_refundable_now_cents: z.number(),
  wallet_refundable_later_cents: z.number(),
  open_refunds: z.number(),
  pending_request: z.boolean(),
});
export type ForgetPreview = z.infer<typeof forgetPreview>;

export const forgetConfirmBody = z.object({ token: z.string().trim().min(20).max(200) });

export const unsubscribeBody = z.object({ token: z.string().trim().min(10).max(400) });
export const unsubscribeResponse = z.object({
  data: z.object({ message: z.string(), email_hint: z.string().nullable() }),
});
