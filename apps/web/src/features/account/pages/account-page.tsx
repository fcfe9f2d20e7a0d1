import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toE164 } from '@bilheteira/shared/phone';
import { GENDERS, SUPPORT_LOCKED_FIELDS, type CustomerView } from '@bilheteira/shared/schemas/customers';
import type { PortabilityFormat } from '@bilheteira/shared/schemas/account';
import { customerPhoneValue, PhoneInput, type PhoneValue } from '../../../components/phone-input';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { showAlert } from '../../../stores/alert-store';
import { useSession, useSupportSession } from '../../../stores/session-store';
import { SupportOnlyNote } from '../../../components/support-only-note';
import {
  requestPortability,
  saveFile,
  saveToggle,
  useChangePassword,
  useRequestMobileCode,
  useUpdateAccount,
} from '../api/account';
import { PasswordStrength } from '../../../components/password-strength';

type TextField =
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

function valuesOf(c: CustomerView): Record<TextField, string> {
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

function Field({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string[];
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <>
            {' '}
            <span aria-hidden className="text-red-700">
              *
            </span>
            <span className="sr-only">({t('required')})</span>
          </>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AccountForm({ customer }: { customer: CustomerView }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const fid = (f: string) => `${uid}-${f}`;
  const [values, setValues] = useState(() => valuesOf(customer));
  const [phone, setPhone] = useState<PhoneValue>(() => customerPhoneValue(customer));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const update = useUpdateAccount();
  const mobileCode = useRequestMobileCode();
  const formRef = useRef<HTMLFormElement>(null);
  // a support session may not change where money, links and tickets go (the API refuses too)
  const support = useSupportSession();
  const locked = (f: string) => support && (SUPPORT_LOCKED_FIELDS as readonly string[]).includes(f);

  const newMobile = toE164(phone.dialCode, phone.national);
  const mobileChanged = !!phone.national && newMobile !== customer.mobile;

  const set = (f: TextField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));
  const inputProps = (f: TextField) => ({
    id: fid(f),
    name: f,
    value: values[f],
    onChange: set(f),
    disabled: locked(f),
    'aria-invalid': !!errors[f],
    'aria-describedby': errors[f] ? `${fid(f)}-error` : locked(f) ? `${fid(f)}-hint` : undefined,
    className: 'field-input',
  });

  const sendCode = async () => {
    try {
      const res = await mobileCode.mutateAsync({
        mobile_country_code: phone.dialCode,
        mobile: phone.national,
      });
      setCodeSentTo(newMobile);
      setErrors((e) => ({ ...e, mobile: [] }));
      await showAlert({ type: 'info', title: t('mobile_code_sent_title'), text: res.data.message });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (e) setErrors((old) => ({ ...old, ...e.fieldErrors }));
      await showAlert({
        type: 'error',
        title: t('mobile_code_error'),
        text: e?.message ?? t('unknown_error'),
      });
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    try {
      const res = await update.mutateAsync({
        ...values,
        mobile_country_code: phone.dialCode,
        mobile: phone.national,
        ...(mobileChanged ? {} : { mobile_code: '' }),
      });
      setErrors({});
      setValues(valuesOf(res.data));
      setPhone(customerPhoneValue(res.data));
      setCodeSentTo(null);
      await showAlert({ type: 'success', title: res.message });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const fieldErrors = e?.fieldErrors ?? {};
      setErrors(fieldErrors);
      const first = FIELD_ORDER.find((f) => fieldErrors[f]?.length);
      await showAlert({
        type: 'error',
        title: e?.message ?? t('unknown_error'),
        text: first ? t('check_marked_fields') : undefined,
      });
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="grid gap-5 [&>*]:min-w-0"
      data-testid="account-form"
    >
      <p className="text-sm text-slate-700">{t('required_hint')}</p>
      <Section title={t('personal_data')} id={`${uid}-personal`}>
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          <Field id={fid('first_name')} label={t('first_name')} required error={errors.first_name}>
            <input {...inputProps('first_name')} autoComplete="given-name" required />
          </Field>
          <Field id={fid('last_name')} label={t('last_name')} required error={errors.last_name}>
            <input {...inputProps('last_name')} autoComplete="family-name" required />
          </Field>
          <Field
            id={fid('email')}
            label={t('email')}
            required
            error={errors.email}
            hint={locked('email') ? t('support_locked') : undefined}
          >
            <input {...inputProps('email')} type="email" autoComplete="email" required />
            {customer.pending_email && (
              <p className="mt-1 text-sm text-amber-900" role="status" data-testid="email-pending">
                {t('email_pending', { email: customer.pending_email })}
              </p>
            )}
          </Field>
          <div>
            <PhoneInput
              id={fid('mobile')}
              name="mobile"
              label={t('mobile')}
              value={phone}
              onChange={setPhone}
              error={errors.mobile?.length ? errors.mobile.join(' ') : undefined}
              disabled={locked('mobile')}
              required
            />
            {locked('mobile') && <p className="mt-1 text-xs text-slate-600">{t('support_locked')}</p>}
          </div>
          {mobileChanged && (
            <div
              className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:col-span-2"
              data-testid="mobile-change"
            >
              <p className="text-sm text-slate-800">{t('mobile_change_hint')}</p>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void sendCode()}
                  disabled={mobileCode.isPending}
                >
                  {codeSentTo === newMobile ? t('resend_code') : t('send_code')}
                </button>
                <div className="min-w-40 flex-1">
                  <Field id={fid('mobile_code')} label={t('mobile_code')} error={errors.mobile_code}>
                    <input
                      {...inputProps('mobile_code')}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                    />
                  </Field>
                </div>
              </div>
            </div>
          )}
          <Field id={fid('birthday')} label={t('birthday')} error={errors.birthday}>
            <input
              {...inputProps('birthday')}
              type="date"
              autoComplete="bday"
              max={new Date().toISOString().slice(0, 10)}
            />
          </Field>
          <Field id={fid('gender')} label={t('gender')} error={errors.gender}>
            <select {...inputProps('gender')} autoComplete="sex">
              <option value="">{t('gender_none')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`gender_${g}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Section>

      <Section title={t('billing_data')} id={`${uid}-billing`}>
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          <Field id={fid('name_billing')} label={t('name_billing')} error={errors.name_billing}>
            <input {...inputProps('name_billing')} autoComplete="billing name" />
          </Field>
          <Field
            id={fid('document_billing')}
            label={t('document_billing')}
            error={errors.document_billing}
            hint={t('nif_hint')}
          >
            <input {...inputProps('document_billing')} inputMode="numeric" maxLength={12} />
          </Field>
          <Field
            id={fid('postal_code')}
            label={t('postal_code')}
            error={errors.postal_code}
            hint={t('postal_code_hint')}
          >
            <input {...inputProps('postal_code')} autoComplete="billing postal-code" maxLength={12} />
          </Field>
        </div>
      </Section>

      <Section title={t('iban_title')} id={`${uid}-iban`}>
        <Field
          id={fid('iban')}
          label={t('iban')}
          error={errors.iban}
          hint={locked('iban') ? t('support_locked') : t('iban_hint')}
        >
          <input
            {...inputProps('iban')}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            className="field-input font-mono"
          />
        </Field>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 bg-slate-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:p-0">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={update.isPending}>
          {update.isPending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}

/** Marketing consent and invoice by email: saved as they change, no loading indicator. */
export function Preferences({ customer }: { customer: CustomerView }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const [prefs, setPrefs] = useState({
    marketing_consent: customer.marketing_consent,
    invoice_by_email: customer.invoice_by_email,
  });
  useEffect(() => {
    setPrefs({ marketing_consent: customer.marketing_consent, invoice_by_email: customer.invoice_by_email });
  }, [customer.marketing_consent, customer.invoice_by_email]);

  const toggle = async (key: keyof typeof prefs, value: boolean) => {
    setPrefs((p) => ({ ...p, [key]: value }));
    try {
      await saveToggle({ [key]: value });
    } catch (err) {
      setPrefs((p) => ({ ...p, [key]: !value }));
      await showAlert({
        type: 'error',
        title: t('preference_error'),
        text: err instanceof ApiError ? err.message : t('unknown_error'),
      });
    }
  };

  const box = (key: keyof typeof prefs, label: string, help: string) => (
    <div className="flex gap-3">
      <input
        id={`${uid}-${key}`}
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-amber-600"
        checked={prefs[key]}
        onChange={(e) => void toggle(key, e.target.checked)}
        aria-describedby={`${uid}-${key}-help`}
      />
      <div>
        <label htmlFor={`${uid}-${key}`} className="font-medium">
          {label}
        </label>
        <p id={`${uid}-${key}-help`} className="text-sm text-slate-700">
          {help}
        </p>
      </div>
    </div>
  );

  return (
    <Section title={t('preferences')} id={`${uid}-prefs`}>
      <div className="grid gap-4">
        {box('marketing_consent', t('marketing_consent'), t('marketing_consent_help'))}
        {box('invoice_by_email', t('invoice_by_email'), t('invoice_by_email_help'))}
      </div>
    </Section>
  );
}

const EMPTY_PASSWORDS = { old_password: '', password: '', password_confirmation: '' };

export function ChangePassword() {
  const { t } = useTranslation('account');
  const uid = useId();
  const support = useSupportSession();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const field = (name: keyof typeof EMPTY_PASSWORDS, label: string, autoComplete: string) => (
    <Field id={`${uid}-${name}`} label={label} required error={errors[name]}>
      <input
        id={`${uid}-${name}`}
        name={name}
        type="password"
        className="field-input"
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `${uid}-${name}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        required
      />
    </Field>
  );
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const missing = Object.entries(values).filter(([, v]) => !v);
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map(([k]) => [k, [t('field_required')]])));
      return;
    }
    if (values.password !== values.password_confirmation) {
      setErrors({ password_confirmation: [t('passwords_mismatch')] });
      return;
    }
    try {
      const res = await change.mutateAsync(values);
      setValues(EMPTY_PASSWORDS);
      setErrors({});
      await showAlert({ type: 'success', title: t('password_changed'), text: res.data.message });
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      setErrors(e?.fieldErrors ?? {});
      await showAlert({ type: 'error', title: t('password_error'), text: e?.message ?? t('unknown_error') });
    }
  };
  if (support)
    return (
      <Section title={t('change_password')} id={`${uid}-password`}>
        <SupportOnlyNote />
      </Section>
    );
  return (
    <Section title={t('change_password')} id={`${uid}-password`}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="password-form">
        <div className="sm:col-span-2">{field('old_password', t('old_password'), 'current-password')}</div>
        <div>
          {field('password', t('new_password'), 'new-password')}
          <PasswordStrength password={values.password} />
        </div>
        {field('password_confirmation', t('confirm_password'), 'new-password')}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-secondary" disabled={change.isPending}>
            {t('change_password_button')}
          </button>
        </div>
      </form>
    </Section>
  );
}

