import { queryOptions } from '@tanstack/react-query';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

/** GET /api/customers/customer for the checkout: billing prefill, and who a resumed checkout is for. */
export const checkoutCustomerQuery = (token: string) =>
  queryOptions({
    queryKey: ['checkout', 'customer', token] as const,
    queryFn: async () => (await api<{ data: CustomerView }>('/customers/customer')).data,
    initialData: useSession.getState().customer ?? undefined,
  });
