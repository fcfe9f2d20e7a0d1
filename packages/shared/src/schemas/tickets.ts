import { z } from 'zod';
import { findCountryByDialCode, isValidPhone, phoneDigits } from '../phone';
import { CHECKIN_RESULTS, TICKET_STATUSES } from '../ticket-status';
import { idParam } from './common';
import { dialCode } from './customers';

const ticketStatusName = z.enum(TICKET_STATUSES as [string, ...string[]]);
const checkinResult = z.enum(CHECKIN_RESULTS as [string, ...string[]]);

/** GET /api/customers/tickets: `event_id` (or the Event-Id header) narrows to one event. */
export const ticketsQuery = z.object({
  event_id: z.union([idParam, z.literal('').transform(() => undefined)]).optional(),
});

export const checkinItem = z.object({ id: z.number(), created_at: z.string() });
export const transferItem = z.object({ created_at: z.string(), direction: z.enum(['in', 'out']) });

/** A customer ticket as its owner sees it (spec §3). */
export const customerTicketView = z.object({
  id: z.number(),
  token: z.string(),
  /** YYYY-MM-DD of the session, else the first admission day */
  session_date: z.string().nullable(),
  /** HH:MM of the session, else the event's start hour */
  session_hour: z.string().nullable(),
  /** minutes from event start to end */
  duration: z.number(),
  event: z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    address: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    timezone: z.string(),
    is_session: z.boolean(),
  }),
  ticket: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    /** JSON text holding the list of dates (spec §3) */
    period_days: z.string(),
  }),
  status: z.object({ name: ticketStatusName }),
  checkinlist: z.array(checkinItem),
  created_at: z.string(),
});
export type CustomerTicketView = z.infer<typeof customerTicketView>;

export const ticketsResponse = z.object({ data: z.array(customerTicketView) });

/** GET /api/customers/ticket-validated/{token}: the status object with its check-ins. */
export const ticketValidatedResponse = z.object({
  data: z.object({
    name: ticketStatusName,
    ticket_id: z.number(),
    ticket_name: z.string(),
    token: z.string(),
    multi_day: z.boolean(),
    days: z.array(z.string()),
    checkinlist: z.array(checkinItem),
    transfers: z.array(transferItem),
  }),
});
export type TicketValidated = z.infer<typeof ticketValidatedResponse>['data'];

/**
 * The token in a path: routes use a wildcard (`…/*`) because a signed token (about 120
 * characters) is longer than the router's limit for named parameters.
 */
export const tokenPathParam = z.object({ '*': z.string().min(1).max(200) });

/**
 * POST /api/customers/transfer-ticket (form): `mobile` is the full number with plus and dial
 * code ("+351913456789", spaces allowed); a number without the plus is read as national.
 */
export const transferTicketBody = z
  .object({
    customer_ticket_id: idParam,
    mobile_country_code: dialCode.default('351'),
    mobile: z.string().trim().max(32),
  })
  .transform((v, ctx) => {
    const digits = phoneDigits(v.mobile);
    let national = digits;
    if (v.mobile.startsWith('+') || v.mobile.startsWith('00')) {
      const intl = v.mobile.startsWith('00') ? digits.slice(2) : digits;
      if (!intl.startsWith(v.mobile_country_code)) {
        ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
        return z.NEVER;
      }
      national = intl.slice(v.mobile_country_code.length);
    }
    if (!isValidPhone(findCountryByDialCode(v.mobile_country_code), national)) {
      ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phone' });
      return z.NEVER;
    }
    return {
      customer_ticket_id: v.customer_ticket_id,
      mobile_country_code: v.mobile_country_code,
      national,
      e164: `+${v.mobile_country_code}${national}`,
    };
  });
export type TransferTicketBody = z.input<typeof transferTicketBody>;

export const transferTicketResponse = z.object({
  data: z.object({ message: z.string(), pending: z.boolean() }),
  message: z.string(),
});

/** A device's nonce: 8 to 100 URL-safe characters, unique per scan attempt. */
const nonce = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, { message: 'checkin.invalid_nonce' });
/** The scanned text: anything up to 512 characters; a wrong one answers `unknown`. */
const scannedToken = z.string().max(512);

/** POST /api/checkin (header X-Device-Key). */
export const checkinBody = z.object({ token: scannedToken, nonce });

export const checkinAnswer = z.object({
  result: checkinResult,
  ok: z.boolean(),
  /** ticket type name when the token is a real ticket of this event */
  ticket_name: z.string().nullable(),
  /** admission day used (YYYY-MM-DD) when ok */
  day: z.string().nullable(),
  scanned_at: z.string(),
  /** true when this nonce had been answered before (a retry) */
  replay: z.boolean(),
  /** already_used: when and at which gate (device) the ticket was let in that day */
  first_checkin: z.object({ at: z.string(), gate: z.string().nullable() }).optional(),
  /** not_on_list: the device's check-in list and its gate */
  list: z.object({ id: z.number(), name: z.string(), gate: z.string() }).optional(),
  /** not_on_list: a sentence for the door person in the request's language (X-locale) */
  message: z.string().optional(),
});
export type CheckinAnswer = z.infer<typeof checkinAnswer>;
export const checkinResponse = z.object({ data: checkinAnswer });

/** POST /api/checkin/offline: scans a device admitted offline, with their original time. */
export const offlineUploadBody = z.object({
  scans: z
    .array(z.object({ token: scannedToken, nonce, scanned_at: z.iso.datetime({ offset: true }) }))
    .min(1)
    .max(500),
});
export const offlineUploadResponse = z.object({
  data: z.array(checkinAnswer.extend({ nonce: z.string() })),
});

export const offlinePackResponse = z.object({
  data: z.object({
    event_id: z.number(),
    event_slug: z.string(),
    timezone: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    event_day_cutoff_hours: z.number(),
    algorithm: z.literal('Ed25519'),
    /** raw 32-byte public key, base64url, and the same as a JWK */
    public_key: z.string(),
    public_key_jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
    token_format: z.string(),
    ticket_types: z.array(
      z.object({ id: z.number(), name: z.string(), days: z.array(z.string()), per_day: z.boolean() }),
    ),
    sessions: z.array(z.object({ id: z.number(), date: z.string() })),
    /** tokens that no longer admit (replaced by a transfer, or canceled) */
    revoked: z.array(z.object({ token: z.string(), reason: z.string() })),
    /** the device's check-in list (empty arrays admit all), or null: every valid ticket */
    list: z
      .object({
        id: z.number(),
        name: z.string(),
        gate: z.string(),
        ticket_type_ids: z.array(z.number()),
        session_ids: z.array(z.number()),
        days: z.array(z.string()),
      })
      .nullable(),
    generated_at: z.string(),
  }),
});

/** GET /api/checkin/status/{token}: public, validity only, no personal data (/check/:uuid). */
export const publicTicketCheckResponse = z.object({
  data: z.object({
    valid_signature: z.boolean(),
    /** a ticket status name, or `revoked` / `unknown` */
    name: z.string(),
    event_name: z.string().nullable(),
    ticket_name: z.string().nullable(),
    days: z.array(z.string()),
    used_days: z.array(z.string()),
  }),
});
export type PublicTicketCheck = z.infer<typeof publicTicketCheckResponse>['data'];
