import {
  checkCustomerUpdate,
  formBool,
  type CustomerTogglesBody,
  type CustomerUpdateBody,
  type CleanCustomerUpdate,
} from '@bilheteira/shared/schemas/account';
import { SUPPORT_LOCKED_FIELDS } from '@bilheteira/shared/schemas/customers';
import { toE164 } from '@bilheteira/shared/phone';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { accountErrors } from './account.errors';
import { hitLimit } from '../../lib/rate-limit';
import { findCustomerIdByMobile, lockCustomer, updateCustomer, type CustomerRow } from './account.repository';
import './account.messages';
import { isUniqueViolation } from '../../lib/db-errors';
import { supportSessionForbidden } from '../identity/impersonation.service';
import { assertEmailFree, EMAIL_CHANGE_LIMIT, startEmailChange } from '../identity/email-change.service';
import { actorName, assertNotImpersonated, type Actor } from './account-actor';
import { consumeMobileCode } from './mobile-change.service';

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

/** What other modules (gdpr) use of customers and their one-time codes. */
export { findCustomer, findLiveCode, insertCode, markCodeUsed, retireCodes } from './account.repository';
