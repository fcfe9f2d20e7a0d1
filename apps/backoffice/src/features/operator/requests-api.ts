import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { organizerRequestView } from '@bilheteira/shared/schemas/backoffice';
import { api, apiEnvelope } from '../../lib/api';

export type OrganizerRequest = z.infer<typeof organizerRequestView>;
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export function useRequests(status: RequestStatus, page: number) {
  return useQuery({
    queryKey: ['organizer-requests', status, page],
    // the rows of the page and `meta`: how many requests of this status there are, and pages
    queryFn: () =>
      apiEnvelope<OrganizerRequest[]>('/operator/organizer-requests', { query: { status, page } }),
    placeholderData: (prev) => prev,
  });
}

function useDecision<V extends { id: number }>(action: 'approve' | 'reject') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: V) =>
      api<{ message: string; organizer_id?: number }>(`/operator/organizer-requests/${id}/${action}`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['organizer-requests'] }),
  });
}

export const useApprove = () => useDecision<{ id: number; nif: string; iban: string }>('approve');
export const useReject = () => useDecision<{ id: number; reason: string }>('reject');
