import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OutboxEntry {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  meta: Record<string, unknown>;
  status: string;
  created_at: string;
}

/** GET /api/dev/outbox — emails and SMS the product sent (development only). */
export const outboxQueryOptions = (recipient: string) =>
  queryOptions({
    queryKey: ['dev-outbox', recipient],
    queryFn: () =>
      api<{ data: OutboxEntry[] }>('/dev/outbox', { query: { recipient: recipient || undefined } }).then(
        (r) => r.data,
      ),
    refetchInterval: 3000,
  });
