import { queryOptions } from '@tanstack/react-query';
import type { organizerPageResponse } from '@bilheteira/shared/schemas/events';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client';

export type OrganizerPage = z.infer<typeof organizerPageResponse>['data'];

/** POST /api/organizers/:slug (spec §7) — the organiser and their public events. */
export const organizerQuery = (slug: string) =>
  queryOptions({
    queryKey: ['organizers', slug],
    staleTime: 30_000,
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
    queryFn: async ({ signal }) =>
      (
        await api<{ data: OrganizerPage }>(`/organizers/${encodeURIComponent(slug)}`, {
          method: 'POST',
          signal,
          skipErrorHandler: true,
        })
      ).data,
  });
