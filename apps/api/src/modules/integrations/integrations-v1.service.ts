/**
 * The integration API's reads (issue 27 item 8): an API key sees its own organiser's orders,
 * check-ins and events, paged; another organiser's event id reads as no rows.
 */
import {
  V1_CHECKINS_PER_PAGE,
  V1_ORDERS_PER_PAGE,
  type V1Checkin,
  type V1Order,
} from '@bilheteira/shared/schemas/integrations-v1';
import type { DbOrTx } from '../../db/client';
import { checkinsAfter, eventsOf, orderIdsPage, ordersByIds } from './integrations-v1.repository';

export async function listOrdersForKey(
  db: DbOrTx,
  organizerId: number,
  q: { event_id?: number; status?: string; updated_since?: string; page: number },
): Promise<{ data: V1Order[]; meta: { page: number; per_page: number; has_more: boolean } }> {
  const ids = await orderIdsPage(db, organizerId, {
    eventId: q.event_id,
    status: q.status,
    updatedSince: q.updated_since ? new Date(q.updated_since) : undefined,
    page: q.page,
    perPage: V1_ORDERS_PER_PAGE,
  });
  const page = ids.slice(0, V1_ORDERS_PER_PAGE);
  return {
    data: await ordersByIds(db, organizerId, page),
    meta: { page: q.page, per_page: V1_ORDERS_PER_PAGE, has_more: ids.length > V1_ORDERS_PER_PAGE },
  };
}

export async function listCheckinsForKey(
  db: DbOrTx,
  organizerId: number,
  q: { event_id?: number; since_id: number },
): Promise<{ data: V1Checkin[]; meta: { per_page: number; next_since_id: number; has_more: boolean } }> {
  const rows = await checkinsAfter(db, organizerId, {
    eventId: q.event_id,
    sinceId: q.since_id,
    limit: V1_CHECKINS_PER_PAGE + 1,
  });
  const data = rows.slice(0, V1_CHECKINS_PER_PAGE);
  return {
    data,
    meta: {
      per_page: V1_CHECKINS_PER_PAGE,
      next_since_id: data.at(-1)?.id ?? q.since_id,
      has_more: rows.length > V1_CHECKINS_PER_PAGE,
    },
  };
}

export const listEventsForKey = (db: DbOrTx, organizerId: number) => eventsOf(db, organizerId);
