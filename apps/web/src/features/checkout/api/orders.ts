import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreateOrderBody,
  OrderDetailView,
  OrderFilter,
  OrderSummaryView,
  PaymentView,
} from '@bilheteira/shared/schemas/orders';
import type { CancelPaymentAnswer, PayOrderBody } from '@bilheteira/shared/schemas/payments';
import { api } from '../../../lib/api-client';

export const ORDERS_PER_PAGE = 10;

export const ordersQuery = (status: OrderFilter, page: number) =>
  queryOptions({
    queryKey: ['orders', 'list', status, page] as const,
    queryFn: async ({ signal }) =>
      api<{
        data: OrderSummaryView[];
        meta: { page: number; per_page: number; total: number; last_page: number };
      }>('/orders', { query: { status, page, per_page: ORDERS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: ['orders', 'detail', id] as const,
    queryFn: async ({ signal }) => (await api<{ data: OrderDetailView }>(`/orders/${id}`, { signal })).data,
  });

/** One key per checkout attempt: a double click or a retry answers the same order. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export async function createOrder(body: CreateOrderBody, key: string) {
  return api<{ data: OrderDetailView; message?: string }>('/orders', {
    json: body,
    headers: { 'Idempotency-Key': key },
    skipErrorHandler: true,
  });
}

export async function payOrder(orderId: number, body: PayOrderBody, key: string) {
  return api<{ data: { payment: PaymentView; order: OrderDetailView }; message?: string }>(
    `/orders/${orderId}/pay`,
    {
      json: body,
      headers: { 'Idempotency-Key': key },
      skipErrorHandler: true,
    },
  );
}

export interface PaymentStatus {
  payment: PaymentView;
  order_id: number;
  order_status: string;
}

export async function fetchPayment(reference: string, signal?: AbortSignal) {
  return (
    await api<{ data: PaymentStatus }>(`/payments/${encodeURIComponent(reference)}`, {
      signal,
      skipErrorHandler: true,
    })
  ).data;
}

export async function completeSandboxPayment(reference: string, outcome: 'approve' | 'decline') {
  return (
    await api<{ data: PaymentStatus }>(`/payments/${encodeURIComponent(reference)}/complete`, {
      json: { outcome },
      skipErrorHandler: true,
    })
  ).data;
}

export async function syncPaymentReturn(reference: string) {
  return (
    await api<{ data: PaymentStatus }>(`/payments/${encodeURIComponent(reference)}/return`, {
      method: 'POST',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /orders/:id/payment/cancel: ends the waiting MB WAY request (idempotent). */
export async function cancelOrderPayment(orderId: number) {
  return (
    await api<{ data: CancelPaymentAnswer; message?: string }>(`/orders/${orderId}/payment/cancel`, {
      method: 'POST',
      skipErrorHandler: true,
    })
  ).data;
}

export interface PaymentsConfig {
  provider: 'sandbox' | 'stripe';
  publishable_key: string | null;
}

/** GET /api/payments/config: the active provider (Stripe mounts its own card fields). */
export const paymentsConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: async ({ signal }) =>
      (await api<{ data: PaymentsConfig }>('/payments/config', { signal, skipErrorHandler: true })).data,
    staleTime: Infinity,
  });
