/**
 * The live event dashboard (issue 27 item 1): one snapshot of an event's sales against its
 * stock, its admissions per gate and its cashless wallet, read with a handful of grouped
 * statements run side by side.
 */
import {
  DASHBOARD_BUCKET_MINUTES,
  type DashboardSnapshot,
} from '@bilheteira/shared/schemas/backoffice-dashboard';
import { eventDay } from '@bilheteira/shared/ticket-status';
import type { DbOrTx } from '../../db/client';
import { ownEvent } from '../events/events.admin.service';
import { productSpendOfEvent } from '../stations/bar-products.admin.service';
import { eventWalletFigures } from '../wallet/wallet.service';
import {
  capacityCounters,
  checkinCounts,
  dashboardVersion,
  devicesAndStations,
  paidTicketSales,
  ticketTypeCounters,
} from './event-dashboard.repository';

export interface DashboardReader {
  /** the reader may see money (finance.view, or a platform operator) */
  money: boolean;
}

/** The event of the organiser, or 404 `event_not_found` (another organiser's event too). */
export async function dashboardEvent(db: DbOrTx, organizerId: number, eventId: number) {
  const event = await ownEvent(db, organizerId, eventId);
  return {
    id: event.id,
    name: event.name,
    timezone: event.timezone,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
  };
}

export type DashboardEvent = Awaited<ReturnType<typeof dashboardEvent>>;

/** The fingerprint of the event's figures (dashboardVersion): a change means a new snapshot. */
export const dashboardVersionOf = (db: DbOrTx, eventId: number) => dashboardVersion(db, eventId);

/**
 * Every figure of `event` as of `now`, money included (the stream strips it per reader with
 * `forReader`). Throws nothing of its own: the caller found the event (dashboardEvent).
 */
