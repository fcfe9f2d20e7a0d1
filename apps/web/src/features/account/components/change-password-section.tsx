import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordStrength } from '../../../components/password-strength';
import { SupportOnlyNote } from '../../../components/support-only-note';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { useSupportSession } from '../../../stores/session-store';
import { useChangePassword } from '../api/account';
import { EMPTY_PASSWORDS, passwordErrors, type FieldErrors, type PasswordValues } from '../lib/account-form';
import { AccountField } from './account-field';
import { AccountSection } from './account-section';

/** The password change (the old one, the new one twice); a support session only sees a note. */
export function ChangePassword() {
  const { t } = useTranslation('account');
  const uid = useId();
  const support = useSupportSession();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: keyof PasswordValues, label: string, autoComplete: string) => (
    <AccountField id={`${uid}-${name}`} label={label} required error={errors[name]}>
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
    </AccountField>
  );
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const invalid = passwordErrors(values, t);
    if (invalid) {
      setErrors(invalid);
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
      <AccountSection title={t('change_password')} id={`${uid}-password`}>
        <SupportOnlyNote />
      </AccountSection>
    );
  return (
    <AccountSection title={t('change_password')} id={`${uid}-password`}>
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
    </AccountSection>
  );
}
