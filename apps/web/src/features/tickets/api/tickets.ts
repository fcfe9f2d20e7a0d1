import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerTicketView,
  PublicTicketCheck,
  TicketValidated,
} from '@bilheteira/shared/schemas/tickets';
import { api } from '../../../lib/api-client';

/** GET /api/customers/tickets — the customer's tickets, of one event when given. */
export const ticketsQuery = (eventId: number | null) =>
  queryOptions({
    queryKey: ['tickets', 'list', eventId ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: CustomerTicketView[] }>('/customers/tickets', {
          query: { event_id: eventId ?? undefined },
          signal,
        })
      ).data,
  });

/** GET /api/customers/ticket-validated/{token} — status object and check-ins of one ticket. */
export const ticketValidatedQuery = (token: string) =>
  queryOptions({
    queryKey: ['tickets', 'validated', token],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: TicketValidated }>(`/customers/ticket-validated/${encodeURIComponent(token)}`, {
          signal,
          skipErrorHandler: true,
        })
      ).data,
    retry: 1,
  });

/** GET /api/checkin/status/{token} — public validity of a scanned ticket (staff page). */
export const publicCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['tickets', 'check', token],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: PublicTicketCheck }>(`/checkin/status/${encodeURIComponent(token)}`, {
          signal,
          skipErrorHandler: true,
        })
      ).data,
    retry: 1,
  });

export interface TransferInput {
  ticketId: number;
  dialCode: string;
  national: string;
}

/**
 * POST /api/customers/transfer-ticket as a form (spec §7): the full mobile with plus and
 * dial code. On success the ticket lists reload; errors are shown by the caller (spec §8).
 */
export function useTransferTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferInput) =>
      api<{ data: { message: string; pending: boolean }; message: string }>('/customers/transfer-ticket', {
        method: 'POST',
        form: {
          customer_ticket_id: input.ticketId,
          mobile_country_code: input.dialCode,
          mobile: `+${input.dialCode}${input.national}`,
        },
        skipErrorHandler: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
