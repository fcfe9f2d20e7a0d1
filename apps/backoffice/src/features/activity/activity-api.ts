import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ActivityActors,
  ActivityEntry,
  ActivityResponse,
} from '@bilheteira/shared/schemas/backoffice-audit';
import { api, apiEnvelope } from '../../lib/api';

export type { ActivityEntry };

/** What the log is narrowed by (empty: not narrowed); dates are the page's local days. */
export interface ActivityFilters {
  actor: string;
  action: string;
  eventId: string;
  from: string;
  to: string;
  organizerId: string;
}

/** A local day (YYYY-MM-DD) as the instant it starts, `plusDays` later. */
const dayStart = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/**
 * The log newest first, a page at a time (`before`: the last id seen). `organizerId` null: the
 * platform operators' log of every organiser.
 */
export function useActivity(organizerId: number | null, f: ActivityFilters) {
  const path = organizerId === null ? '/operator/activity' : `/organizers/${organizerId}/activity`;
  return useInfiniteQuery({
    queryKey: ['activity', organizerId, f],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam }) =>
      (await apiEnvelope<ActivityResponse['data']>(path, {
        query: {
          actor: f.actor || undefined,
          action: f.action.trim() || undefined,
          event_id: f.eventId || undefined,
          from: dayStart(f.from),
          to: dayStart(f.to, 1),
          organizer_id: organizerId === null ? f.organizerId || undefined : undefined,
          before: pageParam,
        },
      })) as unknown as ActivityResponse,
    getNextPageParam: (last) => last.meta.next_before ?? undefined,
  });
}

/** The organiser's team, for the actor filter. */
export function useActivityActors(organizerId: number | null) {
  return useQuery({
    queryKey: ['activity', organizerId, 'actors'],
    queryFn: () => api<ActivityActors>(`/organizers/${organizerId}/activity/actors`),
    enabled: organizerId !== null,
  });
}

/** Every organiser, for the operators' organiser filter. */
export function useActivityOrganizers(enabled: boolean) {
  return useQuery({
    queryKey: ['activity', 'organizers'],
    queryFn: () => api<{ id: number; name: string }[]>('/operator/activity/organizers'),
    enabled,
  });
}

/** The organiser's events (the 100 newest), for the event filter. */
export function useActivityEvents(organizerId: number | null) {
  return useQuery({
    queryKey: ['activity', organizerId, 'events'],
    queryFn: () =>
      api<{ id: number; name: string }[]>(`/organizers/${organizerId}/events`, {
        query: { per_page: 100, sort: 'created_at', dir: 'desc' },
      }),
    enabled: organizerId !== null,
  });
}
