import { createEvent } from 'ics';

export interface CalendarEventInput {
  id: number;
  slug: string;
  name: string;
  address: string;
  city: string;
  latitude: string | null;
  longitude: string | null;
  startsAt: Date;
  endsAt: Date;
  contactEmail: string;
  status: string;
}

function coordinates(
  e: Pick<CalendarEventInput, 'latitude' | 'longitude'>,
): { lat: number; lon: number } | null {
  const lat = Number(e.latitude);
  const lon = Number(e.longitude);
  if (e.latitude == null || e.longitude == null || !Number.isFinite(lat) || !Number.isFinite(lon))
    return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

const place = (e: Pick<CalendarEventInput, 'address' | 'city'>): string =>
  e.city && !e.address.includes(e.city) ? `${e.address}, ${e.city}` : e.address;

/** OpenStreetMap link: a pin on the coordinates when known, else a search by address. */
export function osmUrl(e: Pick<CalendarEventInput, 'address' | 'city' | 'latitude' | 'longitude'>): string {
  const c = coordinates(e);
  if (c) return `https://www.openstreetmap.org/?mlat=${c.lat}&mlon=${c.lon}#map=16/${c.lat}/${c.lon}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(place(e))}`;
}

/** Google Maps link (Maps URLs API): coordinates when known, else the address. */
export function googleMapsUrl(
  e: Pick<CalendarEventInput, 'address' | 'city' | 'latitude' | 'longitude'>,
): string {
  const c = coordinates(e);
  const query = c ? `${c.lat},${c.lon}` : place(e);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const gcalDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** "Add to Google Calendar" template link. */
export function googleCalendarUrl(e: CalendarEventInput, details: string): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.name,
    dates: `${gcalDate(e.startsAt)}/${gcalDate(e.endsAt)}`,
    details,
    location: place(e),
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** The event as an iCalendar (.ics) document, times in UTC. Throws if ics rejects the input. */
export function eventIcs(e: CalendarEventInput, opts: { publicUrl: string; description: string }): string {
  const geo = coordinates(e);
  const { error, value } = createEvent({
    uid: `event-${e.id}@${new URL(opts.publicUrl).hostname}`,
    productId: 'bilheteira/ics',
    start: e.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: e.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: e.name,
    description: opts.description,
    location: place(e),
    ...(geo ? { geo } : {}),
    url: `${opts.publicUrl.replace(/\/$/, '')}/events/${encodeURIComponent(e.slug)}`,
    status: e.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: e.name, email: e.contactEmail },
  });
  if (error || !value) throw error ?? new Error('ics: empty calendar');
  return value;
}
