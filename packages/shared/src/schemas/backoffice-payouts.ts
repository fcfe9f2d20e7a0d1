/**
 * Payouts in the back office (issue 27 item 7): per event and per period, what the platform
 * collected for the organiser, what went back to buyers, the platform's service fee and what
 * is owed to the organiser; beside it the cashless figures of the event's wallet ledger. The
 * back office's pages and the API validate and document with these schemas.
 */
import { z } from 'zod';
import { isCalendarDate } from '../timezone';
import { idParam } from './common';

/** Days of a period are read in the platform's time zone (an organiser's events share it). */
export const PAYOUT_TIME_ZONE = 'Europe/Lisbon';

const day = z
  .string({ message: 'validation.invalid' })
  .trim()
  .refine(isCalendarDate, { message: 'validation.invalid' });

/**
 * `from` and `to` are days (YYYY-MM-DD, both included) in PAYOUT_TIME_ZONE; without them the
 * period is open on that side (no dates: everything so far).
 */
export const payoutPeriodQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid' });
  });
export type PayoutPeriodQuery = z.output<typeof payoutPeriodQuery>;

/** The CSV: every event of the organiser in the period, or one (`event_id`). */
export const payoutExportQuery = z
  .object({ from: day.optional(), to: day.optional(), event_id: idParam.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.invalid' });
  });
export type PayoutExportQuery = z.output<typeof payoutExportQuery>;

export const payoutEventParams = z.object({ organizerId: idParam, eventId: idParam });

const cents = z.number().int();

/** The cashless side of an event in the period, from its wallet ledger. */
export const payoutWalletFigures = z.object({
  /** top-ups paid online with an order (the platform collected them) */
  topups_online_cents: cents,
  /** top-ups at the event's top-up points (the organiser collected them there) */
  topups_onsite_cents: cents,
  /** bar and shop sales paid from wallets: the organiser's cashless revenue */
  bar_sales_cents: cents,
  /** wallet refunds requested (net of rejected ones), paid by the organiser's SEPA transfers */
  refunds_cents: cents,
  /** wallet refund fees kept */
  refund_fees_cents: cents,
  /** money left in the event's wallets at the end of the period (customers' unspent float) */
  float_end_cents: cents,
});
export type PayoutWalletFigures = z.output<typeof payoutWalletFigures>;

/**
 * An event's payout in a period. Money in (orders paid in the period): tickets, the platform's
 * service fee (with its VAT) and online wallet top-ups. Money out: refunds to the buyers'
 * payment method dated in the period (given back, or owed back while the provider has not
 * answered), of which the platform's fee part is the platform's; chargebacks. So
 * collected − refunds − chargebacks = owed + service_fee_kept, to the cent.
 */
export const payoutFigures = z.object({
  /** orders paid in the period */
  orders: z.number().int(),
  tickets_gross_cents: cents,
  service_fee_cents: cents,
  online_topups_cents: cents,
  collected_cents: cents,
  refunds_cents: cents,
  /** part of refunds_cents the provider has not given back yet (pending or failed) */
  refunds_owed_cents: cents,
  /** part of refunds_cents that was the platform's service fee */
  refunds_service_fee_cents: cents,
  /** part of refunds_cents that was ticket money (the organiser's) */
  refunds_tickets_cents: cents,
  /** part of refunds_cents that was online wallet top-ups given back to the card */
  refunds_topups_cents: cents,
  chargebacks_cents: cents,
  /**
   * true: chargebacks come from recorded disputes (Stripe's charge.dispute.* events, the
   * sandbox's route); chargebacks_cents is what the buyers' banks took back (disputes opened in
   * the period, still being decided or lost)
   */
  chargebacks_recorded: z.boolean(),
  service_fee_kept_cents: cents,
  /** the VAT inside service_fee_kept_cents, at the event's rate */
  service_fee_vat_cents: cents,
  service_fee_vat_percent: z.number(),
  owed_cents: cents,
  wallet: payoutWalletFigures,
});
export type PayoutFigures = z.output<typeof payoutFigures>;

/** Keys of the lines shown, in order, each with a localised label and a one-line explanation. */
export const PAYOUT_LINE_KEYS = [
  'tickets_gross',
  'service_fee',
  'online_topups',
  'collected',
  'refunds',
  'refunds_service_fee',
  'chargebacks',
  'service_fee_kept',
  'service_fee_vat',
  'owed',
  'wallet_topups_online',
  'wallet_topups_onsite',
  'wallet_bar_sales',
  'wallet_refunds',
  'wallet_refund_fees',
  'wallet_float_end',
] as const;
export type PayoutLineKey = (typeof PAYOUT_LINE_KEYS)[number];

export const payoutLine = z.object({
  key: z.enum(PAYOUT_LINE_KEYS),
  /** payout: what makes what is owed; cashless: the wallet ledger, for information */
  section: z.enum(['payout', 'cashless']),
  label: z.string(),
  hint: z.string(),
  cents: cents,
});
export type PayoutLine = z.output<typeof payoutLine>;

export const payoutPeriod = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  time_zone: z.string(),
});

export const payoutEventSummary = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  starts_at: z.string(),
});

export const payoutEventResponse = z.object({
  data: z.object({
    event: payoutEventSummary,
    period: payoutPeriod,
    figures: payoutFigures,
    lines: z.array(payoutLine),
  }),
});
export type PayoutEventResponse = z.output<typeof payoutEventResponse>;

export const payoutListResponse = z.object({
  data: z.object({
    period: payoutPeriod,
    events: z.array(z.object({ event: payoutEventSummary, figures: payoutFigures })),
    totals: payoutFigures,
    /** labels of the figures, in the reader's language (the list's column headers) */
    labels: z.record(z.string(), z.string()),
  }),
});
export type PayoutListResponse = z.output<typeof payoutListResponse>;

/** POST /api/dev/disputes (development only): the sandbox's bank disputes a sandbox payment. */
export const sandboxDisputeBody = z.strictObject({
  payment_id: idParam,
  status: z.enum(['inquiry', 'open', 'won', 'lost', 'closed'], { message: 'validation.invalid' }),
  amount_cents: z.number().int().min(1).max(100_000_000).optional(),
  reason: z.string().trim().max(64).optional(),
});
