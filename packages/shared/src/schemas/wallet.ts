import { z } from 'zod';
import { isValidIban, normalizeIban } from '../validation';
import { formInt, idParam } from './common';
import {
  BRACELET_CODE_PATTERN,
  BRACELET_SECRET_PATTERN,
  BRACELET_UID_PATTERN,
  normalizeBraceletSecret,
  normalizeBraceletUid,
  REFUND_STATUSES,
  STATION_MAX_AMOUNT_CENTS,
  STATION_MAX_BATCH,
  STATION_REJECT_REASONS,
  STATION_TRANSACTION_TYPES,
  WALLET_TRANSACTION_TYPES,
} from '../wallet';

export const braceletCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => BRACELET_CODE_PATTERN.test(v), { message: 'validation.bracelet_code' });

/** The secret printed inside the bracelet (proof of possession). */
export const braceletSecret = z
  .string()
  .max(32)
  .transform(normalizeBraceletSecret)
  .refine((v) => BRACELET_SECRET_PATTERN.test(v), { message: 'validation.bracelet_secret' });

/** The bracelet's NFC UID as the phone read it (Web NFC serialNumber). */
export const braceletUid = z
  .string()
  .max(64)
  .transform(normalizeBraceletUid)
  .refine((v) => BRACELET_UID_PATTERN.test(v), { message: 'validation.bracelet_uid' });

export const ibanField = z
  .string()
  .trim()
  .max(64)
  .refine((v) => isValidIban(v), { message: 'validation.iban' })
  .transform(normalizeIban);

/** Event of the wallet: ?event_id= (or the Event-Id header, read by the route) or ?slug=. */
export const walletEventQuery = z.object({
  event_id: idParam.optional(),
  slug: z.string().trim().max(120).optional(),
});

export const walletTransactionsQuery = walletEventQuery.extend({
  cursor: z.string().trim().max(200).optional(),
  limit: formInt(z.number().int().min(1).max(100)).default(20),
});