export async function readDashboard(
  db: DbOrTx,
  event: DashboardEvent,
  now: Date,
): Promise<DashboardSnapshot> {
  const bucketSeconds = DASHBOARD_BUCKET_MINUTES * 60;
  const [types, sales, capacity, checkins, names, wallet, products] = await Promise.all([
    ticketTypeCounters(db, event.id),
    paidTicketSales(db, event.id, event.timezone),
    capacityCounters(db, event.id),
    checkinCounts(db, event.id, bucketSeconds),
    devicesAndStations(db, event.id),
    eventWalletFigures(db, event.id),
    productSpendOfEvent(db, event.id),
  ]);
  const { wallets: walletTotals, ledger, refunds } = wallet;

  const revenueOfType = new Map<number, number>();
  const days = new Map<string, { tickets: number; revenue: number }>();
  for (const s of sales) {
    revenueOfType.set(s.ticketTypeId, (revenueOfType.get(s.ticketTypeId) ?? 0) + s.revenueCents);
    const d = days.get(s.day) ?? { tickets: 0, revenue: 0 };
    d.tickets += s.tickets;
    d.revenue += s.revenueCents;
    days.set(s.day, d);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  const today = eventDay(now, event.timezone);
  const gateNames = new Map(names.filter((x) => x.kind === 'gate').map((x) => [x.id, x.name]));
  const gateTotals = new Map<number | null, number>();
  const buckets = new Map<string, { at: string; gateId: number | null; count: number }>();
  for (const c of checkins) {
    gateTotals.set(c.deviceId, (gateTotals.get(c.deviceId) ?? 0) + c.count);
    const at = c.bucketStart.toISOString();
    const key = `${at}|${c.deviceId}`;
    const b = buckets.get(key) ?? { at, gateId: c.deviceId, count: 0 };
    b.count += c.count;
    buckets.set(key, b);
  }
  // every gate of the event is listed, also before its first scan
  for (const id of gateNames.keys()) if (!gateTotals.has(id)) gateTotals.set(id, 0);

  const stationRows = names.filter((x) => x.kind === 'station');
  const ofStation = (id: number | null, type: string) =>
    sum(ledger.filter((l) => l.stationId === id && l.type === type).map((l) => l.amountCents));
  const topups = ledger.filter((l) => l.type === 'topup');
  const topupTotal = sum(topups.map((l) => l.amountCents));
  const topupOnline = sum(topups.map((l) => l.onlineTopupCents));

  return {
    event: {
      id: event.id,
      name: event.name,
      timezone: event.timezone,
      starts_at: event.startsAt.toISOString(),
      ends_at: event.endsAt.toISOString(),
    },
    generated_at: now.toISOString(),
    money: true,
    tickets: {
      sold: sum(types.map((x) => x.sold)),
      reserved: sum(types.map((x) => x.reserved)),
      quantity: sum(types.map((x) => x.quantity)),
      revenue_cents: sum([...revenueOfType.values()]),
      types: types.map((x) => ({ ...x, revenue_cents: revenueOfType.get(x.id) ?? 0 })),
    },
    sales_by_day: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, d]) => ({ day, tickets: d.tickets, revenue_cents: d.revenue })),
    capacity: capacity.map((c) => ({
      session_id: c.sessionId,
      day: c.day,
      hour: c.hour,
      sold: c.sold,
      reserved: c.reserved,
      capacity: c.capacity,
    })),
    checkins: {
      today,
      inside_now: sum(checkins.filter((c) => c.day === today).map((c) => c.count)),
      total: sum(checkins.map((c) => c.count)),
      gates: [...gateTotals.entries()]
        .map(([id, n]) => ({ id, name: id === null ? null : (gateNames.get(id) ?? null), checkins: n }))
        .sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || (a.id ?? 0) - (b.id ?? 0)),
      buckets: [...buckets.values()]
        .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : (a.gateId ?? 0) - (b.gateId ?? 0)))
        .map((b) => ({ at: b.at, gate_id: b.gateId, checkins: b.count })),
    },
    wallet: {
      wallets: walletTotals.wallets,
      float_cents: walletTotals.balanceCents,
      online_cents: walletTotals.onlineCents,
      topup_online_cents: topupOnline,
      topup_onsite_cents: topupTotal - topupOnline,
      // consumption rows are debits (negative): spend is their opposite
      spend_cents: -sum(ledger.filter((l) => l.type === 'consumption').map((l) => l.amountCents)),
      stations: stationRows.map((s) => ({
        id: s.id,
        name: s.name,
        role: s.role ?? 'bar',
        spend_cents: -ofStation(s.id, 'consumption'),
        topup_cents: ofStation(s.id, 'topup'),
        refund_cents: -ofStation(s.id, 'refund'),
        transactions: sum(ledger.filter((l) => l.stationId === s.id).map((l) => l.count)),
      })),
      products: products.map((p) => ({ id: p.id, name: p.name, sold: p.sold, spend_cents: p.spendCents })),
      refunds: refunds
        .map((r) => ({ status: r.status, count: r.count, amount_cents: r.amountCents }))
        .sort((a, b) => a.status.localeCompare(b.status)),
    },
  };
}

/** The snapshot as `reader` may see it: without finance.view no money figure and no wallet. */
export function forReader(snapshot: DashboardSnapshot, reader: DashboardReader): DashboardSnapshot {
  if (reader.money) return snapshot;
  return {
    ...snapshot,
    money: false,
    tickets: {
      ...snapshot.tickets,
      revenue_cents: null,
      types: snapshot.tickets.types.map((x) => ({ ...x, revenue_cents: null })),
    },
    sales_by_day: snapshot.sales_by_day.map((d) => ({ ...d, revenue_cents: null })),
    wallet: null,
  };
}

/** The dashboard of the organiser's event for `reader` (404 for another organiser's event). */
export async function getEventDashboard(
  db: DbOrTx,
  organizerId: number,
  eventId: number,
  reader: DashboardReader,
  now: Date,
): Promise<DashboardSnapshot> {
  const event = await dashboardEvent(db, organizerId, eventId);
  return forReader(await readDashboard(db, event, now), reader);
}
