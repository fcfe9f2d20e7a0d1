/**
 * Email ownership (issue 23 item 7 and the low item on duplicate emails): an account's
 * `email` is where every message goes (receipts, tickets, reset links), so it changes only
 * when the new address proves itself with a link, and the old address is told first. One
 * active account per email, whatever its case.
 */
import { normalizeLocale, type Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit, auditActors } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { identityErrors } from './identity.errors';
import { enqueueMessage } from '../../lib/outbox';
import {
  emailTakenByOther,
  findCustomerById,
  lockCustomerById,
  markEmailVerified,
  updateCustomer,
  type CustomerRow,
} from './customer.repository';
import { issueLinkToken, linkTokenState, useLinkToken } from './one-time-code.service';
import { AppError } from '../../lib/errors';
import './email-change.messages';
import './identity.messages';

/** The link to a new address works for a day; the old address keeps everything until then. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
/** Email changes per customer per hour: each one writes to two addresses. */
export const EMAIL_CHANGE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

/** 409 for an email another active account uses; says nothing about that account. */
export const emailTaken = () =>
  identityErrors.emailTaken({}, { fieldErrors: { email: ['identity.email.taken'] } });

/** Throws 409 email_taken when another active customer uses this email. */
export async function assertEmailFree(db: DbOrTx, email: string, exceptCustomerId?: number): Promise<void> {
  if (await emailTakenByOther(db, email, exceptCustomerId)) throw emailTaken();
}

const maskEmail = (e: string) => e.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

/**
 * In the caller's transaction: records `newEmail` as the customer's pending address, sends
 * the confirmation link to it and, the first time this address is asked for, a notice to
 * the current address. `email` itself does not change. Answers the updated row.
 */
export async function startEmailChange(
  tx: DbOrTx,
  customer: CustomerRow,
  newEmail: string,
  ctx: { locale: Locale; publicUrl: string; supportEmail: string; actor: string },
  now: Date,
): Promise<CustomerRow> {
  const alreadyPending = customer.pendingEmail?.toLowerCase() === newEmail.toLowerCase();
  const row = (await updateCustomer(tx, customer.id, { pendingEmail: newEmail, updatedAt: now }))!;
  const token = await issueLinkToken(
    tx,
    { customerId: customer.id, target: newEmail, purpose: 'email_confirm', ttlMs: EMAIL_CHANGE_TTL_MS },
    now,
  );
  const link = `${ctx.publicUrl.replace(/\/$/, '')}/activate?token=${token}`;
  const name = customer.firstName;
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: newEmail,
    customerId: customer.id,
    subject: translate(ctx.locale, 'identity.email.change.subject'),
    body: translate(ctx.locale, 'identity.email.change.body', { name, link }),
    meta: { purpose: 'email_change', link },
  });
  if (customer.email && !alreadyPending) {
    // the owner's language, not the caller's: the caller may be someone else
    const locale = normalizeLocale(customer.locale);
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: customer.email,
      customerId: customer.id,
      subject: translate(locale, 'identity.email.change_notice.subject'),
      body: translate(locale, 'identity.email.change_notice.body', {
        name,
        email: maskEmail(newEmail),
        support: ctx.supportEmail,
      }),
      meta: { purpose: 'email_change_notice' },
    });
  }
  await audit(tx, {
    actor: ctx.actor,
    action: 'customer.email_change_requested',
    entity: 'customer',
    entityId: customer.id,
  });
  return row;
}

/**
 * The link of a confirmation email (/activate?token=…). A link sent to the pending address
 * makes it the account's email (confirmed); a link sent to the current address confirms
 * it. A link whose address is already the account's confirmed email (a second click) answers
 * 'already_confirmed'. Throws 400 link_invalid (unknown, used, expired, or for an address no
 * longer asked for) and 409 email_taken when another account took the address meanwhile.
 */
export async function confirmEmail(
  db: Db,
  token: string,
  now: Date,
): Promise<'confirmed' | 'already_confirmed'> {
  try {
    await db.transaction(async (tx) => {
      const code = await useLinkToken(tx, token, 'email_confirm', now);
      const customer = await lockCustomerById(tx, code.customerId);
      if (!customer || customer.status === 'erased') throw identityErrors.linkInvalid();
      const target = code.target.toLowerCase();
      if (customer.pendingEmail?.toLowerCase() === target) {
        await assertEmailFree(tx, target, customer.id);
        await updateCustomer(tx, customer.id, {
          email: customer.pendingEmail,
          pendingEmail: null,
          emailVerifiedAt: now,
          updatedAt: now,
        });
        await audit(tx, {
          actor: auditActors.customer(customer.id),
          action: 'customer.email_changed',
          entity: 'customer',
          entityId: customer.id,
        });
        return;
      }
      if (!(await markEmailVerified(tx, customer.id, code.target, now))) {
        throw identityErrors.linkInvalid();
      }
      await audit(tx, {
        actor: auditActors.customer(customer.id),
        action: 'customer.email_confirmed',
        entity: 'customer',
        entityId: customer.id,
      });
    });
    return 'confirmed';
  } catch (err) {
    // two accounts confirming one address at once: the unique index decides
    if (isUniqueViolation(err)) throw emailTaken();
    if (err instanceof AppError && err.code === 'link_invalid' && (await isConfirmedAlready(db, token, now)))
      return 'already_confirmed';
    throw err;
  }
}

/** True when the link's address is the account's email and is confirmed (issue 25 item 16). */
async function isConfirmedAlready(db: Db, token: string, now: Date): Promise<boolean> {
  const { state, row } = await linkTokenState(db, token, 'email_confirm', now);
  if (state === 'unknown' || !row?.customerId) return false;
  const customer = await findCustomerById(db, row.customerId);
  return (
    !!customer &&
    customer.status !== 'erased' &&
    !!customer.emailVerifiedAt &&
    customer.email?.toLowerCase() === row.target.toLowerCase()
  );
}
