/**
 * An event's bar products, the stations' menus and the products' sales (bar_product_sales,
 * written by the bar payment's own statement, db/functions/station_pay_batch.sql).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { barProducts, stationMenuItems } from '../../db/schema/index';

export type ProductRow = typeof barProducts.$inferSelect;

/** Units sold and what they charged, per product of the event (one index: event, product, qty, price). */
export async function productSalesOfEvent(db: DbOrTx, eventId: number) {
  const rows = await queryRows<{ product_id: number; sold: unknown; cents: unknown }>(
    db,
    sql`select product_id, coalesce(sum(qty), 0) as sold, coalesce(sum(qty * unit_cents), 0) as cents
        from bar_product_sales where event_id = ${eventId} group by product_id`,
  );
  return new Map(rows.map((r) => [Number(r.product_id), { sold: Number(r.sold), cents: Number(r.cents) }]));
}

export async function productsOfEvent(db: DbOrTx, eventId: number): Promise<ProductRow[]> {
  return db.select().from(barProducts).where(eq(barProducts.eventId, eventId)).orderBy(asc(barProducts.id));
}

export async function productIdsOfEvent(db: DbOrTx, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ id: barProducts.id })
    .from(barProducts)
    .where(eq(barProducts.eventId, eventId));
  return rows.map((r) => r.id);
}

export async function countProductsOfEvent(db: DbOrTx, eventId: number): Promise<number> {
  const rows = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from bar_products where event_id = ${eventId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function findEventProduct(db: DbOrTx, eventId: number, productId: number) {
  const rows = await db
    .select()
    .from(barProducts)
    .where(and(eq(barProducts.id, productId), eq(barProducts.eventId, eventId)))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function insertProduct(
  db: DbOrTx,
  v: {
    eventId: number;
    name: string;
    priceCents: number;
    vatRate: number;
    stock: number | null;
    active: boolean;
  },
): Promise<ProductRow> {
  const rows = await db.insert(barProducts).values(v).returning();
  return rows[0]!;
}

export async function updateProductRow(
  db: DbOrTx,
  productId: number,
  v: Partial<{ name: string; priceCents: number; vatRate: number; stock: number | null; active: boolean }>,
  now: Date,
): Promise<ProductRow> {
  const rows = await db
    .update(barProducts)
    .set({ ...v, updatedAt: now })
    .where(eq(barProducts.id, productId))
    .returning();
  return rows[0]!;
}

/** The station's menu: product ids in order. */
export async function menuOfStation(db: DbOrTx, stationId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: stationMenuItems.productId })
    .from(stationMenuItems)
    .where(eq(stationMenuItems.stationId, stationId))
    .orderBy(asc(stationMenuItems.position));
  return rows.map((r) => r.productId);
}

/** Replaces the station's menu with `productIds`, in that order. */
export async function replaceMenu(db: DbOrTx, stationId: number, productIds: number[]) {
  await db.delete(stationMenuItems).where(eq(stationMenuItems.stationId, stationId));
  if (productIds.length)
    await db
      .insert(stationMenuItems)
      .values(productIds.map((productId, position) => ({ stationId, productId, position })));
}

/** The station's active products in menu order, with what is left of their stock. */
export async function tillMenu(db: DbOrTx, stationId: number) {
  const rows = await queryRows<{
    id: number;
    name: string;
    price_cents: number;
    vat_rate: number;
    stock: number | null;
    sold: unknown;
  }>(
    db,
    sql`select p.id, p.name, p.price_cents, p.vat_rate, p.stock,
          (select coalesce(sum(s.qty), 0) from bar_product_sales s
            where s.event_id = p.event_id and s.product_id = p.id) as sold
        from station_menu_items m join bar_products p on p.id = m.product_id
        where m.station_id = ${stationId} and p.active
        order by m.position`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    price_cents: Number(r.price_cents),
    vat_rate: Number(r.vat_rate),
    remaining: r.stock === null ? null : Number(r.stock) - Number(r.sold),
  }));
}
