/**
 * The bar's products as the tills' path meets them: which items of a sale name a product, whether
 * one is not the event's (the sale is refused `unknown_product`; stock never refuses one), and
 * the till's menu. The payment itself stays in stations.service.ts.
 */
import type { StationTransactionInput } from '@bilheteira/shared/schemas/wallet';
import type { Db, DbOrTx } from '../../db/client';
import type { Cache } from '../../lib/cache';
import { productIdsOfEvent, tillMenu } from './bar-products.repository';
import type { StationRow } from './stations.repository';

/**
 * How long the product ids of an event are kept. Products are never deleted nor moved to
 * another event, so a kept id is always right; an id not kept reads the event's ids again.
 */
export const EVENT_PRODUCTS_TTL_MS = 60_000;

/** The items that name a product, as the payment's statement writes them (bar_product_sales). */
export const productItems = (t: StationTransactionInput) =>
  t.items.flatMap((i) =>
    i.product_id === undefined ? [] : [{ product_id: i.product_id, qty: i.qty, unit_cents: i.unit_cents }],
  );

/**
 * Whether an item names a product that is not one of the station's event's (refused with
 * `unknown_product`). Stock never refuses a sale: the till took the money, perhaps offline.
 */
export async function namesForeignProduct(
  cache: Cache<number, ReadonlySet<number>>,
  db: DbOrTx,
  station: StationRow,
  t: StationTransactionInput,
  now: Date,
): Promise<boolean> {
  const ids = productItems(t).map((i) => i.product_id);
  if (!ids.length) return false;
  const kept = cache.get(station.eventId, now.getTime());
  if (kept && ids.every((id) => kept.has(id))) return false;
  const known = new Set(await productIdsOfEvent(db, station.eventId));
  cache.set(station.eventId, known, now.getTime());
  return !ids.every((id) => known.has(id));
}

/** The till's menu: its station's active products in order, with prices, VAT and what is left. */
export async function menuForStation(db: Db, station: StationRow) {
  return { station_id: station.id, station_name: station.name, products: await tillMenu(db, station.id) };
}
