import { useQuery } from '@tanstack/react-query';
import { useEffect, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../stores/alert-store';
import { fetchPayment } from '../api/orders';
import type { CheckoutEvent, CheckoutState } from '../lib/checkout-machine';
import { useCountdown } from './use-countdown';

/**
 * The `waiting` step: polls the MB WAY payment while the customer approves it in the app
 * (paid → `finishPaid`; declined or expired → back to payment with an alert) and counts down
 * to the request's expiry (at zero → back to payment). Answers the countdown to show.
 */
export function useMbwayWaiting(
  { step, paymentRef, expiresAt }: CheckoutState,
  dispatch: Dispatch<CheckoutEvent>,
  finishPaid: (orderId: number) => Promise<void>,
) {
  const { t } = useTranslation('checkout');
  const status = useQuery({
    queryKey: ['checkout', 'payment', paymentRef],
    queryFn: ({ signal }) => fetchPayment(paymentRef!, signal),
    enabled: step === 'waiting' && !!paymentRef,
    refetchInterval: 2000,
  });
  const countdown = useCountdown(expiresAt);
  useEffect(() => {
    const s = status.data;
    if (step !== 'waiting' || !s) return;
    if (s.order_status === 'paid') {
      void finishPaid(s.order_id);
    } else if (s.payment.status === 'declined' || s.payment.status === 'expired') {
      dispatch({ type: 'paymentFailed' });
      void showAlert({ type: 'error', title: t('errors.payment_title'), text: t('errors.payment_failed') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.data, step]);
  useEffect(() => {
    if (step === 'waiting' && countdown.left === 0 && expiresAt) {
      dispatch({ type: 'paymentFailed' });
      void showAlert({ type: 'warning', title: t('waiting.expired_title'), text: t('waiting.expired_text') });
    }
  }, [step, countdown.left, expiresAt, t, dispatch]);
  return countdown;
}
