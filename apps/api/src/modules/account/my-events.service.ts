import {
  customerEventPhase,
  type CustomerEventFilter,
  type CustomerEventItem,
  type EventInfo,
} from '@bilheteira/shared/schemas/account';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { notFound } from '../../lib/errors';
import { findCustomerEvent, listCustomerEvents, type EventRow } from './account.repository';
import { eventIcs, googleCalendarUrl, googleMapsUrl, osmUrl } from './calendar';
import './account.messages';

function toItem(
  row: { event: EventRow; ticketsCount: number; hasWallet: boolean },
  now: Date,
): CustomerEventItem {
  const e = row.event;
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    address: e.address,
    city: e.city,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    timezone: e.timezone,
    image_url: e.imageUrl,
    phase: customerEventPhase(e, now),
    tickets_count: Number(row.ticketsCount),
    has_wallet: !!row.hasWallet,
    wallet_enabled: e.walletEnabled,
  };
}

/** The dashboard's page of the customer's events (tickets or wallet held), by filter. */
export async function listMyEvents(
  db: Db,
  q: { customerId: number; filter: CustomerEventFilter; page: number; perPage: number },
  now: Date,
) {
  const { rows, total } = await listCustomerEvents(db, { ...q, now });
  return {
    data: rows.map((r) => toItem(r, now)),
    meta: { page: q.page, per_page: q.perPage, total, last_page: Math.max(1, Math.ceil(total / q.perPage)) },
  };
}

/** An event the customer holds something for; 404 otherwise (no peeking at others' areas). */
export async function getMyEvent(db: DbOrTx, customerId: number, eventId: number) {
  const row = await findCustomerEvent(db, customerId, eventId);
  if (!row) throw notFound();
  return row;
}

const calendarInput = (e: EventRow) => ({
  id: e.id,
  slug: e.slug,
  name: e.name,
  address: e.address,
  city: e.city,
  latitude: e.latitude,
  longitude: e.longitude,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
  contactEmail: e.contactEmail,
  status: e.status,
});

/** Info area of one of the customer's events: map links, times, support email, calendar links. */
export async function getEventInfo(
  db: Db,
  input: { customerId: number; eventId: number; locale: Locale; publicUrl: string },
  now: Date,
): Promise<EventInfo> {
  const row = await getMyEvent(db, input.customerId, input.eventId);
  const e = row.event;
  const details = translate(input.locale, 'account.calendar.description', {
    url: `${input.publicUrl.replace(/\/$/, '')}/events/${e.slug}`,
  });
  return {
    ...toItem(row, now),
    information: e.information,
    latitude: e.latitude,
    longitude: e.longitude,
    contact_email: e.contactEmail,
    map_osm_url: osmUrl(e),
    map_google_url: googleMapsUrl(e),
    google_calendar_url: googleCalendarUrl(calendarInput(e), details),
  };
}

/** The event as an .ics file for the customer's calendar. */
export async function getEventCalendar(
  db: Db,
  input: { customerId: number; eventId: number; locale: Locale; publicUrl: string },
): Promise<{ filename: string; ics: string }> {
  const { event: e } = await getMyEvent(db, input.customerId, input.eventId);
  const description = translate(input.locale, 'account.calendar.description', {
    url: `${input.publicUrl.replace(/\/$/, '')}/events/${e.slug}`,
  });
  return {
    filename: `${e.slug}.ics`,
    ics: eventIcs(calendarInput(e), { publicUrl: input.publicUrl, description }),
  };
}
