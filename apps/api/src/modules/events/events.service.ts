import { EVENT_STATUS, eventStatus } from '@bilheteira/shared/event-status';
import { eventPublicPath } from '@bilheteira/shared/event-link';
import { priceInForce, priceSchedule, type PricedTicketType } from '@bilheteira/shared/price-steps';
import { isInSalesWindow } from '@bilheteira/shared/sales-window';
import { publicStock } from '@bilheteira/shared/stock-display';
import type { EventDetail, EventSummary } from '@bilheteira/shared/schemas/events';
import { DEFAULT_LOCALE, type Locale } from '@bilheteira/shared/locales';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { eventImagesOf } from '../media/media.service';
import {
  findEventBySlug,
  findOrganizerBySlug,
  findSessions,
  findTicketTypes,
  listPublicEvents,
  type EventRow,
  type OrganizerRow,
  type SessionRow,
  type TicketTypeRow,
} from './events.repository';

/** Places left of a type: its own, and the fullest day or capacity group it shares (carts' availablePlaces). */
const left = (t: { quantity: number; reserved: number; sold: number; sharedLeft?: number | null }) =>
  Math.max(0, Math.min(t.quantity - t.reserved - t.sold, t.sharedLeft ?? Infinity));

const onSale = (t: TicketTypeRow, now: Date) => isInSalesWindow(t, now);

/** A type as the price rule reads it: the price in force is what the page shows and checkout charges. */
const pricedOf = (t: TicketTypeRow): PricedTicketType => ({
  priceCents: t.priceCents,
  taken: t.sold + t.reserved,
  steps: t.priceSteps ?? [],
});

/** A text in the visitor's language, else pt-PT (the column), also when the translation is empty. */
function pick<T extends Record<string, string | undefined>>(
  translations: Partial<Record<'en' | 'es', T>>,
  locale: Locale,
  key: keyof T,
  fallback: string,
): string {
  if (locale === DEFAULT_LOCALE) return fallback;
  const text = translations[locale as 'en' | 'es']?.[key];
  return text && text.trim() ? text : fallback;
}

/** The event's texts in `locale`, falling back to pt-PT field by field. */
export const eventTexts = (e: EventRow, locale: Locale) => ({
  name: pick(e.translations, locale, 'name', e.name),
  information: pick(e.translations, locale, 'information', e.information),
  terms: pick(e.translations, locale, 'terms', e.terms),
  venue_name: pick(e.translations, locale, 'venue_name', e.venueName),
});

/** Ticket types the public sees (hidden ones are sold only through their access code). */
const visibleTypes = (types: TicketTypeRow[]) => types.filter((t) => !t.hidden);

function toSummary(
  e: EventRow,
  o: OrganizerRow,
  allTypes: TicketTypeRow[],
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): EventSummary {
  const types = visibleTypes(allTypes);
  const available = types
    .filter((t) => onSale(t, now) || !t.salesStartAt || t.salesStartAt > now)
    .reduce((n, t) => n + left(t), 0);
  const prices = types.map((t) => priceInForce(pricedOf(t), now).priceCents);
  const status = eventStatus(
    { status: e.status, endsAt: e.endsAt, salesStartAt: e.salesStartAt, available },
    now,
  );
  // "Desde 60,00 €" only where that price can still be paid (on sale now or soon)
  const priced = status === EVENT_STATUS.available || status === EVENT_STATUS.soon;
  return {
    id: e.id,
    slug: eventPublicPath(e),
    name: eventTexts(e, locale).name,
    address: e.address,
    city: e.city,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    timezone: e.timezone,
    image_url: e.imageUrl,
    status,
    is_session: e.isSession,
    min_price_cents: priced && prices.length ? Math.min(...prices) : null,
    service_fee_bp: e.serviceFeeBp,
    service_fee_vat_percent: e.serviceFeeVatPercent,
    organizer: { slug: o.slug, name: o.name },
  };
}

