import { useTranslation } from 'react-i18next';
import type { PhoneValue } from '../../../lib/phone-value';

/** MB WAY: the request was sent to the phone; the countdown runs until it expires. */
export function CheckoutWaitingStep({
  phone,
  countdown,
}: {
  phone: PhoneValue;
  countdown: { left: number; label: string };
}) {
  const { t } = useTranslation('checkout');
  return (
    <div className="text-center" data-testid="checkout-waiting">
      <p>{t('waiting.text', { phone: `+${phone.dialCode} ${phone.national}` })}</p>
      <p
        className="mt-4 text-5xl font-bold tabular-nums"
        role="timer"
        aria-live="off"
        data-testid="mbway-countdown"
      >
        {countdown.label}
      </p>
      <p className="mt-2 text-sm text-slate-700" aria-live="polite">
        {t('waiting.status')}
      </p>
      {/* the timer itself stays silent; screen readers hear the time left once a minute */}
      <p className="sr-only" role="status" aria-live="polite" data-testid="mbway-countdown-announcement">
        {t('waiting.minutes_left', { count: Math.max(1, Math.ceil(countdown.left / 60_000)) })}
      </p>
      <div
        className="mx-auto mt-4 size-8 animate-spin rounded-full border-4 border-slate-300 border-t-slate-900"
        aria-hidden
      />
    </div>
  );
}
