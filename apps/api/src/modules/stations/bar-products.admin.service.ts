/**
 * An event's bar products and its stations' menus in the back office (issue 27 item 5). A
 * product is never deleted (its sales point at it): it is made inactive and leaves the tills'
 * menus. What is left of a product's stock is its stock less the units sold; a till never has
 * a sale refused for stock (it took the money, perhaps offline), so it may go below 0 and the
 * back office shows it oversold. Every change is audited with the acting staff user.
 */
import {
  BAR_PRODUCTS_MAX,
  type CreateProductBody,
  type ProductView,
  type UpdateProductBody,
  createProductBody,
} from '@bilheteira/shared/schemas/backoffice-bar-products';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { validationFailed } from '../../lib/errors';
import { eventAdminErrors } from '../events/events.admin.errors';
import { ownEvent } from '../events/events.admin.service';
import { barAdminErrors } from './stations.admin.errors';
import { findEventStation } from './stations.admin.repository';
import {
  countProductsOfEvent,
  findEventProduct,
  insertProduct,
  menuOfStation,
  productIdsOfEvent,
  productSalesOfEvent,
  productsOfEvent,
  replaceMenu,
  updateProductRow,
  type ProductRow,
} from './bar-products.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

const organizerEvent = (db: DbOrTx, ref: EventRef) => ownEvent(db, ref.organizerId, ref.eventId);

function productView(p: ProductRow, sales: { sold: number; cents: number } | undefined): ProductView {
  const sold = sales?.sold ?? 0;
  return {
    id: p.id,
    name: p.name,
    price_cents: p.priceCents,
    vat_rate: p.vatRate,
    stock: p.stock,
    active: p.active,
    sold,
    sales_cents: sales?.cents ?? 0,
    remaining: p.stock === null ? null : p.stock - sold,
    created_at: p.createdAt.toISOString(),
  };
}

/** The event's products (oldest first) with units sold, spend and what is left. */
export async function listProducts(db: Db, ref: EventRef): Promise<ProductView[]> {
  const event = await organizerEvent(db, ref);
  const [products, sales] = await Promise.all([
    productsOfEvent(db, event.id),
    productSalesOfEvent(db, event.id),
  ]);
  return products.map((p) => productView(p, sales.get(p.id)));
}

/** Units sold and spend per product of an event, by name (the live dashboard's "spend per product"). */
export async function productSpendOfEvent(db: DbOrTx, eventId: number) {
  const [products, sales] = await Promise.all([
    productsOfEvent(db, eventId),
    productSalesOfEvent(db, eventId),
  ]);
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    sold: sales.get(p.id)?.sold ?? 0,
    spendCents: sales.get(p.id)?.cents ?? 0,
  }));
}

export async function createProduct(
  db: Db,
  ref: EventRef,
  input: CreateProductBody,
  actor: string,
): Promise<ProductView> {
  const body = createProductBody.parse(input);
  return db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    if ((await countProductsOfEvent(tx, event.id)) >= BAR_PRODUCTS_MAX)
      throw barAdminErrors.tooManyProducts({ max: String(BAR_PRODUCTS_MAX) });
    const product = await insertProduct(tx, {
      eventId: event.id,
      name: body.name,
      priceCents: body.price_cents,
      vatRate: body.vat_rate,
      stock: body.stock,
      active: body.active,
    });
    await audit(tx, {
      actor,
      action: 'bar_product.create',
      entity: 'bar_product',
      entityId: product.id,
      data: { event_id: event.id, ...body },
    });
    return productView(product, undefined);
  });
}

export async function updateProduct(
  db: Db,
  ref: EventRef,
  productId: number,
  body: UpdateProductBody,
  actor: string,
  now: Date,
): Promise<ProductView> {
  return db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    const product = await findEventProduct(tx, event.id, productId);
    if (!product) throw barAdminErrors.productNotFound();
    const updated = await updateProductRow(
      tx,
      product.id,
      {
        name: body.name,
        priceCents: body.price_cents,
        vatRate: body.vat_rate,
        stock: body.stock,
        active: body.active,
      },
      now,
    );
    await audit(tx, {
      actor,
      action: 'bar_product.update',
      entity: 'bar_product',
      entityId: product.id,
      data: { ...body },
    });
    return productView(updated, (await productSalesOfEvent(tx, event.id)).get(product.id));
  });
}

export async function getStationMenu(db: Db, ref: EventRef, stationId: number) {
  const event = await organizerEvent(db, ref);
  const station = await findEventStation(db, event.id, stationId);
  if (!station) throw barAdminErrors.stationNotFound();
  return { station_id: station.id, product_ids: await menuOfStation(db, station.id) };
}

/** Sets which of the event's products the station sells, in order; another event's product is a 400. */
export async function setStationMenu(
  db: Db,
  ref: EventRef,
  stationId: number,
  productIds: number[],
  actor: string,
) {
  return db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    const station = await findEventStation(tx, event.id, stationId);
    if (!station) throw barAdminErrors.stationNotFound();
    const own = new Set(await productIdsOfEvent(tx, event.id));
    if (productIds.some((id) => !own.has(id)))
      throw validationFailed({ product_ids: ['backoffice_bar.menu_unknown_product'] });
    await replaceMenu(tx, station.id, productIds);
    await audit(tx, {
      actor,
      action: 'station.menu',
      entity: 'station',
      entityId: station.id,
      data: { product_ids: productIds },
    });
    return { station_id: station.id, product_ids: productIds };
  });
}
