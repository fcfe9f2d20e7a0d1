import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  EventChangeView,
  PostponeEventBody,
  PostponeSessionBody,
  eventChangeOutcome,
} from '@bilheteira/shared/schemas/event-lifecycle';
import type { teamMemberView } from '@bilheteira/shared/schemas/backoffice';
import { api, apiEnvelope } from '../../../lib/api';

export type { EventChangeView };
export type ChangeOutcome = z.infer<typeof eventChangeOutcome>;

/** What a postponement or cancellation is aimed at: the whole event, or one of its sessions. */
export interface LifecycleTarget {
  eventId: number;
  /** null: the whole event */
  sessionId: number | null;
}

const eventPath = (organizerId: number, t: LifecycleTarget) =>
  `/organizers/${organizerId}/events/${t.eventId}` + (t.sessionId === null ? '' : `/sessions/${t.sessionId}`);

const changesKey = (organizerId: number, eventId: number) =>
  ['events', organizerId, 'one', eventId, 'changes'] as const;

/** The event's postponements and cancellations, newest first (events.view). */
export function useEventChanges(organizerId: number, eventId: number, enabled = true) {
  return useQuery({
    queryKey: changesKey(organizerId, eventId),
    queryFn: () => api<EventChangeView[]>(`/organizers/${organizerId}/events/${eventId}/changes`),
    enabled: enabled && organizerId > 0 && eventId > 0,
  });
}

/**
 * A postponement or cancellation (events.publish): answers what it did and the API's localised
 * `message`; refreshes the organiser's events (lists, the event, its history).
 */
function useLifecycleChange<V extends LifecycleTarget>(
  organizerId: number,
  action: 'postpone' | 'cancel',
  body: (v: V) => unknown,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) =>
      apiEnvelope<ChangeOutcome>(`${eventPath(organizerId, v)}/${action}`, {
        method: 'POST',
        json: body(v),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['events', organizerId] }),
  });
}

export const useCancel = (organizerId: number) =>
  useLifecycleChange(organizerId, 'cancel', (v: LifecycleTarget & { reason: string }) => ({
    reason: v.reason,
  }));

export const usePostponeEvent = (organizerId: number) =>
  useLifecycleChange(organizerId, 'postpone', (v: LifecycleTarget & { body: PostponeEventBody }) => v.body);

export const usePostponeSession = (organizerId: number) =>
  useLifecycleChange(organizerId, 'postpone', (v: LifecycleTarget & { body: PostponeSessionBody }) => v.body);

/** The organiser's team (team.manage), to name who made a change; the team page's cache. */
export function useTeamNames(organizerId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['team', organizerId] as const,
    queryFn: () => api<{ members: z.infer<typeof teamMemberView>[] }>(`/organizers/${organizerId}/team`),
    enabled: enabled && organizerId > 0,
  });
}
