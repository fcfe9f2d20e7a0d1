import {
  checkCustomerUpdate,
  customerEventPhase,
  formBool,
  type CustomerEventFilter,
  type CustomerEventItem,
  type CustomerTogglesBody,
  type CustomerUpdateBody,
  type CleanCustomerUpdate,
  type EventInfo,
} from '@bilheteira/shared/schemas/account';
import { SUPPORT_LOCKED_FIELDS } from '@bilheteira/shared/schemas/customers';
import { findCountryByDialCode, isValidPhone, phoneDigits, toE164 } from '@bilheteira/shared/phone';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit, auditActors } from '../../lib/audit';
import { randomDigits, safeEqual, sha256 } from '../../lib/crypto';
import { notFound, validationFailed } from '../../lib/errors';
import { accountErrors } from './account.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hitLimit } from '../../lib/rate-limit';
import {
  countCodeAttempt,
  findCustomerEvent,
  findCustomerIdByMobile,
  findLiveCode,
  insertCode,
  listCustomerEvents,
  lockCustomer,
  markCodeUsed,
  retireCodes,
  updateCustomer,
  type CustomerRow,
  type EventRow,
} from './account.repository';
import { eventIcs, googleCalendarUrl, googleMapsUrl, osmUrl } from './calendar';
import './account.messages';
import { isUniqueViolation } from '../../lib/db-errors';
import { supportSessionForbidden } from '../identity/impersonation.service';
import { assertEmailFree, EMAIL_CHANGE_LIMIT, startEmailChange } from '../identity/email-change.service';

/** The caller of a customer use case: who is acting, for audit and impersonation rules. */
export interface Actor {
  customer: CustomerRow;
  impersonatedBy: string | null;
}

export const actorName = (a: Actor): string =>
  a.impersonatedBy
    ? auditActors.supportFor(a.impersonatedBy, a.customer.id)
    : auditActors.customer(a.customer.id);

/**
 * Throws 403 when a support operator acts in the customer's place: the services' own guard
 * behind the routes' `forbidImpersonation` (erasure, export, mobile).
 */
export function assertNotImpersonated(a: Actor): void {
  if (a.impersonatedBy) throw supportSessionForbidden();
}

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

/* ───────────────────────── mobile change by SMS code ───────────────────────── */

export const MOBILE_CODE = { digits: 6, ttlMs: 10 * 60_000, maxAttempts: 5 } as const;
const MOBILE_CODE_LIMITS = {
  perCustomer: { max: 5, windowSeconds: 3600 },
  perNumber: { max: 3, windowSeconds: 3600 },
};

/**
 * Sends a 6-digit code by SMS to a new mobile number (purpose mobile_change). Throws 400
 * for an invalid or unchanged number, 409 when another account uses it, 429 when rate-limited.
 */
export async function requestMobileCode(
  db: Db,
  actor: Actor,
  input: { dialCode: string; mobile: string; locale: Locale },
  now: Date,
): Promise<{ target: string }> {
  assertNotImpersonated(actor);
  const dial = phoneDigits(input.dialCode) || '351';
  const national = phoneDigits(input.mobile);
  if (!isValidPhone(findCountryByDialCode(dial), national))
    throw validationFailed({ mobile: ['validation.phone'] });
  const target = toE164(dial, national);
  if (target === actor.customer.mobile)
    throw accountErrors.mobileUnchanged({}, { fieldErrors: { mobile: ['account.mobile.same'] } });
  await hitLimit(
    db,
    { key: `mobile-code:customer:${actor.customer.id}`, ...MOBILE_CODE_LIMITS.perCustomer },
    now,
  );
  await hitLimit(db, { key: `mobile-code:number:${target}`, ...MOBILE_CODE_LIMITS.perNumber }, now);
  const other = await findCustomerIdByMobile(db, target);
  if (other && other !== actor.customer.id)
    throw accountErrors.mobileTaken({}, { fieldErrors: { mobile: ['account.mobile.taken'] } });
  const code = randomDigits(MOBILE_CODE.digits);
  await db.transaction(async (tx) => {
    await retireCodes(tx, actor.customer.id, 'mobile_change', now);
    await insertCode(tx, {
      customerId: actor.customer.id,
      target,
      purpose: 'mobile_change',
      codeHash: sha256(code),
      expiresAt: new Date(now.getTime() + MOBILE_CODE.ttlMs),
    });
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: target,
      customerId: actor.customer.id,
      body: translate(input.locale, 'account.mobile.sms', { code }),
      meta: { code, purpose: 'mobile_change' },
    });
  });
  return { target };
}

