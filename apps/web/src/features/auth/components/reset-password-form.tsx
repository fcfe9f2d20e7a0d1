import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { resetPasswordBody } from '@bilheteira/shared/schemas/customers';
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

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="reset-password-form">
      <div>
        <label htmlFor={`${id}-password`} className="field-label">
          {t('reset.password')}
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          className="field-input"
          value={password}
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordStrength password={password} />
        {errors.password && (
          <p id={`${id}-password-error`} className="field-error" role="alert">
            {errors.password}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-confirmation`} className="field-label">
          {t('reset.password_confirmation')}
        </label>
        <input
          id={`${id}-confirmation`}
          type="password"
          autoComplete="new-password"
          className="field-input"
          value={confirmation}
          required
          aria-invalid={errors.password_confirmation ? true : undefined}
          aria-describedby={errors.password_confirmation ? `${id}-confirmation-error` : undefined}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        {errors.password_confirmation && (
          <p id={`${id}-confirmation-error`} className="field-error" role="alert">
            {errors.password_confirmation}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting || !password}>
        {submitting ? t('common:loading') : t('reset.submit')}
      </button>
    </form>
  );
}

export default ResetPasswordForm;
