import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  acceptInvitationBody,
  STAFF_PASSWORD_MIN,
  type StaffMe,
} from '@bilheteira/shared/schemas/backoffice';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { api } from '../../lib/api';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { FormError } from '../../components/form-error';

const schema = acceptInvitationBody
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'validation.password_mismatch' });
type Values = z.input<typeof schema>;

/** A new back-office user: name and password, then signed in with them (answers the session). */
export function NewAccountForm({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string;
  onDone(me: StaffMe): void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name, password }) => {
    setFormError(null);
    try {
      await api(`/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        json: { name, password },
        anonymous: true,
      });
      onDone(
        await api<StaffMe>('/auth/login', { method: 'POST', json: { email, password }, anonymous: true }),
      );
    } catch (err) {
      setFormError(apiFormError(t, err, form.setError, ['name', 'password']));
    }
  });
  const nameError = fieldMessage(t, errors.name?.message);
  const passwordError = fieldMessage(t, errors.password?.message);
  const confirmError = fieldMessage(t, errors.confirm?.message);
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-4"
      data-testid="accept-form"
    >
      <FormError message={formError} />
      <div>
        <p className="field-label">{t('auth:email')}</p>
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-slate-900" data-testid="invited-email">
          {email}
        </p>
      </div>
      <Field id="name" label={t('auth:name')} error={nameError}>
        <input
          id="name"
          autoComplete="name"
          className="field-input"
          {...fieldAria('name', nameError)}
          {...form.register('name')}
        />
      </Field>
      <Field
        id="new-password"
        label={t('auth:new_password')}
        hint={t('auth:password_hint', { min: STAFF_PASSWORD_MIN })}
        error={passwordError}
      >
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          className="field-input"
          {...fieldAria('new-password', passwordError, true)}
          {...form.register('password')}
        />
      </Field>
      <Field id="confirm-password" label={t('auth:confirm_password')} error={confirmError}>
        <input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          className="field-input"
          {...fieldAria('confirm-password', confirmError)}
          {...form.register('confirm')}
        />
      </Field>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? t('common:working') : t('auth:create_account')}
      </button>
    </form>
  );
}
