import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { events } from './catalog';
import { stations, walletTransactions } from './wallet';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What an event's bars and shops sell: price (VAT included) and VAT rate
 * (packages/shared/src/vat.ts BAR_VAT_RATES), optional stock. What is left of the stock is the
 * stock less the units sold (bar_product_sales): a sale writes no counter on the product, so
 * the tills' payments never queue on one hot product row.
 */
export const barProducts = pgTable(
  'bar_products',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** percent: 0, 6, 13 or 23 */
    vatRate: integer('vat_rate').notNull(),
    /** units on hand for the event; null: not counted */
    stock: integer('stock'),
    /** inactive products are not on the tills' menus (their sales stay counted) */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bar_products_event_idx').on(t.eventId, t.id),
    check('bar_products_vat_check', sql`${t.vatRate} in (0, 6, 13, 23)`),
    check('bar_products_price_check', sql`${t.priceCents} >= 0`),
    check('bar_products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** A station's menu: which products it sells, in the order the till shows them. */
export const stationMenuItems = pgTable(
  'station_menu_items',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => barProducts.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.productId] })],
);

/**
 * The products of an accepted bar payment (one row per item carrying a product id), written by
 * the payment's own statement (db/functions/station_pay_batch.sql): units sold and spend per
 * product. The price and VAT rate are as charged at the till.
 */
export const barProductSales = pgTable(
  'bar_product_sales',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    productId: integer('product_id')
      .notNull()
      .references(() => barProducts.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    walletTransactionId: integer('wallet_transaction_id')
      .notNull()
      .references(() => walletTransactions.id),
    qty: integer('qty').notNull(),
    unitCents: integer('unit_cents').notNull(),
    vatRate: integer('vat_rate').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // the event's units and spend per product, read from the index alone
    index('bar_product_sales_event_product_idx').on(t.eventId, t.productId, t.qty, t.unitCents),
  ],
);
