import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EVENT_SORTS, type eventListResponse } from '@bilheteira/shared/schemas/events';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type EventListResponse = z.infer<typeof eventListResponse>;
export type EventSort = (typeof EVENT_SORTS)[number];

export interface CatalogParams {
  search: string;
  sort: EventSort;
  page: number;
  per_page: number;
}

export const DEFAULT_PER_PAGE = 12;

/** Reads the catalogue view from the URL query, tolerating anything a person types there. */
export function paramsFromSearch(sp: URLSearchParams): CatalogParams {
  const sort = sp.get('sort');
  const int = (v: string | null, def: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : def;
  };
  return {
    search: (sp.get('search') ?? '').trim().slice(0, 100),
    sort: (EVENT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as EventSort) : 'date',
    page: int(sp.get('page'), 1, 10_000),
    per_page: int(sp.get('per_page'), DEFAULT_PER_PAGE, 100),
  };
}

/** GET /api/events?search=&sort=&page=&per_page= (the API searches, sorts and pages). */
export const eventsQuery = (p: CatalogParams) =>
  queryOptions({
    queryKey: ['events', 'list', p],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    queryFn: ({ signal }) =>
      api<EventListResponse>('/events', {
        signal,
        query: { search: p.search, sort: p.sort, page: p.page, per_page: p.per_page },
      }),
  });
