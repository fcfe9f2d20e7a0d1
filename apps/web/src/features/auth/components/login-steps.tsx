import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNationalPhone } from '@bilheteira/shared/phone';
import { PhoneInput } from '../../../components/phone-input';
import type { LoginController } from '../hooks/use-login-controller';

/** Phone step: number, remember-login, continue (disabled until valid and while sending). */
export function LoginPhoneStep({ flow, registerHref }: { flow: LoginController; registerHref: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void flow.submitPhone();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="login-phone-step">
      <PhoneInput
        id={`${id}-mobile`}
        name="mobile"
        label={t('login.mobile_label')}
        value={flow.phone}
        onChange={flow.setPhone}
        onValidChange={flow.setPhoneValid}
        autoFocus
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="h-4 w-4 accent-amber-600"
          checked={flow.remember}
          onChange={(e) => flow.toggleRemember(e.target.checked)}
        />
        {t('login.remember')}
      </label>
      <button type="submit" className="btn-primary w-full" disabled={!flow.phoneValid || flow.submitting}>
        {flow.submitting ? t('common:loading') : t('login.continue')}
      </button>
      <p className="text-center text-sm text-slate-700">
        {t('login.no_account')}{' '}
        <Link to={registerHref} onClick={flow.leave} className="font-semibold text-amber-800 underline">
          {t('login.create_account')}
        </Link>
      </p>
    </form>
  );
}

/** Password step: shows the number, password with show/hide, forgot password, Back. */
export function LoginPasswordStep({ flow }: { flow: LoginController }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void flow.submitPassword();
  };
  const number = `+${flow.phone.dialCode} ${formatNationalPhone(flow.phone.countryIso2, flow.phone.national)}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="login-password-step">
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
        {t('login.signing_in_as')} <strong className="tabular-nums">{number}</strong>
      </p>
      <div>
        <label htmlFor={`${id}-password`} className="field-label">
          {t('login.password_label')}
        </label>
        <div className="relative">
          <input
            id={`${id}-password`}
            name="password"
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            className="field-input pr-24"
            value={flow.password}
            required
            autoFocus
            aria-invalid={flow.passwordFailed ? true : undefined}
            onChange={(e) => flow.setPassword(e.target.value)}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-slate-700 hover:text-slate-950"
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t('password.hide') : t('password.show')}
          </button>
        </div>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={!flow.password || flow.submitting}>
        {flow.submitting ? t('common:loading') : t('login.submit')}
      </button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <button
          type="button"
          className="font-medium text-slate-800 underline"
          onClick={() => void flow.back()}
        >
          {t('login.back')}
        </button>
        <button
          type="button"
          className={`font-semibold underline ${flow.passwordFailed ? 'text-red-700' : 'text-amber-800'}`}
          onClick={() => void flow.forgot()}
          data-testid="forgot-password"
        >
          {t('login.forgot')}
        </button>
      </div>
    </form>
  );
}
