import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BroadcastBody,
  BroadcastPreview,
  BroadcastView,
} from '@bilheteira/shared/schemas/backoffice-messages';
import { api, apiEnvelope } from '../../../lib/api';

export type { BroadcastBody, BroadcastPreview, BroadcastView };

const base = (organizerId: number, eventId: number) =>
  `/organizers/${organizerId}/events/${eventId}/messages`;
const key = (organizerId: number, eventId: number) => ['messages', organizerId, eventId] as const;

/** The messages sent, their delivery counts refreshed while the page is open. */
export function useBroadcasts(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: key(organizerId, eventId),
    queryFn: () => api<BroadcastView[]>(base(organizerId, eventId)),
    refetchInterval: 15_000,
  });
}

export function usePreviewBroadcast(organizerId: number, eventId: number) {
  return useMutation({
    mutationFn: (body: BroadcastBody) =>
      api<BroadcastPreview>(`${base(organizerId, eventId)}/preview`, { method: 'POST', json: body }),
  });
}

export function useSendBroadcast(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastBody) =>
      apiEnvelope<BroadcastView>(base(organizerId, eventId), { method: 'POST', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(organizerId, eventId) }),
  });
}
