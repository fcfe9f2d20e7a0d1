import { zodResolver } from '@hookform/resolvers/zod';
import { contactBody, CONTACT_LIMITS, type ContactInput } from '@bilheteira/shared/schemas/contact';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Captcha } from '../../../components/captcha';
import { Field } from '../../../components/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { showAlert } from '../../../stores/alert-store';
import { useSendContact } from '../api/contact';

type FieldName = 'name' | 'company' | 'email' | 'message' | 'consent' | 'altcha';
const FIELDS: FieldName[] = ['name', 'company', 'email', 'message', 'consent', 'altcha'];

/** The server's thanks once the message is sent, and the way to send another. */
function ContactSent({ message, onAnother }: { message: string; onAnother(): void }) {
  const { t } = useTranslation('static');
  return (
    <div className="card mt-8" role="status" data-testid="contact-sent">
      <h2 className="text-xl font-bold">{t('need_help.sent_title')}</h2>
      <p className="mt-2 text-slate-800">{message}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onAnother}>
        {t('need_help.send_another')}
      </button>
    </div>
  );
}

/** Need help: the contact form (name, company, email, message, consent, captcha). */
export default function NeedHelpPage() {
  const { t } = useTranslation('static');
  usePageMeta(t('need_help.title'), t('need_help.intro'));
  const send = useSendContact();
  const [sent, setSent] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactBody),
    defaultValues: { name: '', company: '', email: '', message: '', consent: false, altcha: undefined },
  });
  // zod messages are shared keys ("validation.required"); server messages arrive translated
  const message = (f: FieldName): string | undefined => {
    const m = errors[f]?.message;
    if (!m) return undefined;
    return /^[a-z_]+\.[a-z_]+$/.test(m)
      ? t(`need_help.errors.${m.replace('.', '_')}`, { defaultValue: m })
      : m;
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!values.altcha) {
      setError('altcha', { message: 'captcha.required' });
      return;
    }
    try {
      const res = await send.mutateAsync(values);
      setSent(res.message);
      reset();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const known = FIELDS.filter((f) => fields[f]?.length);
      for (const f of known) setError(f, { message: fields[f]![0] });
      if (!known.length) {
        await showAlert({
          type: 'error',
          title: t('need_help.error_title'),
          text: err instanceof Error ? err.message : String(err),
        });
      }
    } finally {
      // each solved captcha is accepted once: start a new one for the next try
      setValue('altcha', undefined);
      setCaptchaReset((n) => n + 1);
    }
  });

  const describedBy = (f: FieldName, extra?: string) =>
    [errors[f] ? `${f}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const err = (f: FieldName) =>
    message(f) ? (
      <p id={`${f}-error`} className="field-error">
        {message(f)}
      </p>
    ) : null;
  const textField = (f: 'name' | 'company' | 'email', props: ComponentProps<'input'>) => (
    <Field id={f} label={t(`need_help.${f}`)} error={message(f)} announce={false}>
      <input
        id={f}
        className="field-input"
        maxLength={CONTACT_LIMITS[f]}
        aria-invalid={!!errors[f]}
        aria-describedby={describedBy(f)}
        {...props}
        {...register(f)}
      />
    </Field>
  );

  return (
    <main id="main" className="page max-w-3xl">
      <h1 className="text-3xl font-extrabold">{t('need_help.title')}</h1>
      <p className="mt-4 text-lg text-slate-800">{t('need_help.intro')}</p>
      <p className="mt-2">
        <Link to={paths.faq} className="font-semibold text-indigo-800 underline underline-offset-2">
          {t('need_help.faq_link')}
        </Link>
      </p>

      {sent ? (
        <ContactSent message={sent} onAnother={() => setSent(null)} />
      ) : (
        <form className="card mt-8 space-y-5" onSubmit={onSubmit} noValidate data-testid="contact-form">
          <p className="text-sm text-slate-700">{t('need_help.required_note')}</p>
          {textField('name', { autoComplete: 'name', 'aria-required': 'true' })}
          {textField('company', { autoComplete: 'organization' })}
          {textField('email', { type: 'email', autoComplete: 'email', 'aria-required': 'true' })}
          <Field id="message" label={t('need_help.message')} error={message('message')} announce={false}>
            <p id="message-hint" className="mb-1 text-sm text-slate-700">
              {t('need_help.message_hint')}
            </p>
            <textarea
              id="message"
              rows={6}
              className="field-input"
              maxLength={CONTACT_LIMITS.message}
              aria-invalid={!!errors.message}
              aria-required="true"
              aria-describedby={describedBy('message', 'message-hint')}
              {...register('message')}
            />
          </Field>
          <div>
            <div className="flex items-start gap-3">
              <input
                id="consent"
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-amber-600"
                aria-invalid={!!errors.consent}
                aria-required="true"
                aria-describedby={describedBy('consent')}
                {...register('consent')}
              />
              <label htmlFor="consent" className="text-sm text-slate-800">
                {t('need_help.consent')}{' '}
              </label>
            </div>
            <Link to={paths.privacy} className="ml-8 text-sm font-medium text-indigo-800 underline">
              {t('need_help.privacy_link')}
            </Link>
            {err('consent')}
          </div>
          <Captcha
            id="altcha"
            resetKey={captchaReset}
            onChange={(payload) => setValue('altcha', payload ?? undefined, { shouldValidate: false })}
            error={message('altcha')}
          />
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            disabled={isSubmitting}
            data-testid="contact-submit"
          >
            {isSubmitting ? t('need_help.sending') : t('need_help.submit')}
          </button>
        </form>
      )}
    </main>
  );
}
