import type { Stripe, StripeElements, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/** Where Stripe sends the customer after confirming (3-D Secure, wallets): our redirect page. */
export const stripeReturnUrl = (origin = window.location.origin) =>
  `${origin.replace(/\/$/, '')}${paths.paymentRedirects}`;

const STRIPE_LOCALES: Record<string, StripeElementLocale> = { 'pt-pt': 'pt', en: 'en', es: 'es' };

interface Props {
  publishableKey: string;
  clientSecret: string;
  /** e.g. "Pay 25,00 €" */
  submitLabel: string;
  onBack?: () => void;
}

/**
 * Stripe's own Payment Element (card, Apple Pay, Google Pay) for a PaymentIntent: the card
 * number is typed into Stripe's frames and never reaches our server (PCI DSS SAQ A).
 * `@stripe/stripe-js` is imported on demand, so the sandbox build never loads it.
 * Confirming sends the customer to /payment/redirects, which polls the order until paid.
 */
export function StripePaymentElement({ publishableKey, clientSecret, submitLabel, onBack }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const locale = STRIPE_LOCALES[i18n.language] ?? 'auto';

  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey, { locale });
      if (cancelled) return;
      if (!stripe || !mountRef.current) throw new Error('stripe_unavailable');
      const elements = stripe.elements({ clientSecret, locale });
      const element = elements.create('payment', { layout: 'tabs' });
      element.on('ready', () => !cancelled && setState('ready'));
      element.mount(mountRef.current);
      stripeRef.current = { stripe, elements };
      unmount = () => element.destroy();
    })().catch(() => !cancelled && setState('unavailable'));
    return () => {
      cancelled = true;
      unmount?.();
      stripeRef.current = null;
    };
  }, [publishableKey, clientSecret, locale]);

  async function confirm(e: React.FormEvent) {
    e.preventDefault();
    const s = stripeRef.current;
    if (!s || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { error: failure } = await s.stripe.confirmPayment({
        elements: s.elements,
        confirmParams: { return_url: stripeReturnUrl() },
      });
      // Only reached when the confirmation failed before leaving the page (declined card,
      // incomplete field); success always continues on the return_url.
      if (failure)
        setError(
          failure.type === 'card_error' || failure.type === 'validation_error'
            ? (failure.message ?? t('payment.stripe_failed'))
            : t('payment.stripe_failed'),
        );
    } catch {
      setError(t('payment.stripe_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-4" onSubmit={(e) => void confirm(e)} data-testid="stripe-payment">
      {state === 'loading' && (
        <p role="status" className="text-sm text-slate-700">
          {t('payment.stripe_loading')}
        </p>
      )}
      {state === 'unavailable' ? (
        <p role="alert" className="field-error">
          {t('payment.stripe_unavailable')}
        </p>
      ) : (
        <div
          ref={mountRef}
          role="group"
          aria-label={t('payment.stripe_fields')}
          aria-describedby={error ? errorId : undefined}
          data-testid="stripe-payment-element"
          className="min-h-24"
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
      <p className="text-xs text-slate-700">{t('payment.stripe_note')}</p>
      <div className="flex gap-3 pt-2">
        {onBack && (
          <button type="button" className="btn-secondary flex-1" onClick={onBack} disabled={busy}>
            {t('actions.back')}
          </button>
        )}
        <button
          type="submit"
          className="btn-primary flex-1"
          disabled={busy || state !== 'ready'}
          data-testid="stripe-confirm"
        >
          {busy ? t('actions.paying') : submitLabel}
        </button>
      </div>
    </form>
  );
}
