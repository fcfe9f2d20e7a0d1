import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { formatCardExpiryInput, formatCardNumberInput } from '../lib/card-input';
import type { CardFields, FieldErrors } from '../lib/checkout-machine';

/**
 * The sandbox's own card fields (with Stripe, its fields replace these). Both take digits from a
 * phone's numeric keypad: the number is grouped in fours and the expiry gets its slash.
 */
export function CheckoutCardFields({
  card,
  errors,
  onChange,
}: {
  card: CardFields;
  errors: FieldErrors;
  onChange(card: Partial<CardFields>): void;
}) {
  const { t } = useTranslation('checkout');
  const formId = useId();
  return (
    <div className="space-y-3">
      <Field id={`${formId}-cnum`} label={t('payment.card_number')} error={errors.card_number}>
        <input
          id={`${formId}-cnum`}
          className="field-input"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          value={card.number}
          aria-invalid={!!errors.card_number}
          onChange={(e) => onChange({ number: formatCardNumberInput(e.target.value) })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${formId}-cexp`} label={t('payment.card_expiry')} error={errors.card_expiry}>
          <input
            id={`${formId}-cexp`}
            className="field-input"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.card_expiry_placeholder')}
            maxLength={7}
            value={card.expiry}
            aria-invalid={!!errors.card_expiry}
            onChange={(e) => onChange({ expiry: formatCardExpiryInput(e.target.value) })}
          />
        </Field>
        <Field id={`${formId}-cname`} label={t('payment.card_name')} error={errors.card_name}>
          <input
            id={`${formId}-cname`}
            className="field-input"
            autoComplete="cc-name"
            maxLength={100}
            value={card.name}
            aria-invalid={!!errors.card_name}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </Field>
      </div>
      <p className="text-xs text-slate-700">{t('payment.card_note')}</p>
    </div>
  );
}
