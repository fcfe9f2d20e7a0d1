/**
 * The cashless bar in the back office, continued (issue 27 item 5): an event's products and the
 * stations' menus, a bracelet's history, and the wallet float reconciled against the ledger.
 * The back office's forms, the API and the tills' menu validate with these same schemas.
 */
import { z } from 'zod';
import { BAR_VAT_RATES } from '../vat';
import { STATION_MAX_AMOUNT_CENTS } from '../wallet';
import { envelope, formInt } from './common';

/* ---------- products ---------- */

/** Most products an event may have (and a menu may list). */
export const BAR_PRODUCTS_MAX = 500;

const productName = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(80, { message: 'validation.too_big' });
const priceCents = z
  .number({ message: 'validation.required' })
  .int({ message: 'validation.invalid' })
  .min(0, { message: 'validation.too_small' })
  .max(STATION_MAX_AMOUNT_CENTS, { message: 'validation.too_big' });
const vatRate = z
  .number({ message: 'validation.required' })
  .refine((n) => (BAR_VAT_RATES as readonly number[]).includes(n), { message: 'backoffice_bar.vat_rate' });
/** units on hand; null: stock not counted */
const stock = z
  .number({ message: 'validation.invalid' })
  .int({ message: 'validation.invalid' })
  .min(0, { message: 'validation.too_small' })
  .max(10_000_000, { message: 'validation.too_big' })
  .nullable();

export const createProductBody = z.strictObject({
  name: productName,
  price_cents: priceCents,
  vat_rate: vatRate,
  stock: stock.default(null),
  active: z.boolean({ message: 'validation.invalid' }).default(true),
});
export type CreateProductBody = z.input<typeof createProductBody>;

export const updateProductBody = z
  .strictObject({
    name: productName.optional(),
    price_cents: priceCents.optional(),
    vat_rate: vatRate.optional(),
    stock: stock.optional(),
    active: z.boolean({ message: 'validation.invalid' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'validation.required' });
export type UpdateProductBody = z.output<typeof updateProductBody>;

export const productView = z.object({
  id: z.number(),
  name: z.string(),
  price_cents: z.number(),
  vat_rate: z.number(),
  stock: z.number().nullable(),
  active: z.boolean(),
  /** units sold in accepted payments */
  sold: z.number(),
  /** what those payments charged for it (VAT included) */
  sales_cents: z.number(),
  /** stock less units sold (may be below 0: the tills never refuse a sale for stock); null when not counted */
  remaining: z.number().nullable(),
  created_at: z.string(),
});
export type ProductView = z.output<typeof productView>;
export const productsResponse = envelope(z.array(productView));
export const productResponse = envelope(productView);

/** Sold out (0 left) or oversold (below 0), from what is left; null when stock is not counted. */
export const stockState = (remaining: number | null): 'ok' | 'sold_out' | 'oversold' | null =>
  remaining === null ? null : remaining < 0 ? 'oversold' : remaining === 0 ? 'sold_out' : 'ok';

/* ---------- menus ---------- */

/** A station's menu: its products in the order the till shows them (each once). */
export const stationMenuBody = z.strictObject({
  product_ids: z
    .array(z.number().int().min(1).max(2_147_483_647), { message: 'validation.invalid' })
    .max(BAR_PRODUCTS_MAX, { message: 'validation.too_big' })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'backoffice_bar.menu_repeated' }),
});
export type StationMenuBody = z.output<typeof stationMenuBody>;
export const stationMenuView = z.object({ station_id: z.number(), product_ids: z.array(z.number()) });
export const stationMenuResponse = envelope(stationMenuView);

/** GET /api/stations/menu: what the till sells, in order (active products only), prices with VAT. */
export const tillMenuResponse = z.object({
  data: z.object({
    station_id: z.number(),
    station_name: z.string(),
    products: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        price_cents: z.number(),
        vat_rate: z.number(),
        /** stock less units sold; null when not counted (a till may show "esgotado" at 0 or below) */
        remaining: z.number().nullable(),
      }),
    ),
  }),
});

/* ---------- a bracelet's history ---------- */

export const braceletLookupQuery = z.object({
  /** NFC UID or printed code (required: checked after the event, so another organiser's event is 404) */
  ref: z.string().trim().max(64, { message: 'validation.too_big' }).optional(),
});

export const braceletDetailView = z.object({
  id: z.number(),
  uid: z.string(),
  code: z.string(),
  status: z.enum(['active', 'blocked']),
  blocked_at: z.string().nullable(),
  linked: z.boolean(),
  holder_first_name: z.string().nullable(),
  balance_cents: z.number(),
});
export type BraceletDetailView = z.output<typeof braceletDetailView>;
export const braceletDetailResponse = envelope(braceletDetailView);

/** Rows of a bracelet's history per page. */
export const BRACELET_HISTORY_PAGE = 50;

/** The page after (older than) the row at `before_at`, `before_id`; none: the newest rows. */
export const braceletHistoryQuery = z
  .object({
    before_at: z.iso.datetime({ offset: true, message: 'backoffice_events.datetime' }).optional(),
    before_id: formInt(z.number().int().min(1).max(2_147_483_647)).optional(),
  })
  .refine((q) => (q.before_at === undefined) === (q.before_id === undefined), {
    message: 'validation.invalid',
    path: ['before_id'],
  });

export const braceletHistoryRow = z.object({
  id: z.number(),
  occurred_at: z.string(),
  /** consumption | topup | refund | fee | transfer */
  type: z.string(),
  station: z.string().nullable(),
  /** the till's item list, or the system's description in the reader's language */
  description: z.string(),
  amount_cents: z.number(),
  /** the wallet's balance after this row, in the history's order (time, then id) */
  balance_after_cents: z.number(),
});
export type BraceletHistoryRow = z.output<typeof braceletHistoryRow>;
export const braceletHistoryResponse = z.object({
  data: z.array(braceletHistoryRow),
  meta: z.object({
    next: z.object({ before_at: z.string(), before_id: z.number() }).nullable(),
  }),
});
export type BraceletHistoryResponse = z.output<typeof braceletHistoryResponse>;

/* ---------- the float reconciled ---------- */

export const reconciliationView = z.object({
  event_id: z.number(),
  generated_at: z.string(),
  money_in: z.object({
    topups_online_cents: z.number(),
    topups_onsite_cents: z.number(),
    /** balances moved between the event's wallets (a bracelet's balance into an account): nets to 0 */
    transfers_net_cents: z.number(),
    total_cents: z.number(),
  }),
  money_out: z.object({
    consumption_cents: z.number(),
    /** wallet refunds by bank transfer (requested, approved or paid; rejected ones came back) */
    wallet_refunds_cents: z.number(),
    /** of those: already paid by the bank */
    wallet_refunds_paid_cents: z.number(),
    /** of those: requested or approved, not yet paid */
    wallet_refunds_pending_cents: z.number(),
    /** cash paid back at refund desks and top-up points */
    cash_refunds_cents: z.number(),
    /** refund fees kept */
    fees_cents: z.number(),
    total_cents: z.number(),
  }),
  /** the sum of the wallets' balances now */
  float_cents: z.number(),
  /** money in − money out − float: 0 when the ledger and the balances agree */
  difference_cents: z.number(),
  /** what customers could still claim: the float's online part plus refunds not yet paid */
  liability_cents: z.number(),
  float_online_cents: z.number(),
  wallets: z.number(),
  ledger_rows: z.number(),
});
export type ReconciliationView = z.output<typeof reconciliationView>;
export const reconciliationResponse = envelope(reconciliationView);
