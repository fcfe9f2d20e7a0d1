import { formatEur } from '@bilheteira/shared/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoState } from '../hooks/use-promo-code';

/** The summary's promo code: a field and Aplicar, or the applied code with its discount. */
export function PromoCodeField({ promo }: { promo: PromoState }) {
  const { t } = useTranslation('checkout');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() && !promo.busy) void promo.apply(code.trim());
  };
  if (promo.quote)
    return (
      <p
        className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
        data-testid="promo-applied"
      >
        <span role="status" className="font-medium text-emerald-800">
          {t('summary.promo_applied', {
            code: promo.quote.code,
            amount: formatEur(promo.quote.discount_cents),
          })}
        </span>
        <button type="button" className="text-sm underline" onClick={promo.remove}>
          {t('summary.promo_remove')}
        </button>
      </p>
    );
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={submit}
      noValidate
      data-testid="promo-code"
    >
      <label className="min-w-0 flex-1">
        <span className="field-label">{t('summary.promo_label')}</span>
        <input
          className="field-input uppercase"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={!!promo.error}
          aria-describedby={promo.error ? 'promo-code-error' : undefined}
          data-testid="promo-code-input"
        />
      </label>
      <button
        type="submit"
        className="btn-secondary"
        disabled={promo.busy || !code.trim()}
        data-testid="promo-code-apply"
      >
        {promo.busy ? t('summary.promo_applying') : t('summary.promo_apply')}
      </button>
      {promo.error && (
        <p id="promo-code-error" role="alert" className="field-error w-full" data-testid="promo-code-error">
          {promo.error}
        </p>
      )}
    </form>
  );
}
