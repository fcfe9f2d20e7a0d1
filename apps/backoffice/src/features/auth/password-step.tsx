import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { staffLoginBody, type StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { api } from '../../lib/api';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { FormError } from '../../components/form-error';

type Values = z.input<typeof staffLoginBody>;

/** Email and password; answers the session, which may still need its second factor. */
export function PasswordStep({
  onDone,
  defaultEmail = '',
}: {
  onDone(me: StaffMe): void;
  defaultEmail?: string;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(staffLoginBody),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await api<StaffMe>('/auth/login', { method: 'POST', json: values, anonymous: true }));
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['email', 'password']));
    }
  });
  const emailError = fieldMessage(t, errors.email?.message);
  const passwordError = fieldMessage(t, errors.password?.message);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="login-form"
    >
      <FormError message={formError} />
      <Field id="email" label={t('auth:email')} error={emailError}>
        <input
          id="email"
          type="email"
          autoComplete="username"
          className="field-input"
          {...fieldAria('email', emailError)}
          {...form.register('email')}
        />
      </Field>
      <Field id="password" label={t('auth:password')} error={passwordError}>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          className="field-input"
          {...fieldAria('password', passwordError)}
          {...form.register('password')}
        />
      </Field>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? t('common:working') : t('auth:sign_in')}
      </button>
    </form>
  );
}
