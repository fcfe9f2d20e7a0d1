import type { CustomerView } from '@bilheteira/shared/schemas/customers';

/** The account form's text fields (the mobile is a PhoneInput of its own). */
export type TextField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'birthday'
  | 'gender'
  | 'name_billing'
  | 'document_billing'
  | 'postal_code'
  | 'iban'
  | 'mobile_code';

export type FieldErrors = Record<string, string[]>;

/** The fields in the order they appear: the first one with an error gets the focus. */
const FIELD_ORDER = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'mobile_code',
  'birthday',
  'gender',
  'name_billing',
  'document_billing',
  'postal_code',
  'iban',
] as const;

/** The form's values for a customer (the SMS code always starts empty). */
export function valuesOf(c: CustomerView): Record<TextField, string> {
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email ?? '',
    birthday: c.birthday ?? '',
    gender: c.gender ?? '',
    name_billing: c.name_billing ?? '',
    document_billing: c.document_billing ?? '',
    postal_code: c.postal_code ?? '',
    iban: c.iban ?? '',
    mobile_code: '',
  };
}

/** The first field on the page with an error, if any. */
export function firstErrorField(errors: FieldErrors): (typeof FIELD_ORDER)[number] | undefined {
  return FIELD_ORDER.find((f) => errors[f]?.length);
}

export const EMPTY_PASSWORDS = { old_password: '', password: '', password_confirmation: '' };
export type PasswordValues = typeof EMPTY_PASSWORDS;

/**
 * The password change checked before it is sent: every field required, then the two new
 * passwords equal. Null when it may be sent (the API checks the rest).
 */
export function passwordErrors(values: PasswordValues, t: (key: string) => string): FieldErrors | null {
  const missing = Object.entries(values).filter(([, v]) => !v);
  if (missing.length) return Object.fromEntries(missing.map(([k]) => [k, [t('field_required')]]));
  if (values.password !== values.password_confirmation)
    return { password_confirmation: [t('passwords_mismatch')] };
  return null;
}
