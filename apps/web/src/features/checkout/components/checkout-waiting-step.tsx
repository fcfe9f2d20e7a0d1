import { useTranslation } from 'react-i18next';
import type { PhoneValue } from '../../../lib/phone-value';
import type { MbwayWaiting } from '../hooks/use-mbway-waiting';

/**
 * MB WAY: the request was sent to the phone; the countdown runs until it expires. "Use another
 * method" ends the request and goes back to the payment step.
 */
export function CheckoutWaitingStep({ phone, countdown }: { phone: PhoneValue; countdown: MbwayWaiting }) {
  const { t } = useTranslation('checkout');
  const minutesShown = Math.floor(countdown.left / 60_000);
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
      {/* the timer itself stays silent; screen readers hear the time left once a minute, in
          the whole minutes the timer shows (3:59 is "3 minutes") */}
      <p className="sr-only" role="status" aria-live="polite" data-testid="mbway-countdown-announcement">
        {minutesShown === 0
          ? t('waiting.under_a_minute')
          : t('waiting.minutes_left', { count: minutesShown })}
      </p>
      <div
        className="mx-auto mt-4 size-8 animate-spin rounded-full border-4 border-slate-300 border-t-slate-900"
        aria-hidden
      />
      <button
        type="button"
        className="btn-secondary mt-6 w-full sm:w-auto"
        disabled={countdown.cancelling}
        onClick={() => void countdown.cancel()}
        data-testid="mbway-other-method"
      >
        {countdown.cancelling ? t('waiting.cancelling') : t('waiting.other_method')}
      </button>
    </div>
  );
}
