import { isValidTimeZone } from '@bilheteira/shared/timezone';
import { DEFAULT_SERVICE_FEE_VAT_PERCENT } from '@bilheteira/shared/vat';
import type { AdminEventView } from './events-api';
import { bpToPercent, optionalDecimal, optionalInt, percentToBp } from './money';
import { fromLocalInput, toLocalInput } from './zoned';

export interface TextSet {
  name: string;
  information: string;
  terms: string;
  venue_name: string;
}

/** The event form as people fill it: texts per language, local times, euros and percentages. */
export interface EventFormValues extends TextSet {
  translations: { en: TextSet; es: TextSet };
  slug: string;
  address: string;
  city: string;
  latitude: string;
  longitude: string;
  timezone: string;
  contact_email: string;
  starts_at: string;
  ends_at: string;
  is_session: boolean;
  sales_start_at: string;
  service_fee_percent: string;
  service_fee_vat_percent: string;
  last_tickets_at: string;
  refunds_allowed: boolean;
  refund_opens_at: string;
  refund_closes_at: string;
  wallet_enabled: boolean;
  online_topup_enabled: boolean;
  transfer_allowed: boolean;
  transfer_until_hours: string;
  transfer_max_count: string;
  embed_origins: string;
}

export const LANGS = ['en', 'es'] as const;
const emptyTexts = (): TextSet => ({ name: '', information: '', terms: '', venue_name: '' });

/** Time zones offered first: Portugal's three, then the neighbours organisers tour to. */
export const TIME_ZONES = [
  'Europe/Lisbon',
  'Atlantic/Madeira',
  'Atlantic/Azores',
  'Europe/Madrid',
  'Atlantic/Canary',
  'Europe/London',
  'Europe/Paris',
  'UTC',
];

export function newEventValues(contactEmail: string): EventFormValues {
  return {
    ...emptyTexts(),
    translations: { en: emptyTexts(), es: emptyTexts() },
    slug: '',
    address: '',
    city: '',
    latitude: '',
    longitude: '',
    timezone: 'Europe/Lisbon',
    contact_email: contactEmail,
    starts_at: '',
    ends_at: '',
    is_session: false,
    sales_start_at: '',
    service_fee_percent: '0',
    service_fee_vat_percent: String(DEFAULT_SERVICE_FEE_VAT_PERCENT),
    last_tickets_at: '50',
    refunds_allowed: false,
    refund_opens_at: '',
    refund_closes_at: '',
    wallet_enabled: false,
    online_topup_enabled: false,
    transfer_allowed: true,
    transfer_until_hours: '',
    transfer_max_count: '',
    embed_origins: '',
  };
}

const textsOf = (t: Partial<TextSet> | undefined): TextSet => ({ ...emptyTexts(), ...t });

export function eventValues(e: AdminEventView): EventFormValues {
  const tz = e.timezone;
  const local = (iso: string | null) => toLocalInput(iso, tz);
  return {
    name: e.name,
    information: e.information,
    terms: e.terms,
    venue_name: e.venue_name,
    translations: { en: textsOf(e.translations.en), es: textsOf(e.translations.es) },
    slug: e.slug,
    address: e.address,
    city: e.city,
    latitude: e.latitude === null ? '' : String(e.latitude).replace('.', ','),
    longitude: e.longitude === null ? '' : String(e.longitude).replace('.', ','),
    timezone: tz,
    contact_email: e.contact_email,
    starts_at: local(e.starts_at),
    ends_at: local(e.ends_at),
    is_session: e.is_session,
    sales_start_at: local(e.sales_start_at),
    service_fee_percent: bpToPercent(e.service_fee_bp),
    service_fee_vat_percent: String(e.service_fee_vat_percent),
    last_tickets_at: String(e.last_tickets_at),
    refunds_allowed: e.refunds_allowed,
    refund_opens_at: local(e.refund_opens_at),
    refund_closes_at: local(e.refund_closes_at),
    wallet_enabled: e.wallet_enabled,
    online_topup_enabled: e.online_topup_enabled,
    transfer_allowed: e.transfer_allowed,
    transfer_until_hours: e.transfer_until_hours === null ? '' : String(e.transfer_until_hours),
    transfer_max_count: e.transfer_max_count === null ? '' : String(e.transfer_max_count),
    embed_origins: e.embed_origins.join('\n'),
  };
}

/** The zone the form's local times are in (Lisbon while the typed one is not a zone). */
export const zoneOf = (v: { timezone: string }) =>
  isValidTimeZone(v.timezone) ? v.timezone : 'Europe/Lisbon';

/**
 * The request body of the form (create or edit): the shared schema then checks it. The slug
 * is sent when typed (create) or changed (edit); empty: the API makes one from the name.
 */
export function eventBody(v: EventFormValues, originalSlug?: string): Record<string, unknown> {
  const tz = zoneOf(v);
  const instant = (s: string) => fromLocalInput(s, tz);
  const slug = v.slug.trim();
  return {
    ...(slug && slug !== originalSlug ? { slug } : {}),
    name: v.name,
    information: v.information,
    terms: v.terms,
    venue_name: v.venue_name,
    translations: v.translations,
    address: v.address,
    city: v.city,
    latitude: optionalDecimal(v.latitude),
    longitude: optionalDecimal(v.longitude),
    timezone: v.timezone,
    contact_email: v.contact_email,
    starts_at: instant(v.starts_at),
    ends_at: instant(v.ends_at),
    is_session: v.is_session,
    sales_start_at: instant(v.sales_start_at),
    service_fee_bp: percentToBp(v.service_fee_percent) ?? 0,
    service_fee_vat_percent: v.service_fee_vat_percent,
    last_tickets_at: v.last_tickets_at,
    refunds_allowed: v.refunds_allowed,
    refund_opens_at: v.refunds_allowed ? instant(v.refund_opens_at) : null,
    refund_closes_at: v.refunds_allowed ? instant(v.refund_closes_at) : null,
    wallet_enabled: v.wallet_enabled,
    online_topup_enabled: v.wallet_enabled && v.online_topup_enabled,
    transfer_allowed: v.transfer_allowed,
    transfer_until_hours: v.transfer_allowed ? optionalInt(v.transfer_until_hours) : null,
    transfer_max_count: v.transfer_allowed ? optionalInt(v.transfer_max_count) : null,
    embed_origins: v.embed_origins
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean),
  };
}

/** The form field an API or schema path belongs to. */
export function eventFieldOf(path: string): string {
  if (path === 'service_fee_bp') return 'service_fee_percent';
  if (path.startsWith('embed_origins')) return 'embed_origins';
  return path;
}
