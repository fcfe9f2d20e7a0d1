import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  QuickChargeEvent,
  RefundView,
  WalletEventData,
  WalletTransactionView,
} from '@bilheteira/shared/schemas/wallet';
import { api } from '../../../lib/api-client';

/** GET /api/customers/wallet-event — the wallet of the current event (spec §7). */
export const walletEventQuery = (eventId: number | null) =>
  queryOptions({
    queryKey: ['wallet', 'event', eventId],
    enabled: eventId !== null,
    queryFn: async ({ signal }) =>
      (
        await api<{ data: WalletEventData }>('/customers/wallet-event', {
          query: { event_id: eventId ?? undefined },
          signal,
          skipErrorHandler: true,
        })
      ).data,
  });

export const TRANSACTIONS_PAGE_SIZE = 20;

/** GET /api/customers/wallet-transactions — newest first, "load more" by cursor. */
export const walletTransactionsQuery = (eventId: number | null) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', eventId],
    enabled: eventId !== null,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      api<{ data: WalletTransactionView[]; next_cursor: string | null }>('/customers/wallet-transactions', {
        query: {
          event_id: eventId ?? undefined,
          limit: TRANSACTIONS_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
        skipErrorHandler: true,
      }),
    getNextPageParam: (last) => last.next_cursor,
  });

/** GET /api/wallet/events/{slug} — public facts for the quick-charge page. */
export const quickChargeEventQuery = (slug: string) =>
  queryOptions({
    queryKey: ['wallet', 'quick-charge', slug],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: QuickChargeEvent }>(`/wallet/events/${encodeURIComponent(slug)}`, {
          signal,
          skipErrorHandler: true,
        })
      ).data,
    retry: false,
  });

type Message = { data: { message: string }; message: string };

function useWalletMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** Proof of possession: the secret printed inside the bracelet or the NFC UID the phone read. */
export const linkBracelet = (input: { event_id: number; code: string; secret?: string; uid?: string }) =>
  api<Message>('/customers/wallet/bracelets', { method: 'POST', json: input, skipErrorHandler: true });

export const useLinkBracelet = () => useWalletMutation(linkBracelet);

export const useBlockBracelet = () =>
  useWalletMutation((input: { event_id: number; code: string }) =>
    api<Message>('/customers/wallet/bracelets/block', {
      method: 'POST',
      json: input,
      skipErrorHandler: true,
    }),
  );

export const useReplaceBracelet = () =>
  useWalletMutation(
    (input: {
      event_id: number;
      old_code: string;
      new_code: string;
      new_secret?: string;
      new_uid?: string;
    }) =>
      api<Message>('/customers/wallet/bracelets/replace', {
        method: 'POST',
        json: input,
        skipErrorHandler: true,
      }),
  );

export const useRequestRefund = () =>
  useWalletMutation((input: { event_id: number; iban: string; expected_refund_cents: number }) =>
    api<{ data: RefundView; message: string }>('/customers/wallet/refund-requests', {
      method: 'POST',
      json: input,
      skipErrorHandler: true,
    }),
  );

/** Password login for the quick-charge page (spec §7 login-password: `login` is the mobile). */
export const quickChargeLogin = (input: { mobile_country_code: string; mobile: string; password: string }) =>
  api<{ accessToken: string; message: string }>('/customers/login-password', {
    method: 'POST',
    json: { ...input, login: input.mobile },
    skipErrorHandler: true,
  });
