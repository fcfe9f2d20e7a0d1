import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { secondFactorBody, type StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { api, ApiError } from '../../lib/api';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { FormError } from '../../components/form-error';

type Values = z.input<typeof secondFactorBody>;

/** The second factor: a code from the authenticator app, or one of the recovery codes. */
export function CodeStep({
  onDone,
  onRestart,
}: {
  onDone(me: StaffMe): void;
  /** the password step again (another account, or the half-open session ended) */
  onRestart(): void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(secondFactorBody), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await api<StaffMe>('/auth/second-factor', { method: 'POST', json: values, anonymous: true }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onRestart();
      setFormError(apiFormError(t, err, form.setError, ['code']));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });
  const codeError = fieldMessage(t, errors.code?.message);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4" data-testid="code-form">
      <p className="text-slate-700">{t('auth:code_intro')}</p>
      <FormError message={formError} />
      <Field id="code" label={t('auth:code')} hint={t('auth:code_hint')} error={codeError}>
        <input
          id="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          className="field-input font-mono tracking-widest"
          {...fieldAria('code', codeError, true)}
          {...form.register('code')}
        />
      </Field>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? t('common:working') : t('auth:verify')}
      </button>
      <button type="button" className="text-sm font-semibold text-slate-800 underline" onClick={onRestart}>
        {t('auth:other_account')}
      </button>
    </form>
  );
}
