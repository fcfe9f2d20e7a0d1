import { queryOptions } from '@tanstack/react-query';
import type { EventDetail } from '@bilheteira/shared/schemas/events';
import { api, ApiError } from '../../../lib/api-client';

export const eventKey = (slug: string) => ['events', 'detail', slug] as const;

/**
 * GET /api/events/:slug — the event page with ticket types, sessions and availability.
 * Kept fresh for a few seconds only: availability changes while people buy.
 */
export const eventQuery = (slug: string) =>
  queryOptions({
    queryKey: eventKey(slug),
    staleTime: 5_000,
    // a 404 is an answer (unknown or unpublished slug), not a failure worth retrying
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
    queryFn: async ({ signal }) =>
      (
        await api<{ data: EventDetail }>(`/events/${encodeURIComponent(slug)}`, {
          signal,
          skipErrorHandler: true,
        })
      ).data,
  });
