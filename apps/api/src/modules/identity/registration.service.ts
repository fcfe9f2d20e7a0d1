import { splitE164 } from '@bilheteira/shared/phone';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, DbOrTx } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit, auditActors } from '../../lib/audit';
import { identityErrors } from './identity.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hashPassword } from '../../lib/passwords';
import { hitLimit } from '../../lib/rate-limit';
import {
  claimPendingTickets,
  findCustomerByMobile,
  insertCustomer,
  markMobileVerified,
  updateCustomer,
  type CustomerRow,
} from './customer.repository';
import { issueLinkToken, issueSmsCode, lastCodeSentAt, verifySmsCode } from './one-time-code.service';
import { assertEmailFree, emailTaken } from './email-change.service';
import { createSession } from './session.service';
import { assertCooldown, hitSmsLimits, SMS_RESEND_COOLDOWN_SECONDS } from './sms-limits';
import { isUniqueViolation } from '../../lib/db-errors';

export const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;
const ACTIVATE_LIMIT_PER_IP = { max: 30, windowSeconds: 10 * 60 };

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  mobile_country_code: string;
  /** E.164 */
  mobile: string;
  birthday?: string;
  gender?: string;
  password: string;
  marketing_consent: boolean;
  invoice_by_email: boolean;
}

export interface RequestContext {
  ip: string;
  locale: Locale;
  publicUrl: string;
}

/** "+351 912345678" for messages. */
export function displayMobile(e164: string): string {
  const parts = splitE164(e164);
  return parts ? `+${parts.dialCode} ${parts.national}` : e164;
}

async function sendActivationSms(tx: DbOrTx, customer: CustomerRow, locale: Locale, now: Date) {
  const mobile = customer.mobile!;
  const code = await issueSmsCode(
    tx,
    { customerId: customer.id, target: mobile, purpose: 'sms_activation' },
    now,
  );
  await enqueueMessage(tx, {
    channel: 'sms',
    recipient: mobile,
    customerId: customer.id,
    body: translate(locale, 'identity.sms.activation', { code }),
    meta: { purpose: 'sms_activation', code },
  });
}

async function sendEmailConfirmation(
  tx: DbOrTx,
  customer: CustomerRow,
  ctx: RequestContext,
  now: Date,
): Promise<void> {
  if (!customer.email) return;
  const token = await issueLinkToken(
    tx,
    {
      customerId: customer.id,
      target: customer.email,
      purpose: 'email_confirm',
      ttlMs: EMAIL_CONFIRM_TTL_MS,
    },
    now,
  );
  const link = `${ctx.publicUrl}/activate?token=${token}`;
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: customer.email,
    customerId: customer.id,
    subject: translate(ctx.locale, 'identity.email.confirm.subject'),
    body: translate(ctx.locale, 'identity.email.confirm.body', { name: customer.firstName, link }),
    meta: { purpose: 'email_confirm', link },
  });
}

/**
 * Creates (or, while still pending, replaces) a customer awaiting mobile proof, sends the
 * SMS code and the email confirmation link. Throws 409 mobile_taken for an active account
 * and 429 when SMS limits are reached.
 */