async function consumeMobileCode(tx: DbOrTx, customerId: number, target: string, code: string, now: Date) {
  const row = await findLiveCode(tx, { customerId, target, purpose: 'mobile_change', now });
  if (!row || row.attempts >= MOBILE_CODE.maxAttempts) return false;
  if (!safeEqual(row.codeHash, sha256(code.trim()))) {
    await countCodeAttempt(tx, row.id);
    return false;
  }
  await markCodeUsed(tx, row.id, now);
  return true;
}

/* ───────────────────────── personal and billing data ───────────────────────── */

function consentChanges(before: CustomerRow, after: CustomerRow) {
  const changes: Record<string, boolean> = {};
  if (before.marketingConsent !== after.marketingConsent) changes.marketing_consent = after.marketingConsent;
  if (before.invoiceByEmail !== after.invoiceByEmail) changes.invoice_by_email = after.invoiceByEmail;
  return changes;
}

/** Consent changes are logged with time and source (GDPR art. 7: proof of consent). */
async function logConsent(
  tx: DbOrTx,
  actor: Actor,
  changes: Record<string, boolean>,
  source: string,
  now: Date,
): Promise<void> {
  if (!Object.keys(changes).length) return;
  await audit(tx, {
    actor: actorName(actor),
    action: 'customer.consent_changed',
    entity: 'customer',
    entityId: actor.customer.id,
    data: { ...changes, source, at: now.toISOString() },
  });
}

/** What the account form may not change in a support session, as field errors (or none). */
function lockedChanges(actor: Actor, changed: Record<(typeof SUPPORT_LOCKED_FIELDS)[number], boolean>) {
  if (!actor.impersonatedBy) return null;
  const fields = SUPPORT_LOCKED_FIELDS.filter((f) => changed[f]);
  return fields.length
    ? Object.fromEntries(fields.map((f) => [f, ['identity.impersonation_forbidden']]))
    : null;
}

/**
 * Saves the account form (spec §7 POST /customers/update). A new email does not replace
 * the current one: it waits for its confirmation link (sent to it, with a notice to the
 * current address). Throws 400 'Fill in the required fields' with the empty required
 * fields marked, 400 with per-field errors for invalid values, 403 when a support session
 * changes the email, mobile or IBAN, 409 when the email or mobile belongs to someone else,
 * 422 when a new mobile has no valid SMS code, 429 for too many email changes. Answers the
 * row and the new address a confirmation link went to, if any.
 */
export async function updateMyAccount(
  db: Db,
  actor: Actor,
  input: CustomerUpdateBody,
  ctx: { locale: Locale; publicUrl: string; supportEmail: string },
  now: Date,
): Promise<{ customer: CustomerRow; confirmationSentTo: string | null }> {
  const checked = checkCustomerUpdate(input, now);
  if (!checked.ok) {
    throw validationFailed(
      checked.fieldErrors,
      checked.missingRequired ? 'account.update.required' : 'account.update.invalid',
    );
  }
  const v = checked.value;
  const newMobile = toE164(v.mobileCountryCode, v.mobile);
  const emailChanged = v.email !== (actor.customer.email ?? '').toLowerCase();
  const mobileChanged = newMobile !== actor.customer.mobile;
  const locked = lockedChanges(actor, {
    email: emailChanged,
    mobile: mobileChanged,
    iban: (v.iban ?? null) !== (actor.customer.iban ?? null),
  });
  if (locked) throw supportSessionForbidden(locked);
  if (emailChanged) {
    // counted before the lookup: the answer says whether an address has an account
    await hitLimit(db, { key: `email-change:customer:${actor.customer.id}`, ...EMAIL_CHANGE_LIMIT }, now);
    await assertEmailFree(db, v.email, actor.customer.id);
  }
  if (mobileChanged) {
    assertNotImpersonated(actor);
    const other = await findCustomerIdByMobile(db, newMobile);
    if (other && other !== actor.customer.id) throw mobileTaken();
    const code = input.mobile_code?.trim();
    if (!code)
      throw accountErrors.mobileCodeRequired(
        {},
        {
          fieldErrors: {
            mobile_code: ['account.mobile.code_required'],
          },
        },
      );
    // Own transaction: a wrong code's attempt is counted even though the update is refused.
    const ok = await db.transaction((tx) => consumeMobileCode(tx, actor.customer.id, newMobile, code, now));
    if (!ok)
      throw accountErrors.mobileCodeInvalid(
        {},
        {
          fieldErrors: {
            mobile_code: ['account.mobile.code_invalid'],
          },
        },
      );
  }
  try {
    const customer = await saveAccount(db, actor, v, { newMobile, mobileChanged, emailChanged }, ctx, now);
    return { customer, confirmationSentTo: emailChanged ? v.email : null };
  } catch (err) {
    // Two accounts racing for one number: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err)) throw mobileTaken();
    throw err;
  }
}

