import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_RESEND_COOLDOWN_SECONDS } from '@bilheteira/shared/schemas/customers';
import { formatNationalPhone, findCountryByDialCode } from '@bilheteira/shared/phone';
import { activate, resendCode } from '../api/auth-api';
import { loginErrorText } from '../lib/errors';

export interface ActivateFormProps {
  /** the mobile the code was sent to */
  phone: { dialCode: string; national: string };
  /** called after the code is accepted, with the new session's token and the server's message */
  onActivated(token: string, message: string): void;
  /** seconds before "resend" is allowed (a code was just sent); 0 = allowed now */
  resendAfter?: number;
  /** ask for a code as soon as the form shows (login of an account not yet activated) */
  sendOnMount?: boolean;
  /** the text above the field (default: where the code went and for how long it is valid) */
  intro?: string;
}

/**
 * SMS activation (issue 4 item 3): the 6-digit code sent to the mobile, with resend after a
 * cool-down. The server allows 5 tries per code, 10 minutes, single use.
 */
export function ActivateForm({ phone, onActivated, resendAfter, sendOnMount, intro }: ActivateFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [cooldown, setCooldown] = useState(resendAfter ?? SMS_RESEND_COOLDOWN_SECONDS);
  const sent = useRef(false);
  const body = { mobile_country_code: phone.dialCode, mobile: phone.national };
  const iso2 = findCountryByDialCode(phone.dialCode)?.iso2 ?? 'PT';
  const shownNumber = `+${phone.dialCode} ${formatNationalPhone(iso2, phone.national)}`;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const resend = async () => {
    setError(null);
    try {
      const res = await resendCode(body);
      setInfo(res.data.message);
      setCooldown(res.data.resend_after || SMS_RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      setError(loginErrorText(err, t('login.unknown_error')));
    }
  };

  useEffect(() => {
    if (!sendOnMount || sent.current) return;
    sent.current = true;
    void resend();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6 || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const res = await activate({ ...body, code });
      onActivated(res.accessToken, res.message);
    } catch (err) {
      setError(loginErrorText(err, t('login.unknown_error')));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="activate-form">
      <p className="text-slate-700">{intro ?? t('activate.intro', { mobile: shownNumber })}</p>
      <div>
        <label htmlFor={`${id}-code`} className="field-label">
          {t('activate.code_label')}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          className="field-input text-center text-2xl tracking-[0.5em] tabular-nums"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        {info && !error && (
          <p className="mt-1 text-sm text-emerald-700" role="status">
            {info}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={code.length !== 6 || submitting}>
        {submitting ? t('common:loading') : t('activate.submit')}
      </button>
      <button
        type="button"
        className="btn-secondary w-full"
        onClick={resend}
        disabled={cooldown > 0}
        data-testid="resend-code"
      >
        {cooldown > 0 ? t('activate.resend_in', { seconds: cooldown }) : t('activate.resend')}
      </button>
    </form>
  );
}

export default ActivateForm;
