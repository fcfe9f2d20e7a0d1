import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPasswordBody } from '@bilheteira/shared/schemas/customers';
import { Field } from '../../../components/field';
import { PasswordStrength } from '../../../components/password-strength';
import { showAlert } from '../../../stores/alert-store';
import { resetPassword } from '../api/auth-api';
import { apiFieldErrors, loginErrorText } from '../lib/errors';
import { schemaFieldErrors } from '../lib/validate';

export interface ResetPasswordFormProps {
  /** the single-use token of the emailed link */
  token: string;
  /** called after the new password is saved and the success message confirmed */
  onDone(): void;
}

/** New password from the emailed link (issue 4 item 4); every other session ends. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const body = { token, password, password_confirmation: confirmation };
    const local = schemaFieldErrors(resetPasswordBody, body);
    if (local.token) {
      await showAlert({ type: 'error', title: t('common:errors.title'), text: t('reset.invalid_link') });
      return;
    }
    if (Object.keys(local).length) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, key]) => [k, t(key)])));
      return;
    }
    setSubmitting(true);
    try {
      const res = await resetPassword(body);
      await showAlert({ type: 'success', title: t('reset.done_title'), text: res.message });
      onDone();
    } catch (err) {
      setErrors(apiFieldErrors(err));
      await showAlert({
        type: 'error',
        title: t('common:errors.title'),
        text: loginErrorText(err, t('login.unknown_error')),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const passwordInput = (name: string, value: string, onChange: (v: string) => void, error?: string) => (
    <input
      id={`${id}-${name}`}
      type="password"
      autoComplete="new-password"
      className="field-input"
      value={value}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-${name}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-password-form">
      <Field id={`${id}-password`} label={t('reset.password')} error={errors.password}>
        {passwordInput('password', password, setPassword, errors.password)}
        <PasswordStrength password={password} />
      </Field>
      <Field
        id={`${id}-confirmation`}
        label={t('reset.password_confirmation')}
        error={errors.password_confirmation}
      >
        {passwordInput('confirmation', confirmation, setConfirmation, errors.password_confirmation)}
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={submitting || !password}>
        {submitting ? t('common:loading') : t('reset.submit')}
      </button>
    </form>
  );
}

export default ResetPasswordForm;
