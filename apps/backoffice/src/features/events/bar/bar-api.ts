import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BraceletsResponse,
  CreateStationBody,
  StationTotalsView,
  StationView,
  StationWithKeyView,
  UpdateStationBody,
} from '@bilheteira/shared/schemas/backoffice-bar';
import { api, apiEnvelope } from '../../../lib/api';

export type { BraceletsResponse, StationView, StationWithKeyView };

const base = (organizerId: number, eventId: number) => `/organizers/${organizerId}/events/${eventId}`;
const barKey = (organizerId: number, eventId: number) => ['bar', organizerId, eventId] as const;

export function useStations(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'stations'],
    queryFn: () => api<StationView[]>(`${base(organizerId, eventId)}/stations`),
  });
}

/** Adds a station (answers its key, shown once), changes one, or gives it a new key. */
export function useStationChange(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; body: CreateStationBody }
        | { kind: 'update'; id: number; body: UpdateStationBody }
        | { kind: 'rotate'; id: number },
    ) => {
      const path = `${base(organizerId, eventId)}/stations`;
      if (change.kind === 'create')
        return apiEnvelope<StationWithKeyView>(path, { method: 'POST', json: change.body });
      if (change.kind === 'rotate')
        return apiEnvelope<StationWithKeyView>(`${path}/${change.id}/rotate-key`, { method: 'POST' });
      return apiEnvelope<StationView>(`${path}/${change.id}`, { method: 'PATCH', json: change.body });
    },
    // the stations and their totals
    onSuccess: () => qc.invalidateQueries({ queryKey: barKey(organizerId, eventId) }),
  });
}

/** Each till's totals in a window (end of shift, end of day); refreshed while shown. */
export function useStationTotals(organizerId: number, eventId: number, w: { from: string; to: string }) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'totals', w],
    queryFn: () => api<StationTotalsView[]>(`${base(organizerId, eventId)}/stations/totals`, { query: w }),
    enabled: !!w.from && !!w.to,
    refetchInterval: 30_000,
  });
}

export function useBracelets(organizerId: number, eventId: number, p: { q: string; page: number }) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'bracelets', p],
    queryFn: async () =>
      (await apiEnvelope<BraceletsResponse['data']>(`${base(organizerId, eventId)}/bracelets`, {
        query: { q: p.q || undefined, page: p.page },
      })) as unknown as BraceletsResponse,
    placeholderData: keepPreviousData,
  });
}

export function useImportBracelets(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiEnvelope<{ imported: number }>(`${base(organizerId, eventId)}/bracelets/import`, {
        method: 'POST',
        json: { csv },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...barKey(organizerId, eventId), 'bracelets'] }),
  });
}
