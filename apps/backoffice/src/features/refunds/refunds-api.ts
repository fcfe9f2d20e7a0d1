import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRefundListResponse,
  AdminRefundView,
  RefundDecision,
  RefundDecisionResult,
} from '@bilheteira/shared/schemas/backoffice-refunds';
import type { RefundStatus } from '@bilheteira/shared/wallet';
import { apiDownload, apiEnvelope, saveFile } from '../../lib/api';

export type { AdminRefundView, RefundDecision, RefundStatus };

export interface RefundListParams {
  status: RefundStatus | 'all';
  eventId: number | null;
  search: string;
  page: number;
}

const refundsKey = (organizerId: number) => ['refunds', organizerId] as const;

/** A page of the organiser's refund requests with the queue's counts (meta). */
export function useRefunds(organizerId: number, p: RefundListParams) {
  return useQuery({
    queryKey: [...refundsKey(organizerId), p],
    queryFn: async () =>
      (await apiEnvelope<AdminRefundListResponse['data']>(`/organizers/${organizerId}/refunds`, {
        query: {
          status: p.status === 'all' ? undefined : p.status,
          event_id: p.eventId ?? undefined,
          q: p.search || undefined,
          page: p.page,
        },
      })) as AdminRefundListResponse,
    placeholderData: keepPreviousData,
  });
}

/** One decision on the selected requests: what moved and what did not (and why). */
export function useRefundDecision(organizerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; decision: RefundDecision; reason?: string }) =>
      apiEnvelope<RefundDecisionResult>(`/organizers/${organizerId}/refunds/decisions`, {
        method: 'POST',
        json: body,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: refundsKey(organizerId) }),
  });
}

/** Downloads the SEPA file of the approved requests not exported yet; answers how many and how much. */
export function useSepaExport(organizerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const file = await apiDownload(`/organizers/${organizerId}/refunds/sepa-export`, { method: 'POST' });
      saveFile(file);
      return {
        count: Number(file.headers.get('x-refund-count') ?? 0),
        totalCents: Number(file.headers.get('x-refund-total-cents') ?? 0),
      };
    },
    onSettled: () => qc.invalidateQueries({ queryKey: refundsKey(organizerId) }),
  });
}