export async function registerCustomer(
  db: Db,
  input: RegisterInput,
  ctx: RequestContext,
  now: Date,
): Promise<{ customer: CustomerRow; resendAfter: number }> {
  const existing = await findCustomerByMobile(db, input.mobile);
  if (existing && existing.status !== 'pending') {
    throw identityErrors.mobileTaken(
      {},
      {
        fieldErrors: {
          mobile: ['identity.register.mobile_taken'],
        },
      },
    );
  }
  assertCooldown(existing ? await lastCodeSentAt(db, input.mobile, 'sms_activation') : undefined, now);
  await hitSmsLimits(db, input.mobile, ctx.ip, now);
  // One active account per email (issue 23); a pending sign-up does not hold its address.
  // Checked after the SMS limits, so that asking which emails have accounts is throttled.
  await assertEmailFree(db, input.email, existing?.id);
  const values = {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    mobile: input.mobile,
    mobileCountryCode: input.mobile_country_code,
    birthday: input.birthday ?? null,
    gender: input.gender ?? null,
    passwordHash: await hashPassword(input.password),
    marketingConsent: input.marketing_consent,
    invoiceByEmail: input.invoice_by_email,
    locale: ctx.locale,
    status: 'pending',
  };
  try {
    const customer = await db.transaction(async (tx) => {
      const current = await findCustomerByMobile(tx, input.mobile);
      if (current && current.status !== 'pending') {
        throw identityErrors.mobileTaken();
      }
      const row = current
        ? (await updateCustomer(tx, current.id, { ...values, emailVerifiedAt: null }))!
        : await insertCustomer(tx, values);
      await sendActivationSms(tx, row, ctx.locale, now);
      await sendEmailConfirmation(tx, row, ctx, now);
      await audit(tx, {
        actor: auditActors.customer(row.id),
        action: current ? 'customer.registration_repeated' : 'customer.registered',
        entity: 'customer',
        entityId: row.id,
        data: { ip: ctx.ip, marketing_consent: input.marketing_consent },
      });
      return row;
    });
    return { customer, resendAfter: SMS_RESEND_COOLDOWN_SECONDS };
  } catch (err) {
    // Two registrations of one number at the same instant: the loser gets the 409.
    if (isUniqueViolation(err)) throw identityErrors.mobileTaken();
    throw err;
  }
}

async function pendingCustomer(db: DbOrTx, mobile: string): Promise<CustomerRow> {
  const customer = await findCustomerByMobile(db, mobile);
  if (!customer || customer.status !== 'pending') {
    throw identityErrors.notPending();
  }
  return customer;
}

/** Sends a new activation code after the cool-down, within the SMS limits. */
export async function resendActivationCode(
  db: Db,
  mobile: string,
  ctx: RequestContext,
  now: Date,
): Promise<{ resendAfter: number }> {
  await hitLimit(db, { key: `activate:ip:${ctx.ip}`, ...ACTIVATE_LIMIT_PER_IP }, now);
  const customer = await pendingCustomer(db, mobile);
  assertCooldown(await lastCodeSentAt(db, mobile, 'sms_activation'), now);
  await hitSmsLimits(db, mobile, ctx.ip, now);
  await db.transaction(async (tx) => {
    await sendActivationSms(tx, customer, (customer.locale as Locale) ?? ctx.locale, now);
  });
  return { resendAfter: SMS_RESEND_COOLDOWN_SECONDS };
}

/**
 * Proves the mobile with the SMS code: activates the customer, gives them the tickets
 * transferred to their number before they had an account, and opens a session.
 */
export async function activateCustomer(
  db: Db,
  input: { mobile: string; code: string },
  ctx: { ip: string },
  now: Date,
): Promise<{ token: string; customer: CustomerRow; claimedTickets: number }> {
  await hitLimit(db, { key: `activate:ip:${ctx.ip}`, ...ACTIVATE_LIMIT_PER_IP }, now);
  const customer = await pendingCustomer(db, input.mobile);
  await verifySmsCode(db, { target: input.mobile, purpose: 'sms_activation', code: input.code }, now);
  // another account may have become active with this email since the sign-up
  await assertEmailFree(db, customer.email ?? '', customer.id);
  try {
    return await activate(db, customer, input.mobile, ctx, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

function activate(db: Db, customer: CustomerRow, mobile: string, ctx: { ip: string }, now: Date) {
  return db.transaction(async (tx) => {
    const active = await markMobileVerified(tx, customer.id, now);
    if (!active) throw identityErrors.notPending();
    const claimedTickets = await claimPendingTickets(tx, active.id, mobile);
    const token = await createSession(tx, active.id, now);
    await audit(tx, {
      actor: auditActors.customer(active.id),
      action: 'customer.activated',
      entity: 'customer',
      entityId: active.id,
      data: { ip: ctx.ip, claimed_tickets: claimedTickets },
    });
    return { token, customer: active, claimedTickets };
  });
}