/** A page of the public catalogue: search by name or city, sort by date, name or location. */
export async function listEvents(
  db: DbOrTx,
  q: {
    search: string;
    sort: 'date' | 'name' | 'location';
    page: number;
    per_page: number;
    upcoming?: boolean;
    published_after?: string;
  },
  now: Date,
  organizerId?: number,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { rows, total } = await listPublicEvents(
    db,
    {
      search: q.search,
      sort: q.sort,
      page: q.page,
      perPage: q.per_page,
      organizerId,
      endsAfter: q.upcoming ? now : undefined,
      publishedAfter: q.published_after ? new Date(q.published_after) : undefined,
    },
    now,
  );
  const types = await findTicketTypes(
    db,
    rows.map((r) => r.event.id),
  );
  const data = rows.map((r) =>
    toSummary(
      r.event,
      r.organizer,
      types.filter((t) => t.eventId === r.event.id),
      now,
      locale,
    ),
  );
  return {
    data: await withEventImages(db, data),
    meta: {
      page: q.page,
      per_page: q.per_page,
      total,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}

/** One session's places per ticket type, as the organiser lets the page show them. */
function sessionAvailability(s: SessionRow, types: TicketTypeRow[], lastTicketsAt: number) {
  const cap = s.capacity === null ? Infinity : Math.max(0, s.capacity - s.reserved - s.sold);
  const shown = types.map((t) => ({
    id: t.id,
    ...publicStock(Math.min(cap, left(t)), t.maxPerOrder, lastTicketsAt),
  }));
  return {
    availability: Object.fromEntries(shown.map((x) => [String(x.id), x.available])),
    last_tickets: shown.filter((x) => x.last_tickets).map((x) => x.id),
  };
}

/**
 * An event page by its public path: a public event's slug or a private event's link token
 * (never a private event's slug). Texts in `locale`, falling back to pt-PT. Throws 404.
 */
export async function getEventDetail(
  db: DbOrTx,
  slug: string,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): Promise<EventDetail> {
  const found = await findEventBySlug(db, slug);
  if (!found) throw notFound('event.not_found');
  const [types, sessions] = await Promise.all([
    findTicketTypes(db, [found.event.id]),
    findSessions(db, found.event.id),
  ]);
  const [detail] = await withEventImages(db, [eventDetailOf({ ...found, types, sessions }, now, locale)]);
  return detail!;
}

/** The public page of an event from its rows (also the back office's preview of a draft). */
export function eventDetailOf(
  rows: { event: EventRow; organizer: OrganizerRow; types: TicketTypeRow[]; sessions: SessionRow[] },
  now: Date,
  locale: Locale,
): EventDetail {
  const { event: e, organizer, sessions } = rows;
  const types = visibleTypes(rows.types);
  const texts = eventTexts(e, locale);
  return {
    ...toSummary(e, organizer, types, now, locale),
    information: texts.information,
    terms: texts.terms,
    venue_name: texts.venue_name,
    contact_email: e.contactEmail,
    latitude: e.latitude,
    longitude: e.longitude,
    visibility: e.visibility === 'private' ? 'private' : 'public',
    service_fee_bp: e.serviceFeeBp,
    wallet_enabled: e.walletEnabled,
    online_topup_enabled: e.onlineTopupEnabled,
    ticket_types: types.map((t) => ({
      id: t.id,
      name: pick(t.translations, locale, 'name', t.name),
      description: pick(t.translations, locale, 'description', t.description),
      price_cents: priceInForce(pricedOf(t), now).priceCents,
      price_schedule: priceSchedule(pricedOf(t), now),
      ...publicStock(left(t), t.maxPerOrder, e.lastTicketsAt),
      min_per_order: t.minPerOrder,
      max_per_order: t.maxPerOrder,
      period_days: t.periodDays,
      on_sale: onSale(t, now),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      date: s.date,
      hour: s.hour,
      starts_at: s.startsAt.toISOString(),
      ...sessionAvailability(s, types, e.lastTicketsAt),
      cancelled: s.status === 'cancelled',
    })),
  };
}

/** The organiser's public page and their public events. Throws 404 if unknown. */
export async function getOrganizerPage(db: DbOrTx, slug: string, now: Date, locale: Locale = DEFAULT_LOCALE) {
  const organizer = await findOrganizerBySlug(db, slug);
  if (!organizer) throw notFound('organizer.not_found');
  const { data } = await listEvents(
    db,
    { search: '', sort: 'date', page: 1, per_page: 100 },
    now,
    organizer.id,
    locale,
  );
  return {
    organizer: {
      slug: organizer.slug,
      name: organizer.name,
      description: organizer.description,
      website: organizer.website,
      logo_url: organizer.logoUrl,
    },
    events: data,
  };
}

/**
 * Event images (media module, issue 26 item 3): each answer carries its processed image's
 * variants for <picture>/srcset, and `image_url` becomes that image's JPEG; an event without
 * one keeps its `image_url` column (seeded events).
 */
export async function withEventImages<T extends { id: number; image_url: string | null }>(
  db: DbOrTx,
  items: T[],
) {
  const images = await eventImagesOf(
    db,
    items.map((i) => i.id),
  );
  return items.map((i) => {
    const image = images.get(i.id) ?? null;
    return { ...i, image, image_url: image?.src ?? i.image_url };
  });
}
