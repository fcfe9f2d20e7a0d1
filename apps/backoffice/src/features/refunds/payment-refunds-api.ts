import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPaymentRefundListResponse,
  AdminPaymentRefundView,
  PaymentRefundKind,
  PaymentRefundStatus,
} from '@bilheteira/shared/schemas/backoffice-payment-refunds';
import { apiEnvelope } from '../../lib/api';

export type { AdminPaymentRefundView, PaymentRefundKind, PaymentRefundStatus };

const key = (organizerId: number) => ['refunds', organizerId, 'payments'] as const;

/** A page of the organiser's refunds to payment methods of one kind, by status. */
export function usePaymentRefunds(
  organizerId: number,
  p: { kind: PaymentRefundKind; status: PaymentRefundStatus | 'all'; page: number },
) {
  return useQuery({
    queryKey: [...key(organizerId), p],
    queryFn: async () =>
      (await apiEnvelope<AdminPaymentRefundListResponse['data']>(
        `/organizers/${organizerId}/refunds/payments`,
        {
          query: { kind: p.kind, status: p.status === 'all' ? undefined : p.status, page: p.page },
        },
      )) as AdminPaymentRefundListResponse,
    enabled: organizerId > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Tries a failed refund again through the provider: a payment given back whole here, a
 * refund of some lines on its order. Answers the API's message.
 */
export function useRetryRefund(organizerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (r: AdminPaymentRefundView) => {
      const path =
        r.source === 'payment'
          ? `/organizers/${organizerId}/refunds/payments/${r.id}/retry`
          : `/organizers/${organizerId}/orders/${r.order.id}/refunds/${r.id}/retry`;
      return (await apiEnvelope<unknown>(path, { method: 'POST' })).message ?? '';
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key(organizerId) }),
  });
}
