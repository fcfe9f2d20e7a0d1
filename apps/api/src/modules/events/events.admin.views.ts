/** How the back office sees an event and its parts (the API's own shapes, not the public ones). */
import { eventPublicPath } from '@bilheteira/shared/event-link';
import type {
  AdminEventSummary,
  AdminEventView,
  AdminTicketTypeView,
  EventFields,
} from '@bilheteira/shared/schemas/backoffice-events';
import type { AdminEventRow, NewEventRow } from './events.admin.repository';
import type { AdminSessionRow, AdminTicketTypeRow } from './ticket-types.admin.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (s: string | null) => (s === null || s === '' ? null : Number(s));

export function adminSummary(
  e: AdminEventRow,
  totals: { sold: number; quantity: number },
): AdminEventSummary {
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    status: e.status === 'published' || e.status === 'cancelled' ? e.status : 'draft',
    visibility: e.visibility === 'private' ? 'private' : 'public',
    city: e.city,
    venue_name: e.venueName,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    timezone: e.timezone,
    sold: totals.sold,
    quantity: totals.quantity,
    updated_at: e.updatedAt.toISOString(),
  };
}

export function adminTicketType(t: AdminTicketTypeRow): AdminTicketTypeView {
  return {
    id: t.id,
    event_id: t.eventId,
    name: t.name,
    description: t.description,
    translations: t.translations,
    price_cents: t.priceCents,
    vat_percent: t.vatPercent,
    quantity: t.quantity,
    sold: t.sold,
    reserved: t.reserved,
    min_per_order: t.minPerOrder,
    max_per_order: t.maxPerOrder,
    sales_start_at: iso(t.salesStartAt),
    sales_end_at: iso(t.salesEndAt),
    period_days: t.periodDays,
    hidden: t.hidden,
    sort_order: t.sortOrder,
  };
}

export const adminSession = (s: AdminSessionRow) => ({
  id: s.id,
  date: s.date,
  hour: s.hour,
  starts_at: s.startsAt.toISOString(),
  capacity: s.capacity,
  sold: s.sold,
  reserved: s.reserved,
});

export function adminEventView(
  e: AdminEventRow,
  parts: {
    types: AdminTicketTypeRow[];
    sessions: AdminSessionRow[];
    days: { day: string; capacity: number; sold: number; reserved: number }[];
  },
): AdminEventView {
  const totals = {
    sold: parts.types.reduce((n, t) => n + t.sold, 0),
    quantity: parts.types.reduce((n, t) => n + t.quantity, 0),
  };
  return {
    ...adminSummary(e, totals),
    information: e.information,
    terms: e.terms,
    translations: e.translations,
    address: e.address,
    latitude: num(e.latitude),
    longitude: num(e.longitude),
    contact_email: e.contactEmail,
    is_session: e.isSession,
    sales_start_at: iso(e.salesStartAt),
    service_fee_bp: e.serviceFeeBp,
    service_fee_vat_percent: e.serviceFeeVatPercent,
    last_tickets_at: e.lastTicketsAt,
    refunds_allowed: e.refundsAllowed,
    refund_opens_at: iso(e.refundOpensAt),
    refund_closes_at: iso(e.refundClosesAt),
    wallet_enabled: e.walletEnabled,
    wallet_opens_at: iso(e.walletOpensAt),
    wallet_offline_window_minutes: e.walletOfflineWindowMinutes,
    online_topup_enabled: e.onlineTopupEnabled,
    transfer_allowed: e.transferAllowed,
    transfer_until_hours: e.transferUntilHours,
    transfer_max_count: e.transferMaxCount,
    embed_origins: e.embedOrigins,
    promoters: e.promoters,
    partners: e.partners,
    public_path: eventPublicPath(e),
    published_at: e.status === 'draft' ? null : e.publishedAt.toISOString(),
    created_at: e.createdAt.toISOString(),
    ticket_types: parts.types.map(adminTicketType),
    sessions: parts.sessions.map(adminSession),
    days: parts.days.map((d) => ({ day: d.day, capacity: d.capacity, sold: d.sold, reserved: d.reserved })),
  };
}

/** The row of a validated event input (only the fields given). */
export function eventRowValues(b: Partial<EventFields>): Partial<NewEventRow> {
  const v: Partial<NewEventRow> = {};
  const date = (s: string | null) => (s === null ? null : new Date(s));
  const set = <K extends keyof NewEventRow>(key: K, value: NewEventRow[K] | undefined) => {
    if (value !== undefined) v[key] = value;
  };
  set('slug', b.slug);
  set('name', b.name);
  set('information', b.information);
  set('terms', b.terms);
  set('translations', b.translations);
  set('venueName', b.venue_name);
  set('address', b.address);
  set('city', b.city);
  if (b.latitude !== undefined) v.latitude = b.latitude === null ? null : String(b.latitude);
  if (b.longitude !== undefined) v.longitude = b.longitude === null ? null : String(b.longitude);
  set('timezone', b.timezone);
  set('contactEmail', b.contact_email);
  if (b.starts_at !== undefined) v.startsAt = new Date(b.starts_at);
  if (b.ends_at !== undefined) v.endsAt = new Date(b.ends_at);
  set('isSession', b.is_session);
  if (b.sales_start_at !== undefined) v.salesStartAt = date(b.sales_start_at);
  set('serviceFeeBp', b.service_fee_bp);
  set('serviceFeeVatPercent', b.service_fee_vat_percent);
  set('lastTicketsAt', b.last_tickets_at);
  set('refundsAllowed', b.refunds_allowed);
  if (b.refund_opens_at !== undefined) v.refundOpensAt = date(b.refund_opens_at);
  if (b.refund_closes_at !== undefined) v.refundClosesAt = date(b.refund_closes_at);
  set('walletEnabled', b.wallet_enabled);
  if (b.wallet_opens_at !== undefined) v.walletOpensAt = date(b.wallet_opens_at);
  set('walletOfflineWindowMinutes', b.wallet_offline_window_minutes);
  set('onlineTopupEnabled', b.online_topup_enabled);
  set('transferAllowed', b.transfer_allowed);
  set('transferUntilHours', b.transfer_until_hours);
  set('transferMaxCount', b.transfer_max_count);
  if (b.embed_origins !== undefined) v.embedOrigins = [...new Set(b.embed_origins)];
  set('promoters', b.promoters);
  set('partners', b.partners);
  return v;
}

/** The editable fields of a stored event, as an input (to check cross-field rules on a merge). */
export function eventFieldsOf(e: AdminEventRow): Partial<EventFields> {
  const v = adminEventView(e, { types: [], sessions: [], days: [] });
  return {
    starts_at: v.starts_at,
    ends_at: v.ends_at,
    refund_opens_at: v.refund_opens_at,
    refund_closes_at: v.refund_closes_at,
    wallet_enabled: v.wallet_enabled,
    online_topup_enabled: v.online_topup_enabled,
    latitude: v.latitude,
    longitude: v.longitude,
  };
}
