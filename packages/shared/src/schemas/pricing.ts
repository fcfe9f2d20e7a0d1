import { z } from 'zod';
import { CODE_PATTERN, normaliseCode, PROMO_KINDS } from '../promo-codes';
import { envelope, formInt, idParam } from './common';

/*
 * Price steps, promo codes and access codes (issue 26 item 4): what the back office sends
 * and reads, what the event page and the checkout read. The rules are in price-steps.ts and
 * promo-codes.ts.
 */

const MAX_CENTS = 1_000_000;
const instant = z.iso.datetime({ offset: true, message: 'validation.invalid' });
const cents = formInt(z.number().int().min(0).max(MAX_CENTS));
const positive = formInt(z.number().int().min(1).max(1_000_000));

/** A code as typed: normalised (no spaces, upper case), letters, digits, - and _. */
export const codeText = z
  .string({ message: 'validation.required' })
  .transform(normaliseCode)
  .refine((v) => CODE_PATTERN.test(v), { message: 'pricing.code_format' });

// ---- back office -------------------------------------------------------------------------

export const priceStepBody = z.object({
  label: z.string().trim().min(1, { message: 'validation.required' }).max(60),
  price_cents: cents,
  ends_at: instant.nullable().default(null),
  ends_after_sold: positive.nullable().default(null),
});

/**
 * PUT …/ticket-types/:ticketTypeId/price-steps: the whole list, in the order the steps apply.
 * Each step ends at a date or after a number of places (or both); after the last one the
 * ticket type's own price applies, so a step that never ends is refused.
 */
export const priceStepsBody = z.object({ steps: z.array(priceStepBody).max(10) }).superRefine((v, ctx) => {
  v.steps.forEach((s, i) => {
    if (s.ends_at === null && s.ends_after_sold === null)
      ctx.addIssue({ code: 'custom', path: ['steps', i, 'ends_at'], message: 'pricing.step_needs_end' });
    const before = v.steps.slice(0, i);
    if (s.ends_at && before.some((b) => b.ends_at && b.ends_at >= s.ends_at!))
      ctx.addIssue({ code: 'custom', path: ['steps', i, 'ends_at'], message: 'pricing.steps_order' });
    if (s.ends_after_sold && before.some((b) => b.ends_after_sold && b.ends_after_sold >= s.ends_after_sold!))
      ctx.addIssue({ code: 'custom', path: ['steps', i, 'ends_after_sold'], message: 'pricing.steps_order' });
  });
});
export type PriceStepsBody = z.input<typeof priceStepsBody>;

export const priceStepView = z.object({
  label: z.string(),
  price_cents: z.number(),
  ends_at: z.string().nullable(),
  ends_after_sold: z.number().nullable(),
});

const promoFields = {
  code: codeText,
  kind: z.enum(PROMO_KINDS, { message: 'pricing.kind_unknown' }),
  /** basis points for percent (1000 = 10 %), cents for amount */
  value: formInt(z.number().int().min(1).max(MAX_CENTS)),
  ticket_type_ids: z.array(idParam).max(50).default([]),
  valid_from: instant.nullable().default(null),
  valid_until: instant.nullable().default(null),
  max_uses: positive.nullable().default(null),
  per_customer_limit: positive.nullable().default(null),
};

type PromoShape = {
  kind?: string;
  value?: number;
  valid_from?: string | null;
  valid_until?: string | null;
};
const promoRules = (v: PromoShape, ctx: z.RefinementCtx) => {
  if (v.kind === 'percent' && v.value !== undefined && v.value > 10_000)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'pricing.percent_too_big' });
  if (v.valid_from && v.valid_until && v.valid_until <= v.valid_from)
    ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'pricing.until_before_from' });
};

export const promoCodeBody = z.object(promoFields).superRefine(promoRules);
export type PromoCodeBody = z.input<typeof promoCodeBody>;

/** PATCH: what changes (the code text and its kind stay: delete and create another). */
export const promoCodePatch = z
  .object({
    value: promoFields.value.optional(),
    ticket_type_ids: z.array(idParam).max(50).optional(),
    valid_from: instant.nullable().optional(),
    valid_until: instant.nullable().optional(),
    max_uses: positive.nullable().optional(),
    per_customer_limit: positive.nullable().optional(),
  })
  .superRefine(promoRules);

