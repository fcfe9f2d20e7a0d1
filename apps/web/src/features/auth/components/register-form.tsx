import { useId, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GENDERS, registerBody } from '@bilheteira/shared/schemas/customers';
import { Field } from '../../../components/field';
import { PasswordStrength } from '../../../components/password-strength';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, type PhoneValue } from '../../../lib/phone-value';
import { paths } from '../../../config/paths';
import { showAlert } from '../../../stores/alert-store';
import { useSession } from '../../../stores/session-store';
import { register, type CodeSent } from '../api/auth-api';
import { apiFieldErrors, loginErrorText } from '../lib/errors';
import { schemaFieldErrors } from '../lib/validate';
import { ActivateForm } from './activate-form';

export interface RegisterFormProps {
  /** called once the mobile is proved and the customer is signed in */
  onRegistered(token: string): void;
  /** login of the current context (dashboard or mini-site) */
  loginHref: string;
}

interface Fields {
  first_name: string;
  last_name: string;
  email: string;
  birthday: string;
  gender: string;
  password: string;
  password_confirmation: string;
  accepted_terms: boolean;
  marketing_consent: boolean;
  invoice_by_email: boolean;
}

type TextName = 'first_name' | 'last_name' | 'email' | 'birthday' | 'password' | 'password_confirmation';

const EMPTY: Fields = {
  first_name: '',
  last_name: '',
  email: '',
  birthday: '',
  gender: '',
  password: '',
  password_confirmation: '',
  accepted_terms: false,
  marketing_consent: false,
  invoice_by_email: false,
};

/** After registering: the SMS code proves the mobile and signs the customer in. */
function RegisterActivate({
  sent,
  national,
  onRegistered,
}: {
  sent: CodeSent;
  national: string;
  onRegistered(token: string): void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-4" data-testid="register-activate">
      <h2 className="text-xl font-bold">{t('activate.title')}</h2>
      <ActivateForm
        phone={{ dialCode: sent.mobile_country_code, national }}
        resendAfter={sent.resend_after}
        intro={`${sent.message} ${t('activate.valid_for')}`}
        onActivated={async (token, message) => {
          useSession.getState().setToken(token);
          await showAlert({ type: 'success', title: t('activate.done_title'), text: message });
          onRegistered(token);
        }}
      />
    </div>
  );
}

/** The required acceptance of the terms and the privacy policy (both open in a new tab). */
function TermsConsent({
  id,
  checked,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  error?: string;
  onChange(checked: boolean): void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-amber-600"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          required
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
        />
        <span>
          <Trans
            t={t}
            i18nKey="register.accept_terms"
            components={{
              terms: (
                <a href={paths.terms} target="_blank" rel="noreferrer" className="font-semibold underline" />
              ),
              privacy: (
                <a
                  href={paths.privacy}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold underline"
                />
              ),
            }}
          />
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Registration (issue 4 item 3): spec §3 fields, terms and privacy required, marketing and
 * invoice-by-email optional, password with the advisory strength meter and confirmation;
 * then the SMS code proves the mobile and signs the customer in.
 */
export function RegisterForm({ onRegistered, loginHref }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [params] = useSearchParams();
  const [phone, setPhone] = useState<PhoneValue>(() =>
    initialPhoneValue(params.get('mobile') ?? '', params.get('country')),
  );
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<CodeSent | null>(null);

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const values = { ...fields, mobile_country_code: phone.dialCode, mobile: phone.national };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const local = schemaFieldErrors(registerBody, values);
    if (Object.keys(local).length) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)])));
      const first = Object.keys(local)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const res = await register(values);
      setSent(res.data);
    } catch (err) {
      const fieldErrors = apiFieldErrors(err);
      setErrors(fieldErrors);
      await showAlert({
        type: 'error',
        title: t('register.error_title'),
        text: loginErrorText(err, t('login.unknown_error')),
      });
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) return <RegisterActivate sent={sent} national={phone.national} onRegistered={onRegistered} />;

  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};
  const textField = (name: TextName, props: ComponentProps<'input'>, after?: ReactNode) => (
    <Field id={fid(name)} label={t(`register.${name}`)} error={errors[name]}>
      <input
        id={fid(name)}
        className="field-input"
        value={fields[name]}
        onChange={(e) => set(name, e.target.value)}
        {...props}
        {...invalid(name)}
      />
      {after}
    </Field>
  );

  const optIn = (name: 'marketing_consent' | 'invoice_by_email') => (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-amber-600"
        checked={fields[name]}
        onChange={(e) => set(name, e.target.checked)}
      />
      {t(`register.${name}`)}
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="register-form">
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('first_name', { autoComplete: 'given-name', required: true })}
        {textField('last_name', { autoComplete: 'family-name', required: true })}
      </div>
      {textField('email', { type: 'email', autoComplete: 'email', required: true })}
      <PhoneInput
        id={fid('mobile')}
        name="mobile"
        label={t('register.mobile')}
        value={phone}
        onChange={(v) => {
          setPhone(v);
          setErrors(({ mobile: _gone, ...rest }) => rest);
        }}
        error={errors.mobile}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {textField('birthday', {
          type: 'date',
          autoComplete: 'bday',
          max: new Date().toISOString().slice(0, 10),
        })}
        <Field id={fid('gender')} label={t('register.gender')} error={errors.gender}>
          <select
            id={fid('gender')}
            className="field-input"
            value={fields.gender}
            onChange={(e) => set('gender', e.target.value)}
          >
            <option value="">{t('register.gender_none')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`register.gender_${g}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {textField(
        'password',
        { type: 'password', autoComplete: 'new-password', required: true },
        <PasswordStrength password={fields.password} />,
      )}
      {textField('password_confirmation', { type: 'password', autoComplete: 'new-password', required: true })}
      <fieldset className="space-y-3">
        <legend className="sr-only">{t('register.consents')}</legend>
        <TermsConsent
          id={fid('accepted_terms')}
          checked={fields.accepted_terms}
          error={errors.accepted_terms}
          onChange={(checked) => set('accepted_terms', checked)}
        />
        {optIn('marketing_consent')}
        {optIn('invoice_by_email')}
      </fieldset>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? t('common:loading') : t('register.submit')}
      </button>
      <p className="text-center text-sm text-slate-700">
        {t('register.have_account')}{' '}
        <Link to={loginHref} className="font-semibold text-amber-800 underline">
          {t('register.login')}
        </Link>
      </p>
    </form>
  );
}

export default RegisterForm;
