import { z } from 'zod';
import { EVENT_STATUS } from '../event-status';
import { paginationMeta, paginationQuery } from './common';
import { eventImageView } from './media';
import { priceScheduleView } from './pricing';

export const EVENT_SORTS = ['date', 'name', 'location'] as const;

export const eventListQuery = paginationQuery.extend({
  search: z.string().trim().max(100).optional().default(''),
  sort: z.enum(EVENT_SORTS).optional().default('date'),
  /** only events that have not ended yet (home page, new-events modal) */
  upcoming: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** only events published after this instant (new-events modal of returning visitors) */
  published_after: z.iso.datetime({ offset: true }).optional(),
});
export type EventListQuery = z.input<typeof eventListQuery>;

const eventStatus = z.enum(Object.values(EVENT_STATUS) as [string, ...string[]]);

export const ticketTypeView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  /**
   * left to sell now (total for the event; per session in `sessions[].availability`); when
   * `last_tickets`, capped to one order's worth (stock-display.ts)
   */
  available: z.number(),
  /** few left: the page says "últimos bilhetes" instead of the count */
  last_tickets: z.boolean(),
  min_per_order: z.number(),
  max_per_order: z.number(),
  period_days: z.array(z.string()),
  on_sale: z.boolean(),
  /** the announced price steps; `price_cents` is the one in force (price-steps.ts) */
  price_schedule: priceScheduleView,
});

export const sessionView = z.object({
  id: z.number(),
  date: z.string(),
  hour: z.string(),
  starts_at: z.string(),
  /** left per ticket type for this session: { [ticket_type_id]: n } (capped as above) */
  availability: z.record(z.string(), z.number()),
  /** ticket type ids with few left for this session ("últimos bilhetes") */
  last_tickets: z.array(z.number()),
  /** cancelled by the organiser: shown as such, never on sale (its availability is 0) */
  cancelled: z.boolean(),
});

export const organizerSummary = z.object({ slug: z.string(), name: z.string() });

export const eventSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  image_url: z.string().nullable(),
  /** the uploaded image's variants (AVIF/WebP/JPEG × widths) for <picture>/srcset; null: none */
  image: eventImageView.nullable().optional(),
  status: eventStatus,
  is_session: z.boolean(),
  min_price_cents: z.number().nullable(),
  /** service cost percentage in basis points (500 = 5 %): all-in prices are shown with it */
  service_fee_bp: z.number(),
  /** VAT rate (percent) on the service cost: the all-in price adds both (money.ts ServiceFee) */
  service_fee_vat_percent: z.number(),
  organizer: organizerSummary,
});
export type EventSummary = z.infer<typeof eventSummary>;

export const eventDetail = eventSummary.extend({
  information: z.string(),
  /** the organiser's terms for this event */
  terms: z.string(),
  venue_name: z.string(),
  contact_email: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  visibility: z.enum(['public', 'private']),
  wallet_enabled: z.boolean(),
  online_topup_enabled: z.boolean(),
  ticket_types: z.array(ticketTypeView),
  sessions: z.array(sessionView),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const eventListResponse = z.object({
  data: z.array(eventSummary),
  meta: paginationMeta,
});

export const eventDetailResponse = z.object({ data: eventDetail });

export const slugParam = z.object({ slug: z.string().trim().min(1).max(120) });

export const organizerPageResponse = z.object({
  data: z.object({
    organizer: z.object({
      slug: z.string(),
      name: z.string(),
      description: z.string(),
      website: z.string().nullable(),
      logo_url: z.string().nullable(),
    }),
    events: z.array(eventSummary),
  }),
});