/** `forgetHref`: the forget-data page of the current context (mini-sites keep their own). */
export function Privacy({ forgetHref = paths.dashboardForget }: { forgetHref?: string }) {
  const { t } = useTranslation('account');
  const uid = useId();
  const [format, setFormat] = useState<PortabilityFormat>('xml');
  const [busy, setBusy] = useState(false);
  const support = useSupportSession();

  const download = async () => {
    setBusy(true);
    try {
      const res = await requestPortability(format);
      if (!res.success) throw new Error('not-success');
      saveFile(
        format === 'xml' ? res.xml : res.json,
        res.filename,
        format === 'xml' ? 'application/xml;charset=utf-8' : 'application/json;charset=utf-8',
      );
      await showAlert({
        type: 'success',
        title: t('portability_done'),
        text: res.message.text,
        timerMs: 4000,
      });
    } catch (err) {
      await showAlert({
        type: 'error',
        title: t('portability_error'),
        text: err instanceof ApiError ? err.message : t('unknown_error'),
      });
    } finally {
      setBusy(false);
    }
  };

  if (support)
    return (
      <Section title={t('gdpr_title')} id={`${uid}-gdpr`}>
        <p className="text-slate-700">{t('gdpr_text')}</p>
        <SupportOnlyNote className="mt-3" />
      </Section>
    );
  return (
    <Section title={t('gdpr_title')} id={`${uid}-gdpr`}>
      <p className="text-slate-700">{t('gdpr_text')}</p>
      <h3 className="mt-5 font-semibold">{t('portability_title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('portability_text')}</p>
      <fieldset className="mt-3">
        <legend className="sr-only">{t('portability_format')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['xml', 'json'] as const).map((f) => (
            <label key={f} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${uid}-format`}
                value={f}
                checked={format === f}
                onChange={() => setFormat(f)}
                className="h-4 w-4 accent-amber-600"
              />
              {t(`format_${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="button" className="btn-secondary mt-3" onClick={() => void download()} disabled={busy}>
        {busy ? t('portability_busy') : t('portability_button')}
      </button>
      <h3 className="mt-6 font-semibold">{t('forget_title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t('forget_teaser')}</p>
      <Link
        to={forgetHref}
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-red-800 underline"
      >
        {t('forget_link')}
      </Link>
    </Section>
  );
}

/** Account (spec §2): personal and billing data, IBAN, preferences, portability, forget. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('title'));
  const customer = useSession((s) => s.customer);
  return (
    <main id="main" className="page max-w-3xl">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {customer?.impersonated && (
        <p className="mt-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-950" role="note">
          {t('impersonated')}
        </p>
      )}
      {customer ? (
        <div className="mt-6 grid gap-5 [&>*]:min-w-0">
          <AccountForm key={customer.id} customer={customer} />
          <Preferences customer={customer} />
          <ChangePassword />
          <Privacy />
        </div>
      ) : (
        <div className="mt-6 h-96 animate-pulse rounded-2xl bg-slate-200" aria-busy="true" />
      )}
    </main>
  );
}
