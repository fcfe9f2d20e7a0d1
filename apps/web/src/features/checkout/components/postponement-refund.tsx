import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderSummaryView } from '@bilheteira/shared/schemas/orders';
import type { postponementRefundResponse } from '@bilheteira/shared/schemas/event-lifecycle';
import type { z } from 'zod';
import { currentLocale } from '../../../i18n/i18n';
import { api, ApiError } from '../../../lib/api-client';
import { formatDateTime, SITE_TIME_ZONE } from '../../../lib/date-format';

type Answer = z.infer<typeof postponementRefundResponse>;

/**
 * A paid order of a postponed event, inside the organiser's window: the customer may ask for
 * the money back (to the original payment method); the API's answer or refusal is shown.
 */
export function PostponementRefund({ order }: { order: OrderSummaryView }) {
  const { t } = useTranslation('checkout');
  const qc = useQueryClient();
  const [answer, setAnswer] = useState<{ text: string; ok: boolean } | null>(null);
  const ask = useMutation({
    mutationFn: () =>
      api<Answer>(`/orders/${order.id}/postponement-refund`, { method: 'POST', skipErrorHandler: true }),
    onSuccess: (res) => {
      setAnswer({ text: res.message ?? t('orders.postponed_refund_done'), ok: true });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (err) =>
      setAnswer({
        text: err instanceof ApiError ? err.message : t('orders.postponed_refund_error'),
        ok: false,
      }),
  });
  const until = order.postponement_refund_until;
  if (!until && !answer) return null;
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300" data-testid="postponement-refund">
      {until && (
        <>
          <p className="text-sm text-slate-900">
            {t('orders.postponed_refund_text', {
              date: formatDateTime(until, SITE_TIME_ZONE, currentLocale()),
            })}
          </p>
          <button
            type="button"
            className="btn-secondary mt-2"
            disabled={ask.isPending}
            onClick={() => ask.mutate()}
            data-testid="postponement-refund-ask"
          >
            {ask.isPending ? t('orders.postponed_refund_working') : t('orders.postponed_refund_ask')}
          </button>
        </>
      )}
      <p
        role={answer?.ok === false ? 'alert' : 'status'}
        className={`text-sm font-semibold ${answer?.ok === false ? 'text-red-800' : 'text-emerald-900'} ${answer && until ? 'mt-2' : ''}`}
      >
        {answer?.text ?? ''}
      </p>
    </div>
  );
}
