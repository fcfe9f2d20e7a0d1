import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showAlert } from '../../../stores/alert-store';
import { cancelOrderPayment, fetchPayment } from '../api/orders';
import type { CheckoutEvent, CheckoutState } from '../lib/checkout-machine';
import { useCountdown } from './use-countdown';

/** The MB WAY wait: the countdown to show and the way out ("use another method"). */
export interface MbwayWaiting {
  left: number;
  label: string;
  /** ends the request at the provider and goes back to the payment step */
  cancel(): Promise<void>;
  cancelling: boolean;
}

/**
 * The `waiting` step: polls the MB WAY payment while the customer approves it in the app
 * (paid → `finishPaid`; declined or expired → back to payment with an alert) and counts down
 * to the request's expiry (at zero → back to payment). The customer may give up waiting:
 * the request is ended on the server (so a late approval no longer charges it) and the
 * payment step comes back; an approval that won the race shows as paid.
 */
export function useMbwayWaiting(
  { step, paymentRef, expiresAt, order }: CheckoutState,
  dispatch: Dispatch<CheckoutEvent>,
  finishPaid: (orderId: number) => Promise<void>,
): MbwayWaiting {
  const { t } = useTranslation('checkout');
  const qc = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  // the request being cancelled: its "expired" status is our own doing, not a failure to report
  const cancelledRef = useRef<string | null>(null);
  const status = useQuery({
    queryKey: ['checkout', 'payment', paymentRef],
    queryFn: ({ signal }) => fetchPayment(paymentRef!, signal),
    enabled: step === 'waiting' && !!paymentRef && !cancelling,
    refetchInterval: 2000,
  });
  const countdown = useCountdown(expiresAt);
  useEffect(() => {
    const s = status.data;
    if (step !== 'waiting' || !s) return;
    if (s.order_status === 'paid') {
      void finishPaid(s.order_id);
    } else if (cancelledRef.current === paymentRef) {
      return;
    } else if (s.payment.status === 'declined' || s.payment.status === 'expired') {
      dispatch({ type: 'paymentFailed' });
      void showAlert({ type: 'error', title: t('errors.payment_title'), text: t('errors.payment_failed') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.data, step]);
  useEffect(() => {
    if (step === 'waiting' && countdown.left === 0 && expiresAt && !cancelling) {
      dispatch({ type: 'paymentFailed' });
      void showAlert({ type: 'warning', title: t('waiting.expired_title'), text: t('waiting.expired_text') });
    }
  }, [step, countdown.left, expiresAt, cancelling, t, dispatch]);

  const cancel = async () => {
    if (!order || cancelling) return;
    setCancelling(true);
    cancelledRef.current = paymentRef;
    try {
      const answer = await cancelOrderPayment(order.id);
      void qc.invalidateQueries({ queryKey: ['orders'] });
      if (answer.order.status === 'paid') await finishPaid(answer.order.id);
      // back to the method choice (the same way out as an ended request)
      else dispatch({ type: 'paymentFailed' });
    } catch (err) {
      cancelledRef.current = null;
      void showAlert({
        type: 'error',
        title: t('errors.title'),
        text: err instanceof ApiError ? err.message : t('errors.unknown'),
      });
    } finally {
      setCancelling(false);
    }
  };

  return { left: countdown.left, label: countdown.label, cancel, cancelling };
}
