/**
 * Price steps, promo codes and access codes of an organiser's events: the back office
 * manages them here (every change audited with the acting staff user), and the checkout
 * resolves the codes a buyer typed (codes.service.ts). Tenancy: every call names the
 * organiser of the route, and an event, code or ticket type of another organiser answers 404.
 */
import type { z } from 'zod';
import type {
  accessCodeBody,
  accessCodePatch,
  AccessCodeView,
  priceStepsBody,
  promoCodeBody,
  promoCodePatch,
  PromoCodeView,
} from '@bilheteira/shared/schemas/pricing';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { validationFailed } from '../../lib/errors';
import { staffActor } from '../staff/staff-auth.service';
import { pricingErrors } from './pricing.errors';
import {
  deleteUnusedAccessCode,
  deleteUnusedPromoCode,
  findAccessCode,
  findEventTypeIds,
  findOrganizerEvent,
  findPriceSteps,
  findPromoCode,
  insertAccessCode,
  insertPromoCode,
  listAccessCodes,
  listPromoCodes,
  replacePriceSteps,
  updateAccessCode,
  updatePromoCode,
  type AccessCodeRow,
  type PriceStepRow,
  type PromoCodeRow,
} from './pricing.repository';

/** Whose event: the route's organiser and event, and the staff user acting. */
export interface EventScope {
  organizerId: number;
  eventId: number;
  userId: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

export const promoView = (r: PromoCodeRow): PromoCodeView => ({
  id: r.id,
  event_id: r.eventId,
  code: r.code,
  kind: r.kind === 'amount' ? 'amount' : 'percent',
  value: r.value,
  ticket_type_ids: r.ticketTypeIds,
  valid_from: iso(r.validFrom),
  valid_until: iso(r.validUntil),
  max_uses: r.maxUses,
  per_customer_limit: r.perCustomerLimit,
  used: r.used,
  created_at: r.createdAt.toISOString(),
});

export const accessView = (r: AccessCodeRow): AccessCodeView => ({
  id: r.id,
  event_id: r.eventId,
  code: r.code,
  ticket_type_ids: r.ticketTypeIds,
  valid_until: iso(r.validUntil),
  max_uses: r.maxUses,
  used: r.used,
  created_at: r.createdAt.toISOString(),
});

export const stepView = (p: PriceStepRow) => ({
  label: p.label,
  price_cents: p.priceCents,
  ends_at: iso(p.endsAt),
  ends_after_sold: p.endsAfterSold,
});

/** The organiser's event, or 404 (another organiser's event answers exactly like none). */
async function ownEvent(db: DbOrTx, scope: EventScope): Promise<void> {
  if (!(await findOrganizerEvent(db, scope.organizerId, scope.eventId))) throw pricingErrors.eventNotFound();
}

/** Every id must be a ticket type of the event (422 on the field otherwise). */
async function ownTypes(db: DbOrTx, eventId: number, ids: number[] | undefined, field: string) {
  if (!ids?.length) return;
  const found = await findEventTypeIds(db, eventId, ids);
  if (found.length !== new Set(ids).size)
    throw pricingErrors.typeNotInEvent({}, { fieldErrors: { [field]: ['pricing.type_not_in_event'] } });
}

const auditEntry = (scope: EventScope, action: string, entity: string, id: number, data = {}) => ({
  actor: staffActor(scope.userId),
  action,
  entity,
  entityId: id,
  data: { organizer_id: scope.organizerId, event_id: scope.eventId, ...data },
});

/** Maps a duplicate code (unique index) to a 409 naming it. */
async function uniqueCode<T>(code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err))
      throw pricingErrors.codeTaken({ code }, { fieldErrors: { code: ['pricing.code_taken'] } });
    throw err;
  }
}

// ---- promo codes ----------------------------------------------------------------------------

export async function promoCodesOf(db: Db, scope: EventScope): Promise<PromoCodeView[]> {
  await ownEvent(db, scope);
  return (await listPromoCodes(db, scope.eventId)).map(promoView);
}

export async function createPromoCode(
  db: Db,
  scope: EventScope,
  body: z.output<typeof promoCodeBody>,
): Promise<PromoCodeView> {
  await ownEvent(db, scope);
  await ownTypes(db, scope.eventId, body.ticket_type_ids, 'ticket_type_ids');
  return db.transaction(async (tx) => {
    const row = await uniqueCode(body.code, () =>
      insertPromoCode(tx, {
        organizerId: scope.organizerId,
        eventId: scope.eventId,
        code: body.code,
        kind: body.kind,
        value: body.value,
        ticketTypeIds: body.ticket_type_ids,
        validFrom: dateOrNull(body.valid_from),
        validUntil: dateOrNull(body.valid_until),
        maxUses: body.max_uses,
        perCustomerLimit: body.per_customer_limit,
      }),
    );
    await audit(tx, auditEntry(scope, 'promo_code.create', 'promo_code', row.id, { code: row.code }));
    return promoView(row);
  });
}

