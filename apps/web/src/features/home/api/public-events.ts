import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { eventListResponse } from '@bilheteira/shared/schemas/events';
import { api } from '../../../lib/api-client';

export type EventListResponse = z.infer<typeof eventListResponse>;

/** The upcoming public events for the home page. */
export const publicEventsQuery = queryOptions({
  queryKey: ['events', 'home'],
  staleTime: 15_000,
  queryFn: ({ signal }) =>
    api<EventListResponse>('/events', { signal, query: { per_page: 6, sort: 'date', upcoming: 1 } }),
});

/** Public events published after a moment (the new-events modal for returning visitors). */
export const newEventsQuery = (since: string) =>
  queryOptions({
    queryKey: ['events', 'new-since', since],
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      api<EventListResponse>('/events', {
        signal,
        skipErrorHandler: true,
        query: { published_after: since, upcoming: 1, per_page: 10, sort: 'date' },
      }),
  });
