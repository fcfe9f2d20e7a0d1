import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminEventSummary,
  AdminEventView,
  AdminTicketTypeView,
  CreateEventBody,
  CreateTicketTypeBody,
  UpdateEventBody,
  adminEventDayView,
  adminSessionView,
} from '@bilheteira/shared/schemas/backoffice-events';
import type {
  AccessCodeView,
  CapacityGroupBody,
  CapacityGroupView,
  PromoCodeView,
  priceStepView,
  PriceStepsBody,
} from '@bilheteira/shared/schemas/pricing';
import { api, apiEnvelope } from '../../lib/api';

export type {
  AdminEventSummary,
  AdminEventView,
  AdminTicketTypeView,
  AccessCodeView,
  CapacityGroupView,
  PromoCodeView,
};
export type SessionView = z.infer<typeof adminSessionView>;
export type DayView = z.infer<typeof adminEventDayView>;
export type PriceStep = z.infer<typeof priceStepView>;
export type EventStatusFilter = 'all' | 'draft' | 'published' | 'cancelled';

export interface EventListParams {
  page: number;
  search: string;
  status: EventStatusFilter;
  sort: 'starts_at' | 'name' | 'created_at' | 'updated_at' | 'status';
  dir: 'asc' | 'desc';
}
export const EVENTS_PAGE_SIZE = 20;

const base = (organizerId: number) => `/organizers/${organizerId}/events`;
const eventsKey = (organizerId: number) => ['events', organizerId] as const;
const eventKey = (organizerId: number, eventId: number) => ['events', organizerId, 'one', eventId] as const;

/** One page of the organiser's events, searched, filtered and sorted by the API. */
export function useEventList(organizerId: number, p: EventListParams) {
  return useQuery({
    queryKey: [...eventsKey(organizerId), 'list', p],
    queryFn: () =>
      apiEnvelope<AdminEventSummary[]>(base(organizerId), {
        query: { ...p, per_page: EVENTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    enabled: organizerId > 0,
  });
}

export function useEvent(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: eventKey(organizerId, eventId),
    queryFn: () => api<AdminEventView>(`${base(organizerId)}/${eventId}`),
    enabled: organizerId > 0 && eventId > 0,
  });
}

/**
 * A change to an organiser's events (answers the envelope: `message` is the API's localised
 * confirmation): refreshes the lists and the event.
 */
function useEventsChange<V, R>(organizerId: number, call: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey(organizerId) }),
  });
}

export const useCreateEvent = (organizerId: number) =>
  useEventsChange(organizerId, (body: CreateEventBody) =>
    apiEnvelope<AdminEventView>(base(organizerId), { method: 'POST', json: body }),
  );

export const useUpdateEvent = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (body: UpdateEventBody) =>
    apiEnvelope<AdminEventView>(`${base(organizerId)}/${eventId}`, { method: 'PATCH', json: body }),
  );

export const useDuplicateEvent = (organizerId: number) =>
  useEventsChange(organizerId, (eventId: number) =>
    apiEnvelope<AdminEventView>(`${base(organizerId)}/${eventId}/duplicate`, { method: 'POST' }),
  );

export const usePublishEvent = (organizerId: number) =>
  useEventsChange(organizerId, (v: { eventId: number; visibility: 'public' | 'private' }) =>
    apiEnvelope<AdminEventView>(`${base(organizerId)}/${v.eventId}/publish`, {
      method: 'POST',
      json: { visibility: v.visibility },
    }),
  );

export const useUnpublishEvent = (organizerId: number) =>
  useEventsChange(organizerId, (eventId: number) =>
    apiEnvelope<AdminEventView>(`${base(organizerId)}/${eventId}/unpublish`, { method: 'POST' }),
  );

export const useSaveTicketType = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (v: { id: number | null; body: Partial<CreateTicketTypeBody> }) =>
    apiEnvelope<AdminTicketTypeView>(
      `${base(organizerId)}/${eventId}/ticket-types${v.id ? `/${v.id}` : ''}`,
      { method: v.id ? 'PATCH' : 'POST', json: v.body },
    ),
  );

export const useDeleteTicketType = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (typeId: number) =>
    apiEnvelope<{ message?: string }>(`${base(organizerId)}/${eventId}/ticket-types/${typeId}`, {
      method: 'DELETE',
    }),
  );

export const useAddSession = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (body: { date: string; hour: string; capacity: number | null }) =>
    apiEnvelope<SessionView>(`${base(organizerId)}/${eventId}/sessions`, { method: 'POST', json: body }),
  );

export const useDeleteSession = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (sessionId: number) =>
    apiEnvelope<{ message?: string }>(`${base(organizerId)}/${eventId}/sessions/${sessionId}`, {
      method: 'DELETE',
    }),
  );

export const useSetDays = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (days: { day: string; capacity: number }[]) =>
    apiEnvelope<DayView[]>(`${base(organizerId)}/${eventId}/days`, { method: 'PUT', json: { days } }),
  );

export function usePriceSteps(organizerId: number, eventId: number, typeId: number | null) {
  return useQuery({
    queryKey: [...eventKey(organizerId, eventId), 'steps', typeId],
    queryFn: () => api<PriceStep[]>(`${base(organizerId)}/${eventId}/ticket-types/${typeId}/price-steps`),
    enabled: typeId !== null,
  });
}

export const useSetPriceSteps = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (v: { typeId: number; body: PriceStepsBody }) =>
    apiEnvelope<PriceStep[]>(`${base(organizerId)}/${eventId}/ticket-types/${v.typeId}/price-steps`, {
      method: 'PUT',
      json: v.body,
    }),
  );

type CodeKind = 'promo-codes' | 'access-codes';

export function useCodes<T>(organizerId: number, eventId: number, kind: CodeKind) {
  return useQuery({
    queryKey: [...eventKey(organizerId, eventId), kind],
    queryFn: () => api<T[]>(`${base(organizerId)}/${eventId}/${kind}`),
  });
}

export const useSaveCode = (organizerId: number, eventId: number, kind: CodeKind) =>
  useEventsChange(organizerId, (v: { id: number | null; body: unknown }) =>
    apiEnvelope<{ message?: string }>(`${base(organizerId)}/${eventId}/${kind}${v.id ? `/${v.id}` : ''}`, {
      method: v.id ? 'PATCH' : 'POST',
      json: v.body,
    }),
  );

export const useDeleteCode = (organizerId: number, eventId: number, kind: CodeKind) =>
  useEventsChange(organizerId, (id: number) =>
    apiEnvelope<{ message?: string }>(`${base(organizerId)}/${eventId}/${kind}/${id}`, { method: 'DELETE' }),
  );

/** The event's shared capacities (pretix quotas) with their places sold and held. */
export function useCapacityGroups(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: [...eventKey(organizerId, eventId), 'capacity-groups'],
    queryFn: () => api<CapacityGroupView[]>(`${base(organizerId)}/${eventId}/capacity-groups`),
  });
}

export const useSaveCapacityGroup = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (v: { id: number | null; body: CapacityGroupBody }) =>
    apiEnvelope<CapacityGroupView>(
      `${base(organizerId)}/${eventId}/capacity-groups${v.id ? `/${v.id}` : ''}`,
      { method: v.id ? 'PATCH' : 'POST', json: v.body },
    ),
  );

export const useDeleteCapacityGroup = (organizerId: number, eventId: number) =>
  useEventsChange(organizerId, (id: number) =>
    apiEnvelope<{ message?: string }>(`${base(organizerId)}/${eventId}/capacity-groups/${id}`, {
      method: 'DELETE',
    }),
  );
