import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from '@bilheteira/shared/money';
import {
  parseEuroInput,
  topUpAmountError,
  WALLET_TOPUP_MAX_CENTS,
  WALLET_TOPUP_MIN_CENTS,
  WALLET_TOPUP_PRESETS_CENTS,
} from '@bilheteira/shared/wallet';

interface Props {
  presets?: readonly number[];
  minCents?: number;
  maxCents?: number;
  submitting?: boolean;
  onSubmit(cents: number): void;
}

/** Preset amounts and a custom amount (min/max), then one button that starts the top-up. */
export function TopUpPicker({
  presets = WALLET_TOPUP_PRESETS_CENTS,
  minCents = WALLET_TOPUP_MIN_CENTS,
  maxCents = WALLET_TOPUP_MAX_CENTS,
  submitting,
  onSubmit,
}: Props) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [preset, setPreset] = useState<number | null>(presets[1] ?? presets[0] ?? null);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);

  const customCents = custom.trim() ? parseEuroInput(custom) : null;
  const amount = custom.trim() ? customCents : preset;

  const validate = (): number | null => {
    if (amount === null) {
      setError(t('topup.invalid'));
      return null;
    }
    const key = topUpAmountError(amount);
    if (key === 'wallet.topup_min' || amount < minCents) {
      setError(t('topup.min', { amount: formatEur(minCents) }));
      return null;
    }
    if (key === 'wallet.topup_max' || amount > maxCents) {
      setError(t('topup.max', { amount: formatEur(maxCents) }));
      return null;
    }
    setError(null);
    return amount;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cents = validate();
    if (cents !== null) onSubmit(cents);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="topup-form">
      <fieldset>
        <legend className="field-label">{t('topup.choose')}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {presets.map((cents) => {
            const active = !custom.trim() && preset === cents;
            return (
              <button
                key={cents}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  setPreset(cents);
                  setCustom('');
                  setError(null);
                }}
                className={`min-h-11 rounded-xl border px-3 py-2 text-lg font-bold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 ${
                  active
                    ? 'border-amber-500 bg-amber-50 text-slate-950 ring-2 ring-amber-500'
                    : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100'
                }`}
              >
                {formatEur(cents)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4">
        <label htmlFor={`${id}-custom`} className="field-label">
          {t('topup.custom')}
        </label>
        <div className="relative">
          <input
            id={`${id}-custom`}
            className="field-input pr-10"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('topup.custom_placeholder')}
            value={custom}
            aria-invalid={!!error}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setCustom(e.target.value);
              setError(null);
            }}
          />
          <span
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600"
            aria-hidden
          >
            €
          </span>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t('topup.limits', { min: formatEur(minCents), max: formatEur(maxCents) })}
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="btn-primary mt-4 w-full sm:w-auto"
        disabled={submitting}
        data-testid="topup-submit"
      >
        {amount !== null && amount > 0
          ? t('topup.submit_amount', { amount: formatEur(amount) })
          : t('topup.submit')}
      </button>
    </form>
  );
}
