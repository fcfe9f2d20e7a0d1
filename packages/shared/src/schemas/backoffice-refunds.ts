/**
 * Wallet refunds as an organiser's workflow in the back office (issue 27 item 6): the queue of
 * refund requests on the wallets of the organiser's events, bulk decisions and the SEPA file.
 * The back office's page and the API validate and document with these same schemas.
 */
import { z } from 'zod';
import { REFUND_STATUSES } from '../wallet';
import { formInt, idParam, paginationMeta } from './common';

export const ADMIN_REFUNDS_PER_PAGE = 25;
/** Most requests one decision takes (a page of the queue is far fewer). */
export const REFUND_DECISION_MAX_IDS = 200;
export const REFUND_REASON_MAX = 500;
/** Longest search text: a name, an email (254) or a mobile number. */
export const REFUND_SEARCH_MAX = 254;

export const REFUND_DECISIONS = ['approve', 'reject', 'paid'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];

/**
 * GET /backoffice/organizers/:organizerId/refunds. `q` is plain text found anywhere in the
 * account holder's name, the customer's name, email or mobile (never a pattern: % and _ are
 * letters); no `status` lists every status.
 */
export const adminRefundListQuery = z.object({
  status: z.enum(REFUND_STATUSES, { message: 'validation.invalid' }).optional(),
  event_id: idParam.optional(),
  q: z
    .string({ message: 'validation.invalid' })
    .trim()
    .max(REFUND_SEARCH_MAX, { message: 'validation.too_big' })
    .refine((v) => !/\p{Cc}/u.test(v), { message: 'validation.invalid' })
    .optional()
    .default(''),
  page: formInt(z.number().int().min(1).max(10_000)).default(1),
});
export type AdminRefundListQuery = z.output<typeof adminRefundListQuery>;

/** A refund request as the organiser's team sees it: the IBAN masked (the SEPA file has it whole). */
export const adminRefundView = z.object({
  id: z.number(),
  status: z.enum(REFUND_STATUSES),
  event: z.object({ id: z.number(), name: z.string() }),
  /** the customer who asked (empty name and null contacts once they asked to be forgotten) */
  customer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  /** the account holder on the transfer */
  holder_name: z.string(),
  iban_masked: z.string(),
  /** what reaches the customer's account */
  amount_cents: z.number(),
  fee_cents: z.number(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  /** the SEPA file (message id) that carried it */
  export_id: z.string().nullable(),
  rejection_reason: z.string().nullable(),
});
export type AdminRefundView = z.output<typeof adminRefundView>;

export const adminRefundListResponse = z.object({
  data: z.array(adminRefundView),
  meta: paginationMeta.extend({
    /** the organiser's events that have refund requests (the event filter's choices) */
    events: z.array(z.object({ id: z.number(), name: z.string() })),
    /** approved requests not yet in a SEPA file, of every event of the organiser */
    exportable: z.object({ count: z.number(), amount_cents: z.number() }),
    /** the organiser's payout IBAN, masked, or null when none is set (no SEPA file then) */
    debtor_iban_masked: z.string().nullable(),
  }),
});
export type AdminRefundListResponse = z.output<typeof adminRefundListResponse>;

/**
 * POST /backoffice/organizers/:organizerId/refunds/decisions. A rejection needs the reason the
 * customer will read; the money goes back into their wallet.
 */
export const refundDecisionBody = z
  .strictObject({
    ids: z
      .array(idParam, { message: 'validation.invalid' })
      .min(1, { message: 'validation.required' })
      .max(REFUND_DECISION_MAX_IDS, { message: 'validation.too_big' })
      .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.invalid' }),
    decision: z.enum(REFUND_DECISIONS, { message: 'validation.invalid' }),
    reason: z
      .string({ message: 'validation.invalid' })
      .trim()
      .max(REFUND_REASON_MAX, { message: 'validation.too_big' })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'reject' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
  });
export type RefundDecisionBody = z.output<typeof refundDecisionBody>;

/** The reject dialog's form: the reason alone (the ids come from the selection). */
export const refundRejectForm = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(REFUND_REASON_MAX, { message: 'validation.too_big' }),
});

export const refundDecisionResult = z.object({
  /** the requests that moved, with their new status */
  done: z.array(z.object({ id: z.number(), status: z.enum(REFUND_STATUSES) })),
  /** the requests that could not (already decided by someone else, already in a SEPA file…) */
  skipped: z.array(
    z.object({ id: z.number(), status: z.enum(REFUND_STATUSES), code: z.string(), message: z.string() }),
  ),
});
export type RefundDecisionResult = z.output<typeof refundDecisionResult>;

export const refundDecisionResponse = z.object({ data: refundDecisionResult, message: z.string() });
