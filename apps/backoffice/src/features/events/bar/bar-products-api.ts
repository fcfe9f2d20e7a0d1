import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  BraceletDetailView,
  BraceletHistoryResponse,
  CreateProductBody,
  ProductView,
  ReconciliationView,
  UpdateProductBody,
} from '@bilheteira/shared/schemas/backoffice-bar-products';
import { api, apiDownload, apiEnvelope, saveFile } from '../../../lib/api';

export type { BraceletDetailView, ProductView, ReconciliationView };

const base = (organizerId: number, eventId: number) => `/organizers/${organizerId}/events/${eventId}`;
const barKey = (organizerId: number, eventId: number) => ['bar', organizerId, eventId] as const;

/** The event's products with units sold and what is left; refreshed while shown (the tills sell). */
export function useProducts(organizerId: number, eventId: number) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'products'],
    queryFn: () => api<ProductView[]>(`${base(organizerId, eventId)}/products`),
    refetchInterval: 30_000,
  });
}

/** Adds a product or changes one (also made inactive or active again). */
export function useProductChange(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        { kind: 'create'; body: CreateProductBody } | { kind: 'update'; id: number; body: UpdateProductBody },
    ) => {
      const path = `${base(organizerId, eventId)}/products`;
      return change.kind === 'create'
        ? apiEnvelope<ProductView>(path, { method: 'POST', json: change.body })
        : apiEnvelope<ProductView>(`${path}/${change.id}`, { method: 'PATCH', json: change.body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...barKey(organizerId, eventId), 'products'] }),
  });
}

export function useStationMenu(organizerId: number, eventId: number, stationId: number | null) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'menu', stationId],
    queryFn: () =>
      api<{ station_id: number; product_ids: number[] }>(
        `${base(organizerId, eventId)}/stations/${stationId}/menu`,
      ),
    enabled: stationId !== null,
  });
}

export function useSaveStationMenu(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { stationId: number; productIds: number[] }) =>
      apiEnvelope<{ station_id: number; product_ids: number[] }>(
        `${base(organizerId, eventId)}/stations/${v.stationId}/menu`,
        { method: 'PUT', json: { product_ids: v.productIds } },
      ),
    onSuccess: (_res, v) =>
      qc.invalidateQueries({ queryKey: [...barKey(organizerId, eventId), 'menu', v.stationId] }),
  });
}

/** A bracelet by NFC UID or printed code (none while `ref` is empty). */
export function useBraceletLookup(organizerId: number, eventId: number, ref: string) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'bracelet', ref],
    queryFn: () =>
      api<BraceletDetailView>(`${base(organizerId, eventId)}/bracelets/lookup`, { query: { ref } }),
    enabled: ref !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** A bracelet's ledger, newest first, a page at a time (keyset: the last row's time and id). */
export function useBraceletHistory(organizerId: number, eventId: number, braceletId: number | null) {
  return useInfiniteQuery({
    queryKey: [...barKey(organizerId, eventId), 'bracelet-history', braceletId],
    queryFn: async ({ pageParam }) =>
      (await apiEnvelope<BraceletHistoryResponse['data']>(
        `${base(organizerId, eventId)}/bracelets/${braceletId}/transactions`,
        { query: pageParam ?? {} },
      )) as unknown as BraceletHistoryResponse,
    initialPageParam: undefined as { before_at: string; before_id: number } | undefined,
    getNextPageParam: (last) => last.meta.next ?? undefined,
    enabled: braceletId !== null,
  });
}

export function useBraceletBlock(organizerId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; block: boolean }) =>
      apiEnvelope<BraceletDetailView>(
        `${base(organizerId, eventId)}/bracelets/${v.id}/${v.block ? 'block' : 'unblock'}`,
        { method: 'POST' },
      ),
    // the lookup, the history and the bracelets' list and counts
    onSuccess: () => qc.invalidateQueries({ queryKey: barKey(organizerId, eventId) }),
  });
}

export function useReconciliation(organizerId: number, eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...barKey(organizerId, eventId), 'reconciliation'],
    queryFn: () => api<ReconciliationView>(`${base(organizerId, eventId)}/wallet/reconciliation`),
    enabled,
    refetchInterval: 30_000,
  });
}

export async function downloadReconciliation(organizerId: number, eventId: number) {
  saveFile(await apiDownload(`${base(organizerId, eventId)}/wallet/reconciliation.csv`));
}
