import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { useAccountForm } from '../hooks/use-account-form';
import { AccountField } from './account-field';
import { AccountSection } from './account-section';
import { PersonalDataSection } from './personal-data-section';

/** The customer's data (spec §2): personal data, billing data and IBAN, saved together. */
export function AccountForm({ customer }: { customer: CustomerView }) {
  const { t } = useTranslation('account');
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAccountForm(customer, formRef);
  const { fid, errors, inputProps, locked } = form;

  return (
    <form
      ref={formRef}
      onSubmit={form.submit}
      noValidate
      className="grid gap-5 [&>*]:min-w-0"
      data-testid="account-form"
    >
      <p className="text-sm text-slate-700">{t('required_hint')}</p>
      <PersonalDataSection customer={customer} form={form} />

      <AccountSection title={t('billing_data')} id={`${form.uid}-billing`}>
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          <AccountField id={fid('name_billing')} label={t('name_billing')} error={errors.name_billing}>
            <input {...inputProps('name_billing')} autoComplete="billing name" />
          </AccountField>
          <AccountField
            id={fid('document_billing')}
            label={t('document_billing')}
            error={errors.document_billing}
            hint={t('nif_hint')}
          >
            <input {...inputProps('document_billing')} inputMode="numeric" maxLength={12} />
          </AccountField>
          <AccountField
            id={fid('postal_code')}
            label={t('postal_code')}
            error={errors.postal_code}
            hint={t('postal_code_hint')}
          >
            <input {...inputProps('postal_code')} autoComplete="billing postal-code" maxLength={12} />
          </AccountField>
        </div>
      </AccountSection>

      <AccountSection title={t('iban_title')} id={`${form.uid}-iban`}>
        <AccountField
          id={fid('iban')}
          label={t('iban')}
          error={errors.iban}
          hint={locked('iban') ? t('support_locked') : t('iban_hint')}
        >
          <input
            {...inputProps('iban')}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            className="field-input font-mono"
          />
        </AccountField>
      </AccountSection>

      <div className="sticky bottom-0 z-10 -mx-4 bg-slate-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:bg-transparent sm:p-0">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={form.saving}>
          {form.saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
