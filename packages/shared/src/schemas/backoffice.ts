import { z } from 'zod';
import { ROLES } from '../backoffice-roles';
import { isValidIban, isValidNif, normalizeIban } from '../validation';
import { isValidEmail } from '../validation';

/** Shortest back-office password (staff hold money and personal data: longer than customers'). */
export const STAFF_PASSWORD_MIN = 12;

const email = z
  .string({ message: 'validation.required' })
  .trim()
  .toLowerCase()
  .max(254, { message: 'validation.too_big' })
  .refine(isValidEmail, { message: 'validation.email' });

const password = z
  .string({ message: 'validation.required' })
  .min(1, { message: 'validation.required' })
  .max(200, { message: 'validation.too_big' });

export const staffLoginBody = z.object({ email, password });

/** A TOTP code (6 digits) or a recovery code (xxxx-xxxx). */
export const secondFactorBody = z.object({
  code: z
    .string({ message: 'validation.required' })
    .trim()
    .regex(/^(\d{6}|[a-z0-9]{4}-?[a-z0-9]{4})$/i, { message: 'staff.code_format' }),
});

export const totpCodeBody = z.object({
  code: z
    .string({ message: 'validation.required' })
    .trim()
    .regex(/^\d{6}$/, { message: 'staff.code_format' }),
});

export const invitationBody = z.object({
  email,
  role: z.enum(ROLES, { message: 'staff.role_unknown' }),
});

export const acceptInvitationBody = z.object({
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(120, { message: 'validation.too_big' }),
  password: z
    .string({ message: 'validation.required' })
    .min(STAFF_PASSWORD_MIN, { message: 'staff.password_short' })
    .max(200, { message: 'validation.too_big' }),
});

export const approveRequestBody = z.object({
  nif: z.string({ message: 'validation.required' }).trim().refine(isValidNif, { message: 'validation.nif' }),
  iban: z
    .string({ message: 'validation.required' })
    .transform(normalizeIban)
    .refine(isValidIban, { message: 'validation.iban' }),
});

export const rejectRequestBody = z.object({
  reason: z
    .string({ message: 'validation.required' })
    .trim()
    .min(3, { message: 'validation.required' })
    .max(1000, { message: 'validation.too_big' }),
});

export const memberRoleBody = z.object({ role: z.enum(ROLES, { message: 'staff.role_unknown' }) });

export { password as staffPasswordField };

/** Where a back-office session stands (see the API's staff-auth.service). */
export const sessionStateSchema = z.enum(['complete', 'second_factor', 'totp_setup']);

export const staffMembershipView = z.object({
  organizer_id: z.number(),
  organizer_name: z.string(),
  organizer_slug: z.string(),
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
});

export const staffMeView = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  platform_role: z.string().nullable(),
  second_factor_enabled: z.boolean(),
  state: sessionStateSchema,
  /** send as X-CSRF-Token on every request that changes something */
  csrf_token: z.string(),
  memberships: z.array(staffMembershipView),
});
export type StaffMe = z.infer<typeof staffMeView>;

export const staffSessionView = z.object({
  id: z.number(),
  current: z.boolean(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  second_factor: z.boolean(),
});

export const teamMemberView = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  second_factor: z.boolean(),
});

export const teamInvitationView = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(ROLES),
  expires_at: z.string(),
});

export const invitationPreview = z.object({
  organizer_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  account_exists: z.boolean(),
});

export const organizerRequestView = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name_company: z.string(),
  email: z.string(),
  mobile: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  decision_reason: z.string().nullable(),
  organizer_id: z.number().nullable(),
  created_at: z.string(),
});
