import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderSort,
  AdminOrderStatusFilter,
  AdminOrderSummary,
  AdminOrderView,
} from '@bilheteira/shared/schemas/backoffice-orders';
import { ADMIN_ORDERS_PER_PAGE } from '@bilheteira/shared/schemas/backoffice-orders';
import type {
  AdminOrderRefund,
  AdminOrderRefundBody,
  AdminTicketReassignBody,
} from '@bilheteira/shared/schemas/backoffice-order-refunds';
import { api, apiEnvelope } from '../../lib/api';

export type { AdminOrderSummary, AdminOrderView };

export interface OrderListParams {
  page: number;
  q: string;
  /** 0: every event */
  eventId: number;
  status: AdminOrderStatusFilter;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
}

const base = (organizerId: number) => `/organizers/${organizerId}/orders`;
const ordersKey = (organizerId: number) => ['orders', organizerId] as const;

/** One page of the organiser's orders, searched, filtered and sorted by the API. */
export function useOrderList(organizerId: number, p: OrderListParams) {
  return useQuery({
    queryKey: [...ordersKey(organizerId), 'list', p],
    queryFn: () =>
      apiEnvelope<AdminOrderSummary[]>(base(organizerId), {
        query: {
          page: p.page,
          per_page: ADMIN_ORDERS_PER_PAGE,
          q: p.q || undefined,
          event_id: p.eventId || undefined,
          status: p.status,
          sort: p.sort,
          dir: p.dir,
        },
      }),
    placeholderData: keepPreviousData,
    enabled: organizerId > 0,
  });
}

/** The organiser's events for the filter (newest first; a team without events.view gets none). */
export function useEventChoices(organizerId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['events', organizerId, 'choices'],
    queryFn: () =>
      api<{ id: number; name: string }[]>(`/organizers/${organizerId}/events`, {
        query: { per_page: 100, sort: 'starts_at', dir: 'desc' },
      }),
    enabled: organizerId > 0 && enabled,
    staleTime: 60_000,
  });
}

export function useOrder(organizerId: number, orderId: number) {
  return useQuery({
    queryKey: [...ordersKey(organizerId), 'one', orderId],
    queryFn: () => api<AdminOrderView>(`${base(organizerId)}/${orderId}`),
    enabled: organizerId > 0 && orderId > 0,
  });
}

/** Queues the paid order's email to the buyer again; the story then shows the new message. */
export function useResendTickets(organizerId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiEnvelope<{ recipient: string; tickets: number }>(`${base(organizerId)}/${orderId}/resend`, {
        method: 'POST',
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ordersKey(organizerId), 'one', orderId] }),
  });
}

const orderKey = (organizerId: number, orderId: number) => [...ordersKey(organizerId), 'one', orderId];

export interface RefundAnswer {
  refund: AdminOrderRefund;
  order_status: string;
}

/**
 * Refunds lines of the order. `key` is the Idempotency-Key made when the team opened the dialog:
 * a second click, or a retry after a lost answer, gets the first refund back.
 */
export function useRefundLines(organizerId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdminOrderRefundBody; key: string }) =>
      apiEnvelope<RefundAnswer>(`${base(organizerId)}/${orderId}/refunds`, {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': key },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKey(organizerId, orderId) }),
  });
}

/** Tries a refund the provider refused again. */
export function useRetryRefund(organizerId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (refundId: number) =>
      apiEnvelope<RefundAnswer>(`${base(organizerId)}/${orderId}/refunds/${refundId}/retry`, {
        method: 'POST',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: orderKey(organizerId, orderId) }),
  });
}

/** Gives a ticket of the order to another mobile. */
export function useReassignTicket(organizerId: number, orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body }: { ticketId: number; body: AdminTicketReassignBody }) =>
      apiEnvelope<{ ticket_id: number; pending: boolean; to_mobile: string }>(
        `${base(organizerId)}/${orderId}/tickets/${ticketId}/reassign`,
        { method: 'POST', json: body },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderKey(organizerId, orderId) }),
  });
}