export async function changePromoCode(
  db: Db,
  scope: EventScope,
  id: number,
  body: z.output<typeof promoCodePatch>,
): Promise<PromoCodeView> {
  await ownEvent(db, scope);
  const current = await findPromoCode(db, scope.eventId, id);
  if (!current) throw pricingErrors.codeNotFound();
  await ownTypes(db, scope.eventId, body.ticket_type_ids, 'ticket_type_ids');
  if (current.kind === 'percent' && body.value !== undefined && body.value > 10_000)
    throw validationFailed({ value: ['pricing.percent_too_big'] });
  const from = body.valid_from === undefined ? current.validFrom : dateOrNull(body.valid_from);
  const until = body.valid_until === undefined ? current.validUntil : dateOrNull(body.valid_until);
  if (from && until && until <= from) throw validationFailed({ valid_until: ['pricing.until_before_from'] });
  return db.transaction(async (tx) => {
    const row = await updatePromoCode(tx, id, {
      ...(body.value !== undefined ? { value: body.value } : {}),
      ...(body.ticket_type_ids !== undefined ? { ticketTypeIds: body.ticket_type_ids } : {}),
      validFrom: from,
      validUntil: until,
      ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
      ...(body.per_customer_limit !== undefined ? { perCustomerLimit: body.per_customer_limit } : {}),
    });
    if (!row) throw pricingErrors.codeNotFound();
    await audit(tx, auditEntry(scope, 'promo_code.update', 'promo_code', id, { changes: body }));
    return promoView(row);
  });
}

export async function removePromoCode(db: Db, scope: EventScope, id: number): Promise<void> {
  await ownEvent(db, scope);
  if (!(await findPromoCode(db, scope.eventId, id))) throw pricingErrors.codeNotFound();
  await db.transaction(async (tx) => {
    if (!(await deleteUnusedPromoCode(tx, id))) throw pricingErrors.codeInUse();
    await audit(tx, auditEntry(scope, 'promo_code.delete', 'promo_code', id));
  });
}

// ---- access codes ---------------------------------------------------------------------------

export async function accessCodesOf(db: Db, scope: EventScope): Promise<AccessCodeView[]> {
  await ownEvent(db, scope);
  return (await listAccessCodes(db, scope.eventId)).map(accessView);
}

export async function createAccessCode(
  db: Db,
  scope: EventScope,
  body: z.output<typeof accessCodeBody>,
): Promise<AccessCodeView> {
  await ownEvent(db, scope);
  await ownTypes(db, scope.eventId, body.ticket_type_ids, 'ticket_type_ids');
  return db.transaction(async (tx) => {
    const row = await uniqueCode(body.code, () =>
      insertAccessCode(tx, {
        eventId: scope.eventId,
        code: body.code,
        ticketTypeIds: body.ticket_type_ids,
        validUntil: dateOrNull(body.valid_until),
        maxUses: body.max_uses,
      }),
    );
    await audit(tx, auditEntry(scope, 'access_code.create', 'access_code', row.id, { code: row.code }));
    return accessView(row);
  });
}

export async function changeAccessCode(
  db: Db,
  scope: EventScope,
  id: number,
  body: z.output<typeof accessCodePatch>,
): Promise<AccessCodeView> {
  await ownEvent(db, scope);
  if (!(await findAccessCode(db, scope.eventId, id))) throw pricingErrors.codeNotFound();
  await ownTypes(db, scope.eventId, body.ticket_type_ids, 'ticket_type_ids');
  return db.transaction(async (tx) => {
    const row = await updateAccessCode(tx, id, {
      ...(body.ticket_type_ids !== undefined ? { ticketTypeIds: body.ticket_type_ids } : {}),
      ...(body.valid_until !== undefined ? { validUntil: dateOrNull(body.valid_until) } : {}),
      ...(body.max_uses !== undefined ? { maxUses: body.max_uses } : {}),
    });
    if (!row) throw pricingErrors.codeNotFound();
    await audit(tx, auditEntry(scope, 'access_code.update', 'access_code', id, { changes: body }));
    return accessView(row);
  });
}

export async function removeAccessCode(db: Db, scope: EventScope, id: number): Promise<void> {
  await ownEvent(db, scope);
  if (!(await findAccessCode(db, scope.eventId, id))) throw pricingErrors.codeNotFound();
  await db.transaction(async (tx) => {
    if (!(await deleteUnusedAccessCode(tx, id))) throw pricingErrors.codeInUse();
    await audit(tx, auditEntry(scope, 'access_code.delete', 'access_code', id));
  });
}

// ---- price steps ----------------------------------------------------------------------------

export async function priceStepsOf(db: Db, scope: EventScope, ticketTypeId: number) {
  await ownEvent(db, scope);
  if (!(await findEventTypeIds(db, scope.eventId, [ticketTypeId])).length)
    throw pricingErrors.ticketTypeNotFound();
  return (await findPriceSteps(db, [ticketTypeId])).map(stepView);
}

/**
 * Replaces a ticket type's announced steps. Orders already created keep the price they were
 * charged (their lines hold it); the event page shows the new schedule at once.
 */
export async function setPriceSteps(
  db: Db,
  scope: EventScope,
  ticketTypeId: number,
  body: z.output<typeof priceStepsBody>,
) {
  await ownEvent(db, scope);
  if (!(await findEventTypeIds(db, scope.eventId, [ticketTypeId])).length)
    throw pricingErrors.ticketTypeNotFound();
  return db.transaction(async (tx) => {
    const rows = await replacePriceSteps(
      tx,
      ticketTypeId,
      body.steps.map((s) => ({
        label: s.label,
        priceCents: s.price_cents,
        endsAt: dateOrNull(s.ends_at),
        endsAfterSold: s.ends_after_sold,
      })),
    );
    await audit(tx, auditEntry(scope, 'price_steps.set', 'ticket_type', ticketTypeId, { steps: body.steps }));
    return rows.map(stepView);
  });
}
