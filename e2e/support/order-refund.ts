import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Organizer } from './organizer';

/** An order's story as the back office reads it (the parts a refund test needs). */
export interface OrderStory {
  id: number;
  status: string;
  total_cents: number;
  service_cents: number;
  lines: { id: number; kind: 'ticket' | 'topup'; description: string; qty: number; unit_cents: number }[];
  refunds: { id: number; status: string; amount_cents: number; refund_ref: string | null }[];
}

/** The order's story through the back-office API (the owner's session in `request`). */
export async function orderStory(
  request: APIRequestContext,
  organizer: Pick<Organizer, 'id'>,
  orderId: number,
) {
  const res = await request.get(`/api/backoffice/organizers/${organizer.id}/orders/${orderId}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: OrderStory }).data;
}

/**
 * The owner refunds `qty` tickets of one line of an order (or, without `lineId`, everything left)
 * through the back-office API, as the order page's 'Reembolsar' does: POST
 * …/orders/:orderId/refunds with an Idempotency-Key. Answers the refund and the order's status.
 */
export async function refundOrderLines(
  request: APIRequestContext,
  organizer: Pick<Organizer, 'id' | 'headers'>,
  orderId: number,
  lines: { line_id: number; qty?: number; amount_cents?: number }[] | 'all',
  reason = '',
) {
  const res = await request.post(`/api/backoffice/organizers/${organizer.id}/orders/${orderId}/refunds`, {
    headers: { ...organizer.headers, 'idempotency-key': randomUUID() },
    data: lines === 'all' ? { all: true, reason } : { lines, reason },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (
    (await res.json()) as {
      data: {
        refund: {
          id: number;
          status: string;
          amount_cents: number;
          service_cents: number;
          refund_ref: string | null;
        };
        order_status: string;
      };
    }
  ).data;
}
