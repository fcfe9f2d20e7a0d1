import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckinListInput,
  CheckinListView,
  DoorDeviceView,
  DoorDeviceWithKeyView,
  ScanLogResponse,
} from '@bilheteira/shared/schemas/backoffice-door';
import { api, apiEnvelope } from '../../../lib/api';

export type { CheckinListInput, CheckinListView, DoorDeviceView, DoorDeviceWithKeyView, ScanLogResponse };

const base = (organizerId: number, eventId: number) => `/organizers/${organizerId}/events/${eventId}/door`;
const doorKey = (organizerId: number, eventId: number) => ['door', organizerId, eventId] as const;

/** The devices with their counts, refreshed while the page is open (the door is live). */
export function useDevices(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: [...doorKey(organizerId, eventId), 'devices'],
    queryFn: () => api<DoorDeviceView[]>(`${base(organizerId, eventId)}/devices`),
    refetchInterval: 15_000,
  });
}

export function useDeviceChange(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        { kind: 'create'; name: string } | { kind: 'rotate'; id: number } | { kind: 'revoke'; id: number },
    ) => {
      const path = `${base(organizerId, eventId)}/devices`;
      if (change.kind === 'create')
        return apiEnvelope<DoorDeviceWithKeyView>(path, { method: 'POST', json: { name: change.name } });
      return apiEnvelope<DoorDeviceWithKeyView | DoorDeviceView>(
        `${path}/${change.id}/${change.kind === 'rotate' ? 'rotate-key' : 'revoke'}`,
        { method: 'POST' },
      );
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: doorKey(organizerId, eventId) }),
  });
}

export function useScanLog(
  organizerId: number,
  eventId: number,
  p: { deviceId: number | null; result: string; page: number },
) {
  return useQuery({
    queryKey: [...doorKey(organizerId, eventId), 'scans', p],
    queryFn: async () =>
      (await apiEnvelope<ScanLogResponse['data']>(`${base(organizerId, eventId)}/scans`, {
        query: { device_id: p.deviceId ?? undefined, result: p.result || undefined, page: p.page },
      })) as unknown as ScanLogResponse,
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

/** The event's check-in lists with their devices and admissions, refreshed like the devices. */
export function useCheckinLists(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: [...doorKey(organizerId, eventId), 'lists'],
    queryFn: () => api<CheckinListView[]>(`${base(organizerId, eventId)}/lists`),
    refetchInterval: 15_000,
  });
}

export function useCheckinListChange(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'save'; id: number | null; body: CheckinListInput }
        | { kind: 'delete'; id: number }
        | { kind: 'assign'; deviceId: number; listId: number | null },
    ) => {
      const path = base(organizerId, eventId);
      if (change.kind === 'assign')
        return apiEnvelope<unknown>(`${path}/devices/${change.deviceId}/list`, {
          method: 'PUT',
          json: { list_id: change.listId },
        });
      if (change.kind === 'delete')
        return apiEnvelope<unknown>(`${path}/lists/${change.id}`, { method: 'DELETE' });
      return change.id === null
        ? apiEnvelope<unknown>(`${path}/lists`, { method: 'POST', json: change.body })
        : apiEnvelope<unknown>(`${path}/lists/${change.id}`, { method: 'PUT', json: change.body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: doorKey(organizerId, eventId) }),
  });
}