export const promoCodeView = z.object({
  id: z.number(),
  event_id: z.number().nullable(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  ticket_type_ids: z.array(z.number()),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_uses: z.number().nullable(),
  per_customer_limit: z.number().nullable(),
  used: z.number(),
  created_at: z.string(),
});
export type PromoCodeView = z.infer<typeof promoCodeView>;

export const accessCodeBody = z.object({
  code: codeText,
  ticket_type_ids: z.array(idParam).min(1, { message: 'pricing.access_needs_types' }).max(50),
  valid_until: instant.nullable().default(null),
  max_uses: positive.nullable().default(null),
});
export const accessCodePatch = z.object({
  ticket_type_ids: z.array(idParam).min(1, { message: 'pricing.access_needs_types' }).max(50).optional(),
  valid_until: instant.nullable().optional(),
  max_uses: positive.nullable().optional(),
});

export const accessCodeView = z.object({
  id: z.number(),
  event_id: z.number(),
  code: z.string(),
  ticket_type_ids: z.array(z.number()),
  valid_until: z.string().nullable(),
  max_uses: z.number().nullable(),
  used: z.number(),
  created_at: z.string(),
});
export type AccessCodeView = z.infer<typeof accessCodeView>;

/**
 * A capacity shared by several ticket types of an event (pretix quota: "Zona VIP: 500" for the
 * VIP day ticket and the VIP 3-day pass). Each ticket of a member type takes one of its places
 * as well as one of the type's own; members changed later apply to new orders only.
 */
const groupFields = {
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(80, { message: 'validation.too_big' }),
  capacity: formInt(
    z
      .number({ message: 'validation.invalid' })
      .int({ message: 'validation.invalid' })
      .min(1, { message: 'validation.too_small' })
      .max(10_000_000, { message: 'validation.too_big' }),
  ),
  ticket_type_ids: z
    .array(idParam, { message: 'pricing.group_needs_types' })
    .min(1, { message: 'pricing.group_needs_types' })
    .max(50, { message: 'validation.too_big' }),
};
export const capacityGroupBody = z.strictObject(groupFields);
export type CapacityGroupBody = z.output<typeof capacityGroupBody>;
/** PATCH: the fields sent change; capacity never below the places sold or held (422). */
export const capacityGroupPatch = z.strictObject({
  name: groupFields.name.optional(),
  capacity: groupFields.capacity.optional(),
  ticket_type_ids: groupFields.ticket_type_ids.optional(),
});
export type CapacityGroupPatch = z.output<typeof capacityGroupPatch>;
export const capacityGroupView = z.object({
  id: z.number(),
  event_id: z.number(),
  name: z.string(),
  capacity: z.number(),
  reserved: z.number(),
  sold: z.number(),
  ticket_type_ids: z.array(z.number()),
});
export type CapacityGroupView = z.infer<typeof capacityGroupView>;

// ---- customer ----------------------------------------------------------------------------

/** The price schedule of a ticket type as the event page shows it (all steps, announced). */
export const priceScheduleView = z.object({
  /** label of the step in force (null: the type's own price) */
  label: z.string().nullable(),
  /** when the price in force ends (null: by quantity only, or never) */
  ends_at: z.string().nullable(),
  /** places left at the price in force, when it ends after a number of tickets */
  left_at_price: z.number().nullable(),
  /** what it costs after (null: no step in force) */
  next: z.object({ label: z.string().nullable(), price_cents: z.number() }).nullable(),
  steps: z.array(priceStepView.extend({ over: z.boolean(), current: z.boolean() })),
});
export type PriceScheduleView = z.infer<typeof priceScheduleView>;

/** POST /api/events/:eventId/access-code: unlocks the hidden ticket types of a code. */
export const accessCodeCheckBody = z.object({
  code: codeText,
  /** the event's link: needed for a private event */
  event_slug: z.string().trim().max(120).optional(),
});

/** A hidden ticket type an access code unlocked, as the event page shows its types. */
export const unlockedTypeView = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  available: z.number(),
  last_tickets: z.boolean(),
  min_per_order: z.number(),
  max_per_order: z.number(),
  period_days: z.array(z.string()),
  on_sale: z.boolean(),
  price_schedule: priceScheduleView,
});
export type UnlockedTypeView = z.infer<typeof unlockedTypeView>;

export const accessUnlockView = z.object({
  code: z.string(),
  ticket_types: z.array(unlockedTypeView),
  /** per session: places left of the unlocked types ({ [ticket_type_id]: n }) */
  sessions: z.array(z.object({ id: z.number(), availability: z.record(z.string(), z.number()) })),
});
export type AccessUnlockView = z.infer<typeof accessUnlockView>;
export const accessUnlockResponse = envelope(accessUnlockView);

/** POST /api/orders/promo-quote: what a promo code takes off the customer's cart for the event. */
export const promoQuoteBody = z.object({
  event_id: idParam,
  code: codeText,
  event_slug: z.string().trim().max(120).optional(),
  /** an access code the buyer unlocked hidden types with (their cart lines need it) */
  access_code: codeText.optional(),
});

export const promoQuoteView = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  value: z.number(),
  /** before the discount */
  gross_cents: z.number(),
  discount_cents: z.number(),
  /** after the discount (service cost excluded) */
  subtotal_cents: z.number(),
  service_cents: z.number(),
  total_cents: z.number(),
});
export type PromoQuoteView = z.infer<typeof promoQuoteView>;
export const promoQuoteResponse = envelope(promoQuoteView);
