import { isValidEmail } from '@bilheteira/shared/validation';
import { ORGANIZER_PASSWORD_MIN } from '@bilheteira/shared/schemas/organizer-requests';
import { ApiError } from '../../../lib/api-client';
import { isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';

export type TextField =
  'first_name' | 'last_name' | 'name_company' | 'email' | 'password_plan' | 'description';
export type Field = TextField | 'mobile' | 'accepted_terms' | 'altcha';
export type Errors = Partial<Record<Field, string>>;

/** The fields in the order they appear: the first one with an error gets the focus. */
export const FIELD_ORDER: Field[] = [
  'first_name',
  'last_name',
  'name_company',
  'email',
  'mobile',
  'password_plan',
  'description',
  'accepted_terms',
  'altcha',
];

export const emptyText: Record<TextField, string> = {
  first_name: '',
  last_name: '',
  name_company: '',
  email: '',
  password_plan: '',
  description: '',
};

/** The checks made before sending (spec §5): all required, email pattern, password length, mobile, terms, captcha. */
export function requestErrors(
  {
    values,
    phone,
    acceptedTerms,
    captcha,
  }: { values: Record<TextField, string>; phone: PhoneValue; acceptedTerms: boolean; captcha: string | null },
  t: (key: string) => string,
): Errors {
  const e: Errors = {};
  for (const f of Object.keys(emptyText) as TextField[]) {
    if (!values[f].trim()) e[f] = t('validation.required');
  }
  if (values.email.trim() && !isValidEmail(values.email)) e.email = t('validation.email');
  if (values.password_plan && values.password_plan.length < ORGANIZER_PASSWORD_MIN)
    e.password_plan = t('validation.password_min');
  if (!phone.national) e.mobile = t('validation.required');
  else if (!isPhoneValueValid(phone)) e.mobile = t('validation.phone');
  if (!acceptedTerms) e.accepted_terms = t('validation.terms');
  if (!captcha) e.altcha = t('validation.captcha');
  return e;
}

/** The server's field errors on the form's fields (its `country_call_code` is the mobile field). */
export function serverErrors(err: unknown): Errors {
  const server: Errors = {};
  if (err instanceof ApiError) {
    for (const [field, messages] of Object.entries(err.fieldErrors)) {
      const key = (field === 'country_call_code' ? 'mobile' : field) as Field;
      if (FIELD_ORDER.includes(key) && messages[0]) server[key] = messages[0];
    }
  }
  return server;
}