const mobileTaken = () =>
  accountErrors.mobileTaken({}, { fieldErrors: { mobile: ['account.mobile.taken'] } });

async function saveAccount(
  db: Db,
  actor: Actor,
  v: CleanCustomerUpdate,
  m: { newMobile: string; mobileChanged: boolean; emailChanged: boolean },
  ctx: { locale: Locale; publicUrl: string; supportEmail: string },
  now: Date,
): Promise<CustomerRow> {
  const { newMobile, mobileChanged, emailChanged } = m;
  return db.transaction(async (tx) => {
    const before = await lockCustomer(tx, actor.customer.id);
    if (!before || before.status === 'erased') throw notFound();
    if (mobileChanged && before.mobile !== actor.customer.mobile) throw notFound();
    if (emailChanged && (before.email ?? '').toLowerCase() !== (actor.customer.email ?? '').toLowerCase())
      throw notFound();
    let after = await updateCustomer(tx, before.id, {
      firstName: v.firstName,
      lastName: v.lastName,
      ...(mobileChanged
        ? { mobile: newMobile, mobileCountryCode: v.mobileCountryCode, mobileVerifiedAt: now }
        : {}),
      birthday: v.birthday,
      gender: v.gender,
      nameBilling: v.nameBilling,
      documentBilling: v.documentBilling,
      postalCode: v.postalCode,
      iban: v.iban,
      ...(v.marketingConsent !== undefined ? { marketingConsent: v.marketingConsent } : {}),
      ...(v.invoiceByEmail !== undefined ? { invoiceByEmail: v.invoiceByEmail } : {}),
      updatedAt: now,
    });
    // the email changes only when the new address follows its link (issue 23 item 7)
    if (emailChanged)
      after = await startEmailChange(tx, after!, v.email, { ...ctx, actor: actorName(actor) }, now);
    await audit(tx, {
      actor: actorName(actor),
      action: 'customer.updated',
      entity: 'customer',
      entityId: before.id,
      // Which fields changed, never their values: the audit log must not copy personal data.
      data: {
        fields: (
          [
            ['first_name', before.firstName !== after.firstName],
            ['last_name', before.lastName !== after.lastName],
            ['pending_email', emailChanged],
            ['mobile', mobileChanged],
            ['birthday', before.birthday !== after.birthday],
            ['gender', before.gender !== after.gender],
            ['name_billing', before.nameBilling !== after.nameBilling],
            ['document_billing', before.documentBilling !== after.documentBilling],
            ['postal_code', before.postalCode !== after.postalCode],
            ['iban', before.iban !== after.iban],
          ] as const
        )
          .filter(([, changed]) => changed)
          .map(([f]) => f),
      },
    });
    await logConsent(tx, actor, consentChanges(before, after), 'account_form', now);
    return after;
  });
}

/** Saves the quiet toggles (marketing consent, invoice by email) as they change. */
export async function saveMyToggles(
  db: Db,
  actor: Actor,
  input: CustomerTogglesBody,
  now: Date,
): Promise<CustomerRow> {
  const marketing = formBool(input.marketing_consent);
  const invoice = formBool(input.invoice_by_email);
  return db.transaction(async (tx) => {
    const before = await lockCustomer(tx, actor.customer.id);
    if (!before || before.status === 'erased') throw notFound();
    const after = await updateCustomer(tx, before.id, {
      ...(marketing !== undefined ? { marketingConsent: marketing } : {}),
      ...(invoice !== undefined ? { invoiceByEmail: invoice } : {}),
      updatedAt: now,
    });
    await logConsent(tx, actor, consentChanges(before, after), 'account_toggle', now);
    return after;
  });
}

/** Withdraws marketing consent (unsubscribe link); logs it with its source. */
export async function withdrawMarketingConsent(
  db: Db,
  customerId: number,
  source: string,
  now: Date,
): Promise<CustomerRow | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockCustomer(tx, customerId);
    if (!before || before.status === 'erased') return undefined;
    if (!before.marketingConsent) return before;
    const after = await updateCustomer(tx, before.id, { marketingConsent: false, updatedAt: now });
    await logConsent(
      tx,
      { customer: before, impersonatedBy: null },
      { marketing_consent: false },
      source,
      now,
    );
    return after;
  });
}
