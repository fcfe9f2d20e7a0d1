import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@bilheteira/shared/validation';
import { LOCALES, type Locale } from '@bilheteira/shared/locales';
import { ORGANIZER_LIMITS, ORGANIZER_PASSWORD_MIN } from '@bilheteira/shared/schemas/organizer-requests';
import { Captcha } from '../../../components/captcha';
import { PasswordStrength } from '../../../components/password-strength';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, isPhoneValueValid, type PhoneValue } from '../../../lib/phone-value';
import { paths } from '../../../config/paths';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError, extractErrorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useCreateOrganizerRequest } from '../api/create-organizer-request';

type TextField = 'first_name' | 'last_name' | 'name_company' | 'email' | 'password_plan' | 'description';
type Field = TextField | 'mobile' | 'accepted_terms' | 'altcha';
type Errors = Partial<Record<Field, string>>;

const FIELD_ORDER: Field[] = [
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

const emptyText: Record<TextField, string> = {
  first_name: '',
  last_name: '',
  name_company: '',
  email: '',
  password_plan: '',
  description: '',
};

/**
 * The organiser account request (spec §3, §5, §7): all fields required, email pattern with
 * the 'Erro no E-mail' dialog, mobile with country code (351 by default), password with the
 * advisory strength meter, description, terms, contact language and the ALTCHA captcha.
 * Used by the create-event modal and the /create-account page.
 */
export function OrganizerRequestForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('organizer');
  const uid = useId();
  const fid = (f: string) => `org-${uid}-${f}`;
  const [values, setValues] = useState(emptyText);
  const [phone, setPhone] = useState<PhoneValue>(() => initialPhoneValue());
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [lang, setLang] = useState<Locale>(currentLocale());
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useCreateOrganizerRequest();

  const setText = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function validate(): Errors {
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

  function focusFirst(e: Errors) {
    const first = FIELD_ORDER.find((f) => e[f]);
    if (!first) return;
    // After the alert dialog has closed and handed focus back, move it to the field.
    setTimeout(() => {
      const el = document.getElementById(fid(first));
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 50);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const found = validate();
    setErrors(found);
    if (found.email && values.email.trim()) {
      // Spec §5: an email that does not match the pattern gets its own dialog.
      await showAlert({ type: 'error', title: t('email_error.title'), text: t('email_error.text') });
      focusFirst({ email: found.email });
      return;
    }
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    try {
      const answer = await mutation.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        name_company: values.name_company.trim(),
        email: values.email.trim(),
        mobile: phone.national,
        country_call_code: phone.dialCode,
        password_plan: values.password_plan,
        description: values.description.trim(),
        accepted_terms: true,
        lang,
        altcha: captcha!,
      });
      setValues(emptyText);
      setPhone(initialPhoneValue());
      setAcceptedTerms(false);
      setCaptchaReset((n) => n + 1);
      await showAlert({
        type: 'success',
        title: t('success_title'),
        text: answer.data?.message ?? answer.message ?? '',
      });
      onDone?.();
    } catch (err) {
      // Each captcha solution is accepted once: get a fresh one for the next attempt.
      setCaptchaReset((n) => n + 1);
      const server: Errors = {};
      if (err instanceof ApiError) {
        for (const [field, messages] of Object.entries(err.fieldErrors)) {
          const key = (field === 'country_call_code' ? 'mobile' : field) as Field;
          if (FIELD_ORDER.includes(key) && messages[0]) server[key] = messages[0];
        }
      }
      setErrors(server);
      const text =
        (err instanceof ApiError ? extractErrorMessage(err.body) : undefined) ?? t('error_fallback');
      await showAlert({ type: 'error', title: t('error_title'), text });
      focusFirst(server);
    }
  }

  const described = (field: Field, hint?: string) =>
    [errors[field] ? `${fid(field)}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;
  const errorText = (field: Field): ReactNode =>
    errors[field] ? (
      <p id={`${fid(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  const textInput = (
    field: TextField,
    opts: { type?: string; autoComplete?: string; max: number; className?: string },
  ) => (
    <div className={opts.className}>
      <label htmlFor={fid(field)} className="field-label">
        {t(`fields.${field}`)}
      </label>
      <input
        id={fid(field)}
        name={field}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete}
        maxLength={opts.max}
        required
        aria-required="true"
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field)}
        className="field-input"
        value={values[field]}
        onChange={(e) => setText(field, e.target.value)}
      />
      {errorText(field)}
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="organizer-request-form">
      <p className="text-sm text-slate-700">{t('required_note')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {textInput('first_name', { autoComplete: 'given-name', max: ORGANIZER_LIMITS.name })}
        {textInput('last_name', { autoComplete: 'family-name', max: ORGANIZER_LIMITS.name })}
      </div>
      {textInput('name_company', { autoComplete: 'organization', max: ORGANIZER_LIMITS.company })}
      {textInput('email', { type: 'email', autoComplete: 'email', max: ORGANIZER_LIMITS.email })}
      <PhoneInput
        id={fid('mobile')}
        name="mobile"
        label={t('fields.mobile')}
        value={phone}
        required
        error={errors.mobile}
        onChange={(v) => {
          setPhone(v);
          if (errors.mobile) setErrors((e) => ({ ...e, mobile: undefined }));
        }}
      />
      <div>
        <label htmlFor={fid('password_plan')} className="field-label">
          {t('fields.password')}
        </label>
        <div className="relative">
          <input
            id={fid('password_plan')}
            name="password_plan"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            maxLength={ORGANIZER_LIMITS.password}
            required
            aria-required="true"
            aria-invalid={errors.password_plan ? true : undefined}
            aria-describedby={described('password_plan', `${fid('password_plan')}-hint ${fid('strength')}`)}
            className="field-input pr-24"
            value={values.password_plan}
            onChange={(e) => setText('password_plan', e.target.value)}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-sm font-medium text-slate-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-amber-500"
            aria-pressed={showPassword}
            aria-controls={fid('password_plan')}
            onClick={() => setShowPassword((s) => !s)}
          >
            {showPassword ? t('fields.hide_password') : t('fields.show_password')}
          </button>
        </div>
        <p id={`${fid('password_plan')}-hint`} className="mt-1 text-xs text-slate-600">
          {t('fields.password_hint')}
        </p>
        <PasswordStrength password={values.password_plan} id={fid('strength')} />
        {errorText('password_plan')}
      </div>
      <div>
        <label htmlFor={fid('description')} className="field-label">
          {t('fields.description')}
        </label>
        <textarea
          id={fid('description')}
          name="description"
          rows={4}
          maxLength={ORGANIZER_LIMITS.description}
          required
          aria-required="true"
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description', `${fid('description')}-hint`)}
          className="field-input"
          value={values.description}
          onChange={(e) => setText('description', e.target.value)}
        />
        <p id={`${fid('description')}-hint`} className="mt-1 text-xs text-slate-600">
          {t('fields.description_hint')}
        </p>
        {errorText('description')}
      </div>
      <div>
        <label htmlFor={fid('lang')} className="field-label">
          {t('fields.lang')}
        </label>
        <select
          id={fid('lang')}
          name="lang"
          className="field-input"
          value={lang}
          onChange={(e) => setLang(e.target.value as Locale)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <div className="flex items-start gap-3">
          <input
            id={fid('accepted_terms')}
            name="accepted_terms"
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-amber-600"
            required
            aria-required="true"
            aria-invalid={errors.accepted_terms ? true : undefined}
            aria-describedby={described('accepted_terms')}
            checked={acceptedTerms}
            onChange={(e) => {
              setAcceptedTerms(e.target.checked);
              if (errors.accepted_terms) setErrors((x) => ({ ...x, accepted_terms: undefined }));
            }}
          />
          <label htmlFor={fid('accepted_terms')} className="text-sm text-slate-800">
            {t('fields.accepted_terms_before')}
            <a href={paths.terms} target="_blank" rel="noopener" className="font-medium underline">
              {t('fields.terms_link')}
              <span className="sr-only"> {t('fields.new_tab')}</span>
            </a>
            {t('fields.accepted_terms_middle')}
            <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium underline">
              {t('fields.privacy_link')}
              <span className="sr-only"> {t('fields.new_tab')}</span>
            </a>
            {t('fields.accepted_terms_after')}
          </label>
        </div>
        {errorText('accepted_terms')}
      </div>
      <fieldset>
        <legend className="field-label">{t('fields.captcha')}</legend>
        <Captcha
          id={fid('altcha')}
          resetKey={captchaReset}
          error={errors.altcha}
          onChange={(payload) => {
            setCaptcha(payload);
            if (payload) setErrors((x) => ({ ...x, altcha: undefined }));
          }}
        />
      </fieldset>
      <button type="submit" className="btn-primary w-full" disabled={mutation.isPending}>
        {mutation.isPending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
