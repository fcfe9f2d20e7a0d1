import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { eventListResponse } from '@bilheteira/shared/schemas/events';
import { api } from '../../../lib/api-client';

export type EventListResponse = z.infer<typeof eventListResponse>;

/** The upcoming public events for the home page. */
export const publicEventsQuery = queryOptions({
  queryKey: ['events', 'home'],
  queryFn: () => api<EventListResponse>('/events', { query: { per_page: 12, sort: 'date' } }),
});
