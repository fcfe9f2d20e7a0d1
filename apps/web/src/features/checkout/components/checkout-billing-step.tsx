import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import type { Billing, FieldErrors } from '../lib/checkout-machine';
import { BILLING_COUNTRIES } from '../lib/checkout-rules';

/** Step 2: the billing data (prefilled from the account), checked by the shared schema. */
export function CheckoutBillingStep({
  billing,
  errors,
  onChange,
  onBack,
  onSubmit,
}: {
  billing: Billing;
  errors: FieldErrors;
  onChange(billing: Partial<Billing>): void;
  onBack(): void;
  onSubmit(): void;
}) {
  const { t } = useTranslation('checkout');
  const formId = useId();
  const input = (id: string, field: keyof Billing, extra: Record<string, unknown> = {}) => (
    <input
      id={`${formId}-${id}`}
      className="field-input"
      value={billing[field]}
      aria-invalid={!!errors[field]}
      aria-describedby={errors[field] ? `${formId}-${id}-error` : undefined}
      onChange={(e) => onChange({ [field]: e.target.value })}
      {...extra}
    />
  );
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field id={`${formId}-name`} label={t('billing.name')} error={errors.name}>
        {input('name', 'name', { autoComplete: 'name', maxLength: 120 })}
      </Field>
      <Field id={`${formId}-country`} label={t('billing.country')} error={errors.country}>
        <select
          id={`${formId}-country`}
          className="field-input"
          value={billing.country}
          onChange={(e) => onChange({ country: e.target.value })}
        >
          {BILLING_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`countries.${c}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${formId}-document`}
        label={billing.country === 'PT' ? t('billing.nif') : t('billing.tax_id')}
        error={errors.document}
        hint={t('billing.nif_hint')}
      >
        {input('document', 'document', {
          inputMode: billing.country === 'PT' ? 'numeric' : 'text',
          maxLength: 30,
        })}
      </Field>
      <Field id={`${formId}-postal`} label={t('billing.postal_code')} error={errors.postal_code}>
        {input('postal', 'postal_code', {
          autoComplete: 'postal-code',
          maxLength: 16,
          placeholder: billing.country === 'PT' ? '1234-567' : undefined,
        })}
      </Field>
      <Field
        id={`${formId}-email`}
        label={t('billing.receipt_email')}
        error={errors.receipt_email}
        hint={t('billing.receipt_hint')}
      >
        {input('email', 'receipt_email', { type: 'email', autoComplete: 'email', maxLength: 200 })}
      </Field>
      <div className="flex gap-3 pt-2">
        <button type="button" className="btn-secondary flex-1" onClick={onBack}>
          {t('actions.back')}
        </button>
        <button type="submit" className="btn-primary flex-1" data-testid="checkout-billing-continue">
          {t('actions.continue')}
        </button>
      </div>
    </form>
  );
}
