import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { totpCodeBody } from '@bilheteira/shared/schemas/backoffice';
import { Field, fieldAria } from '@bilheteira/ui/field';
import { api, ApiError } from '../../lib/api';
import { apiFormError, fieldMessage } from '../../lib/forms';
import { FormError } from '../../components/form-error';
import { Loading } from '../../components/loading';
import { RecoveryCodes } from './recovery-codes';

type Values = z.input<typeof totpCodeBody>;

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Two-step verification set-up, required for owners, admins and finance: a QR code (and the
 * secret, to type) for the authenticator app, a code to confirm, then the recovery codes,
 * shown once. `onDone` runs when the user says they kept them.
 */
export function TotpSetup({ onDone, onRestart }: { onDone(): void; onRestart(): void }) {
  const { t } = useTranslation(['auth', 'common']);
  const setup = useQuery({
    queryKey: ['totp-setup'],
    queryFn: () =>
      api<{ secret: string; otpauth_uri: string }>('/auth/totp/setup', { method: 'POST', anonymous: true }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(totpCodeBody), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await api<{ recovery_codes: string[] }>('/auth/totp/enable', {
        method: 'POST',
        json: values,
        anonymous: true,
      });
      setCodes(res.recovery_codes);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onRestart();
      setFormError(apiFormError(t, err, form.setError, ['code']));
    }
  });

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (setup.isPending) return <Loading />;
  if (setup.isError) {
    if (setup.error instanceof ApiError && setup.error.status === 401) onRestart();
    return <FormError message={apiFormError(t, setup.error)} />;
  }
  const codeError = fieldMessage(t, errors.code?.message);
  return (
    <div className="flex flex-col gap-4" data-testid="totp-setup">
      <p className="text-slate-700">{t('auth:totp_intro')}</p>
      <ol className="list-decimal space-y-1 pl-5 text-slate-800">
        <li>{t('auth:totp_step_app')}</li>
        <li>{t('auth:totp_step_scan')}</li>
        <li>{t('auth:totp_step_code')}</li>
      </ol>
      <div className="flex justify-center rounded-lg bg-white p-3 ring-1 ring-slate-200">
        <QRCodeSVG value={setup.data.otpauth_uri} size={184} title={t('auth:totp_qr')} marginSize={2} />
      </div>
      <div>
        <p className="text-sm text-slate-700">{t('auth:totp_secret')}</p>
        <p
          className="mt-1 select-all break-all rounded-md bg-slate-100 p-2 font-mono text-base"
          data-testid="totp-secret"
          data-secret={setup.data.secret}
        >
          {grouped(setup.data.secret)}
        </p>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <Field id="totp-code" label={t('auth:totp_code')} error={codeError}>
          <input
            id="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            className="field-input font-mono tracking-widest"
            {...fieldAria('totp-code', codeError)}
            {...form.register('code')}
          />
        </Field>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t('common:working') : t('auth:totp_enable')}
        </button>
      </form>
    </div>
  );
}
