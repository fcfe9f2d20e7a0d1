import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export interface SiteUrls {
  site: string;
  backend: string;
  customerDashboard: string;
  /** the company the footer names (consumer law); null when the server has none configured */
  company: { name: string; nif: string; address: string } | null;
}

/** GET /api/site-urls (spec §7), cached for the session. */
export const siteUrlsQuery = queryOptions({
  queryKey: ['site-urls'],
  staleTime: Infinity,
  queryFn: async () => (await api<{ data: SiteUrls }>('/site-urls', { skipErrorHandler: true })).data,
});
