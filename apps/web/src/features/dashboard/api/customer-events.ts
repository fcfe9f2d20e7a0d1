import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_EVENT_FILTERS,
  CUSTOMER_EVENTS_PER_PAGE,
  type CustomerEventFilter,
  type CustomerEventsResponse,
} from '@bilheteira/shared/schemas/account';
import { api } from '../../../lib/api-client';

export interface DashboardParams {
  filter: CustomerEventFilter;
  page: number;
}

/** Reads filter and page from the URL, tolerating anything typed there. */
export function dashboardParams(sp: URLSearchParams): DashboardParams {
  const f = sp.get('filter');
  const n = Number(sp.get('page'));
  return {
    filter: (CUSTOMER_EVENT_FILTERS as readonly string[]).includes(f ?? '')
      ? (f as CustomerEventFilter)
      : 'all',
    page: Number.isInteger(n) && n >= 1 ? Math.min(n, 10_000) : 1,
  };
}

export const customerEventsKey = ['customer-events'] as const;

/** GET /api/customers/events?filter=&page= — the customer's events (tickets or wallet). */
export const customerEventsQuery = (p: DashboardParams) =>
  queryOptions({
    queryKey: [...customerEventsKey, p],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<CustomerEventsResponse>('/customers/events', {
        query: { filter: p.filter, page: p.page, per_page: CUSTOMER_EVENTS_PER_PAGE },
        signal,
      }),
  });
