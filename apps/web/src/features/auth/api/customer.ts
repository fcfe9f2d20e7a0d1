import { queryOptions } from '@tanstack/react-query';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

export const customerKey = ['customer'] as const;

/** GET /api/customers/customer — the signed-in customer, kept in the session store too. */
export const customerQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...customerKey, token],
    enabled: !!token,
    queryFn: async () => {
      const res = await api<{ data: CustomerView }>('/customers/customer');
      useSession.getState().setCustomer(res.data);
      return res.data;
    },
  });
