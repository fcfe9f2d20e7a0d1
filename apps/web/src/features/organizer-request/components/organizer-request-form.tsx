import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@bilheteira/shared/locales';
import { ORGANIZER_LIMITS } from '@bilheteira/shared/schemas/organizer-requests';
import { Captcha } from '../../../components/captcha';
import { PhoneInput } from '../../../components/phone-input';
import { initialPhoneValue, type PhoneValue } from '../../../lib/phone-value';
import { currentLocale } from '../../../i18n/i18n';
import { ApiError, extractErrorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useCreateOrganizerRequest } from '../api/create-organizer-request';
import {
  emptyText,
  FIELD_ORDER,
  requestErrors,
  serverErrors,
  type Errors,
  type TextField,
} from '../lib/organizer-request-rules';
import {
  DescriptionField,
  LangField,
  PasswordPlanField,
  RequiredTextField,
  TermsField,
} from './organizer-request-fields';

/** After the alert dialog has closed and handed focus back, moves it to the first field in error. */
function focusFirstError(e: Errors, fid: (field: string) => string) {
  const first = FIELD_ORDER.find((f) => e[f]);
  if (!first) return;
  setTimeout(() => {
    const el = document.getElementById(fid(first));
    el?.focus();
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, 50);
}

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
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useCreateOrganizerRequest();

  const setText = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const validate = () => requestErrors({ values, phone, acceptedTerms, captcha }, t);

  const focusFirst = (e: Errors) => focusFirstError(e, fid);

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
      const server = serverErrors(err);
      setErrors(server);
      const text =
        (err instanceof ApiError ? extractErrorMessage(err.body) : undefined) ?? t('error_fallback');
      await showAlert({ type: 'error', title: t('error_title'), text });
      focusFirst(server);
    }
  }

  const textInput = (
    field: TextField,
    opts: { type?: string; autoComplete?: string; max: number; className?: string },
  ) => (
    <RequiredTextField
      id={fid(field)}
      name={field}
      label={t(`fields.${field}`)}
      value={values[field]}
      error={errors[field]}
      onChange={(v) => setText(field, v)}
      {...opts}
    />
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
      <PasswordPlanField
        id={fid('password_plan')}
        strengthId={fid('strength')}
        value={values.password_plan}
        error={errors.password_plan}
        onChange={(v) => setText('password_plan', v)}
      />
      <DescriptionField
        id={fid('description')}
        value={values.description}
        error={errors.description}
        onChange={(v) => setText('description', v)}
      />
      <LangField id={fid('lang')} value={lang} onChange={setLang} />
      <TermsField
        id={fid('accepted_terms')}
        checked={acceptedTerms}
        error={errors.accepted_terms}
        onChange={(checked) => {
          setAcceptedTerms(checked);
          if (errors.accepted_terms) setErrors((x) => ({ ...x, accepted_terms: undefined }));
        }}
      />
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
