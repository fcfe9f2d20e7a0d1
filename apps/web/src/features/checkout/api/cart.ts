import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartView } from '@bilheteira/shared/schemas/carts';
import { toSessionDate } from '@bilheteira/shared/session-date';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';

/** Cart of the visitor (or customer, when signed in) for one event. */
export const cartKey = (eventId: number, token: string | null) =>
  ['cart', eventId, token ? 'customer' : 'visitor'] as const;

export const cartQuery = (eventId: number, token: string | null) =>
  queryOptions({
    queryKey: cartKey(eventId, token),
    queryFn: async ({ signal }) =>
      (await api<{ data: CartView }>('/carts', { query: { event_id: eventId }, signal })).data,
    staleTime: 10_000,
  });

export interface AddItemInput {
  ticket_id: number;
  session_id: number | null;
  /** YYYY-MM-DD from the picker; sent as DD/MM/YYYY (spec §4) */
  session_date?: string;
  session_hour?: string;
  event_id: number;
  /** the event's link: a private event's cart needs it */
  event_slug?: string;
  amount: number;
  /** the access code that unlocked a hidden ticket type */
  access_code?: string;
}

/** POST /api/carts/add-item: sets a line's quantity (0 removes it); answers the cart. */
export async function addItem(input: AddItemInput): Promise<CartView> {
  const res = await api<{ data: CartView }>('/carts/add-item', {
    json: {
      ticket_id: input.ticket_id,
      ...(input.session_id ? { session_id: input.session_id } : {}),
      ...(input.session_id && input.session_date ? { session_date: toSessionDate(input.session_date) } : {}),
      ...(input.session_id && input.session_hour ? { session_hour: input.session_hour } : {}),
      event_id: input.event_id,
      ...(input.event_slug ? { event_slug: input.event_slug } : {}),
      amount: input.amount,
      ...(input.access_code ? { access_code: input.access_code } : {}),
    },
  });
  return res.data;
}

/** Change a line's quantity or remove it; the cart cache is replaced by the answer. */
export function useCartLineMutations(eventId: number) {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  const set = (cart: CartView) => qc.setQueryData(cartKey(eventId, token), cart);
  const change = useMutation({
    mutationFn: async ({ identifier, qty }: { identifier: number; qty: number }) =>
      (await api<{ data: CartView }>(`/carts/items/${identifier}`, { method: 'PATCH', json: { qty } })).data,
    onSuccess: set,
  });
  const remove = useMutation({
    mutationFn: async (identifier: number) =>
      (await api<{ data: CartView }>(`/carts/items/${identifier}`, { method: 'DELETE' })).data,
    onSuccess: set,
  });
  return { change, remove };
}
