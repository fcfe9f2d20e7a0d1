import { useTranslation } from 'react-i18next';
import { GENDERS, type CustomerView } from '@bilheteira/shared/schemas/customers';
import { PhoneInput } from '../../../components/phone-input';
import type { AccountFormState } from '../hooks/use-account-form';
import { AccountField } from './account-field';
import { AccountSection } from './account-section';

/** Names, email (with a pending new address), mobile (a new one needs an SMS code), birthday, gender. */
export function PersonalDataSection({ customer, form }: { customer: CustomerView; form: AccountFormState }) {
  const { t } = useTranslation('account');
  const { fid, errors, inputProps, locked } = form;
  return (
    <AccountSection title={t('personal_data')} id={`${form.uid}-personal`}>
      <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <AccountField id={fid('first_name')} label={t('first_name')} required error={errors.first_name}>
          <input {...inputProps('first_name')} autoComplete="given-name" required />
        </AccountField>
        <AccountField id={fid('last_name')} label={t('last_name')} required error={errors.last_name}>
          <input {...inputProps('last_name')} autoComplete="family-name" required />
        </AccountField>
        <AccountField
          id={fid('email')}
          label={t('email')}
          required
          error={errors.email}
          hint={locked('email') ? t('support_locked') : undefined}
        >
          <input {...inputProps('email')} type="email" autoComplete="email" required />
          {customer.pending_email && (
            <p className="mt-1 text-sm text-amber-900" role="status" data-testid="email-pending">
              {t('email_pending', { email: customer.pending_email })}
            </p>
          )}
        </AccountField>
        <div>
          <PhoneInput
            id={fid('mobile')}
            name="mobile"
            label={t('mobile')}
            value={form.phone}
            onChange={form.setPhone}
            error={errors.mobile?.length ? errors.mobile.join(' ') : undefined}
            disabled={locked('mobile')}
            required
          />
          {locked('mobile') && <p className="mt-1 text-xs text-slate-600">{t('support_locked')}</p>}
        </div>
        {form.mobileChanged && (
          <div
            className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:col-span-2"
            data-testid="mobile-change"
          >
            <p className="text-sm text-slate-800">{t('mobile_change_hint')}</p>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void form.sendCode()}
                disabled={form.sendingCode}
              >
                {form.codeSent ? t('resend_code') : t('send_code')}
              </button>
              <div className="min-w-40 flex-1">
                <AccountField id={fid('mobile_code')} label={t('mobile_code')} error={errors.mobile_code}>
                  <input
                    {...inputProps('mobile_code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                  />
                </AccountField>
              </div>
            </div>
          </div>
        )}
        <AccountField id={fid('birthday')} label={t('birthday')} error={errors.birthday}>
          <input
            {...inputProps('birthday')}
            type="date"
            autoComplete="bday"
            max={new Date().toISOString().slice(0, 10)}
          />
        </AccountField>
        <AccountField id={fid('gender')} label={t('gender')} error={errors.gender}>
          <select {...inputProps('gender')} autoComplete="sex">
            <option value="">{t('gender_none')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`gender_${g}`)}
              </option>
            ))}
          </select>
        </AccountField>
      </div>
    </AccountSection>
  );
}