export const refundView = z.object({
  id: z.number(),
  status: z.enum(REFUND_STATUSES),
  amount_cents: z.number(),
  fee_cents: z.number(),
  iban_masked: z.string(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

export const braceletView = z.object({
  code: z.string(),
  status: z.enum(['active', 'blocked']),
  blocked_at: z.string().nullable(),
});
export type BraceletView = z.infer<typeof braceletView>;

export const walletEventData = z.object({
  event: z.object({
    id: z.number(),
    slug: z.string(),
    name: z.string(),
    wallet_enabled: z.boolean(),
    online_topup_enabled: z.boolean(),
    ends_at: z.string(),
  }),
  wallet: z.object({
    balance_cents: z.number(),
    online_cents: z.number(),
    online_topups_cents: z.number(),
    spent_online_cents: z.number(),
  }),
  bracelets: z.array(braceletView),
  topup: z.object({ min_cents: z.number(), max_cents: z.number(), presets_cents: z.array(z.number()) }),
  refund: z.object({
    availability: z.enum(['allowed', 'not_allowed', 'not_yet_available', 'deadline_passed']),
    opens_at: z.string(),
    closes_at: z.string(),
    refundable_cents: z.number(),
    fee_cents: z.number(),
    refund_cents: z.number(),
    open_request: refundView.nullable(),
    last_request: refundView.nullable(),
  }),
});
export type WalletEventData = z.infer<typeof walletEventData>;
export const walletEventResponse = z.object({ data: walletEventData, message: z.string().optional() });

export const walletTransactionView = z.object({
  id: z.number(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  amount_cents: z.number(),
  description: z.string(),
  station: z.string().nullable(),
  invoice: z.string().nullable(),
  occurred_at: z.string(),
});
export type WalletTransactionView = z.infer<typeof walletTransactionView>;
export const walletTransactionsResponse = z.object({
  data: z.array(walletTransactionView),
  next_cursor: z.string().nullable(),
});

/**
 * Linking proves possession (issue 23): the public code plus the secret printed inside the
 * bracelet or the NFC UID the phone read. The code alone is never enough.
 */
export const linkBraceletBody = z
  .object({
    event_id: idParam,
    code: braceletCode,
    secret: braceletSecret.optional(),
    uid: braceletUid.optional(),
  })
  .refine((b) => b.secret !== undefined || b.uid !== undefined, {
    path: ['secret'],
    message: 'validation.bracelet_proof_required',
  });
/** The new bracelet is linked, so it needs the same proof as linking. */
export const replaceBraceletBody = z
  .object({
    event_id: idParam,
    old_code: braceletCode,
    new_code: braceletCode,
    new_secret: braceletSecret.optional(),
    new_uid: braceletUid.optional(),
  })
  .refine((b) => b.new_secret !== undefined || b.new_uid !== undefined, {
    path: ['new_secret'],
    message: 'validation.bracelet_proof_required',
  });
export const blockBraceletBody = z.object({ event_id: idParam, code: braceletCode });

export const refundRequestBody = z.object({
  event_id: idParam,
  iban: ibanField,
  /** the refund the customer saw and accepted; refused when the quote changed meanwhile */
  expected_refund_cents: formInt(z.number().int().min(0)).optional(),
});

export const quickChargeEvent = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  wallet_enabled: z.boolean(),
  online_topup_enabled: z.boolean(),
  promoters: z.array(z.string()),
  partners: z.array(z.string()),
  terms: z.string(),
});
export type QuickChargeEvent = z.infer<typeof quickChargeEvent>;

/* ---------- stations ---------- */

export const stationItem = z.object({
  name: z.string().trim().min(1).max(120),
  qty: z.number().int().min(1).max(1000),
  unit_cents: z.number().int().min(0).max(STATION_MAX_AMOUNT_CENTS),
  /** the event's product sold (GET /api/stations/menu): counted in its sales and stock */
  product_id: z.number().int().min(1).max(2_147_483_647).optional(),
});

export const stationTransaction = z
  .object({
    /** client-generated id, unique per station */
    id: z.string().trim().min(1).max(100),
    bracelet: z.string().trim().min(1).max(64).optional(),
    bracelet_uid: z.string().trim().min(1).max(64).optional(),
    bracelet_code: z.string().trim().min(1).max(64).optional(),
    type: z.enum(STATION_TRANSACTION_TYPES),
    amount_cents: z.number().int().min(1).max(STATION_MAX_AMOUNT_CENTS),
    items: z.array(stationItem).max(100).default([]),
    occurred_at: z.iso.datetime({ offset: true }),
    description: z.string().trim().max(200).optional(),
  })
  .refine((t) => !!(t.bracelet ?? t.bracelet_uid ?? t.bracelet_code), {
    message: 'validation.required',
    path: ['bracelet'],
  });
export type StationTransactionInput = z.infer<typeof stationTransaction>;

export const stationBatchBody = z.object({
  transactions: z.array(stationTransaction).min(1).max(STATION_MAX_BATCH),
});

export const stationResult = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  /** for a duplicate: what the first upload was answered */
  first_status: z.enum(['accepted', 'rejected']).optional(),
  reason: z.enum(STATION_REJECT_REASONS).optional(),
  balance_cents: z.number().optional(),
  transaction_id: z.number().optional(),
});
export type StationResult = z.infer<typeof stationResult>;
export const stationBatchResponse = z.object({
  data: z.object({
    results: z.array(stationResult),
    accepted: z.number(),
    rejected: z.number(),
    duplicates: z.number(),
  }),
});

/**
 * GET /api/stations/blocklist: the event's blocked bracelets, signed with the event's Ed25519
 * key so a till can hold the list offline and trust it. `signed_payload` is the exact text
 * the signature covers (verify those bytes, then read the list from them).
 */
export const stationBlocklistResponse = z.object({
  data: z.object({
    event_id: z.number(),
    /** changes whenever the list changes */
    version: z.string(),
    issued_at: z.string(),
    bracelets: z.array(z.object({ uid: z.string(), code: z.string(), blocked_at: z.string().nullable() })),
    algorithm: z.literal('Ed25519'),
    signed_payload: z.string(),
    /** Ed25519 signature of signed_payload's UTF-8 bytes, base64url */
    signature: z.string(),
    /** raw 32-byte public key, base64url (the one in /api/checkin/offline-pack), and as a JWK */
    public_key: z.string(),
    public_key_jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
  }),
});
export type StationBlocklist = z.infer<typeof stationBlocklistResponse>['data'];

export const stationBraceletResponse = z.object({
  data: z.object({
    uid: z.string(),
    code: z.string(),
    status: z.enum(['active', 'blocked']),
    linked: z.boolean(),
    balance_cents: z.number(),
    holder_first_name: z.string().nullable(),
  }),
});
