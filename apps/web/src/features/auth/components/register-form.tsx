import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { GENDERS, registerBody } from '@bilheteira/shared/schemas/customers';
import { PasswordStrength } from '../../../components/password-strength';
import { initialPhoneValue, PhoneInput, type PhoneValue } from '../../../components/phone-input';
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

function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint}
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

  if (sent) {
    return (
      <div className="space-y-4" data-testid="register-activate">
        <h2 className="text-xl font-bold">{t('activate.title')}</h2>
        <ActivateForm
          phone={{ dialCode: sent.mobile_country_code, national: phone.national }}
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

  const fid = (name: string) => `${id}-${name}`;
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(name)}-error` } : {};

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="register-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fid('first_name')} label={t('register.first_name')} error={errors.first_name}>
          <input
            id={fid('first_name')}
            className="field-input"
            autoComplete="given-name"
            required
            value={fields.first_name}
            onChange={(e) => set('first_name', e.target.value)}
            {...invalid('first_name')}
          />
        </Field>
        <Field id={fid('last_name')} label={t('register.last_name')} error={errors.last_name}>
          <input
            id={fid('last_name')}
            className="field-input"
            autoComplete="family-name"
            required
            value={fields.last_name}
            onChange={(e) => set('last_name', e.target.value)}
            {...invalid('last_name')}
          />
        </Field>
      </div>
      <Field id={fid('email')} label={t('register.email')} error={errors.email}>
        <input
          id={fid('email')}
          type="email"
          className="field-input"
          autoComplete="email"
          required
          value={fields.email}
          onChange={(e) => set('email', e.target.value)}
          {...invalid('email')}
        />
      </Field>
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
        <Field id={fid('birthday')} label={t('register.birthday')} error={errors.birthday}>
          <input
            id={fid('birthday')}
            type="date"
            className="field-input"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
            value={fields.birthday}
            onChange={(e) => set('birthday', e.target.value)}
            {...invalid('birthday')}
          />
        </Field>
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
      <Field
        id={fid('password')}
        label={t('register.password')}
        error={errors.password}
        hint={<PasswordStrength password={fields.password} />}
      >
        <input
          id={fid('password')}
          type="password"
          className="field-input"
          autoComplete="new-password"
          required
          value={fields.password}
          onChange={(e) => set('password', e.target.value)}
          {...invalid('password')}
        />
      </Field>
      <Field
        id={fid('password_confirmation')}
        label={t('register.password_confirmation')}
        error={errors.password_confirmation}
      >
        <input
          id={fid('password_confirmation')}
          type="password"
          className="field-input"
          autoComplete="new-password"
          required
          value={fields.password_confirmation}
          onChange={(e) => set('password_confirmation', e.target.value)}
          {...invalid('password_confirmation')}
        />
      </Field>
      <fieldset className="space-y-3">
        <legend className="sr-only">{t('register.consents')}</legend>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              id={fid('accepted_terms')}
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-amber-600"
              checked={fields.accepted_terms}
              onChange={(e) => set('accepted_terms', e.target.checked)}
              required
              {...invalid('accepted_terms')}
            />
            <span>
              <Trans
                t={t}
                i18nKey="register.accept_terms"
                components={{
                  terms: (
                    <a
                      href={paths.terms}
                      target="_blank"
                      rel="noreferrer"
                      className="font-semibold underline"
                    />
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
          {errors.accepted_terms && (
            <p id={`${fid('accepted_terms')}-error`} className="field-error" role="alert">
              {errors.accepted_terms}
            </p>
          )}
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-amber-600"
            checked={fields.marketing_consent}
            onChange={(e) => set('marketing_consent', e.target.checked)}
          />
          {t('register.marketing_consent')}
        </label>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-amber-600"
            checked={fields.invoice_by_email}
            onChange={(e) => set('invoice_by_email', e.target.checked)}
          />
          {t('register.invoice_by_email')}
        </label>
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
