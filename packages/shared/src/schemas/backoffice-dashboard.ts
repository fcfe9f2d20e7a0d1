/**
 * The live event dashboard of the back office (issue 27 item 1): one snapshot of an event's
 * sales, admissions and cashless wallet, answered by
 * `GET /api/backoffice/organizers/:organizerId/events/:eventId/dashboard` and pushed again by
 * its `/stream` (server-sent events, `event: snapshot`) whenever a figure changes.
 *
 * Counts need `events.view`; money needs `finance.view` as well: without it every money
 * figure is null and `wallet` is null (`money` says which view the reader got).
 */
import { z } from 'zod';

/** Width of a bucket of the check-in chart. */
export const DASHBOARD_BUCKET_MINUTES = 15;
/** How often the server looks for a change of an event's figures (one look per event, shared). */
export const DASHBOARD_POLL_MS = 2_000;
/** A comment line on an idle stream, so proxies and the browser keep it open. */
export const DASHBOARD_HEARTBEAT_MS = 15_000;
/** Streams one user may hold open at once in one server process. */
export const DASHBOARD_STREAMS_PER_USER = 4;

const cents = z.number().int().nullable();

export const dashboardTicketType = z.object({
  id: z.number(),
  name: z.string(),
  /** places in paid orders (ticket_types.sold) */
  sold: z.number(),
  /** places held by orders waiting for payment */
  reserved: z.number(),
  quantity: z.number(),
  /** paid ticket lines of the type: what buyers paid for the tickets (fees apart); null without finance.view */
  revenue_cents: cents,
});

export const dashboardSalesDay = z.object({
  /** YYYY-MM-DD in the event's time zone, the day the order was paid */
  day: z.string(),
  tickets: z.number(),
  revenue_cents: cents,
});

/** A day with its own admission capacity (multi-day events) or a session of a session event. */
export const dashboardCapacityRow = z.object({
  /** session id; null for a day of a multi-day event */
  session_id: z.number().nullable(),
  /** YYYY-MM-DD */
  day: z.string(),
  /** HH:MM of a session, null for a day */
  hour: z.string().nullable(),
  sold: z.number(),
  reserved: z.number(),
  /** null: not limited beyond the ticket types */
  capacity: z.number().nullable(),
});

export const dashboardGate = z.object({
  /** door device id; null for admissions recorded without a device */
  id: z.number().nullable(),
  name: z.string().nullable(),
  checkins: z.number(),
});

export const dashboardCheckinBucket = z.object({
  /** start of the bucket (ISO instant, a multiple of DASHBOARD_BUCKET_MINUTES) */
  at: z.string(),
  gate_id: z.number().nullable(),
  checkins: z.number(),
});

export const dashboardStation = z.object({
  id: z.number(),
  name: z.string(),
  /** bar | shop | topup */
  role: z.string(),
  /** what was paid at the station (consumption), positive cents */
  spend_cents: z.number().int(),
  /** money loaded at the station (top-up point) */
  topup_cents: z.number().int(),
  /** cash paid back at the station (top-up point refunds) */
  refund_cents: z.number().int(),
  transactions: z.number(),
});

export const dashboardRefundStatus = z.object({
  /** requested | approved | paid | rejected */
  status: z.string(),
  count: z.number(),
  amount_cents: z.number().int(),
});

export const dashboardWallet = z.object({
  wallets: z.number(),
  /** money held on the event's wallets now (the sum of their ledgers) */
  float_cents: z.number().int(),
  /** the part of the float loaded online: what customers may ask back (the refundable liability) */
  online_cents: z.number().int(),
  topup_online_cents: z.number().int(),
  topup_onsite_cents: z.number().int(),
  /** everything paid with wallets at bars and shops */
  spend_cents: z.number().int(),
  stations: z.array(dashboardStation),
  /** units sold and spend per bar product (items the tills sent with a product id) */
  products: z.array(
    z.object({ id: z.number(), name: z.string(), sold: z.number(), spend_cents: z.number().int() }),
  ),
  refunds: z.array(dashboardRefundStatus),
});

export const dashboardSnapshot = z.object({
  event: z.object({
    id: z.number(),
    name: z.string(),
    timezone: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
  }),
  /** when the figures were read (ISO instant) */
  generated_at: z.string(),
  /** whether money figures are included (the reader has finance.view) */
  money: z.boolean(),
  tickets: z.object({
    sold: z.number(),
    reserved: z.number(),
    quantity: z.number(),
    revenue_cents: cents,
    types: z.array(dashboardTicketType),
  }),
  sales_by_day: z.array(dashboardSalesDay),
  capacity: z.array(dashboardCapacityRow),
  checkins: z.object({
    /** the event day (YYYY-MM-DD, event time zone) of "inside now" */
    today: z.string(),
    /**
     * tickets admitted today: doors record entries, not exits, so everyone admitted today is
     * counted as inside
     */
    inside_now: z.number(),
    total: z.number(),
    gates: z.array(dashboardGate),
    buckets: z.array(dashboardCheckinBucket),
  }),
  wallet: dashboardWallet.nullable(),
});
export type DashboardSnapshot = z.infer<typeof dashboardSnapshot>;

export const dashboardResponse = z.object({ data: dashboardSnapshot });
