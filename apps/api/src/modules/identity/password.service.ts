import type { Locale } from '@bilheteira/shared/locales';
import type { Db } from '../../db/client';
import { translate } from '../../i18n/messages';
import { audit, auditActors } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { identityErrors } from './identity.errors';
import { enqueueMessage } from '../../lib/outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hitLimit, resetLimit } from '../../lib/rate-limit';
import { findCustomerById, findCustomerByMobile, findEventSlug, updateCustomer } from './customer.repository';
import { LOGIN_LIMITS } from './login.service';
import { checkLinkToken, issueLinkToken, linkTokenState, useLinkToken } from './one-time-code.service';
import { revokeAllSessions, revokeOtherSessions } from './session.repository';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_LIMITS = {
  perNumber: { max: 3, windowSeconds: 10 * 60 },
  perIp: { max: 10, windowSeconds: 10 * 60 },
};
/** Setting the new password: guesses of links per IP, and argon2 work per account's live link. */
export const RESET_PASSWORD_LIMITS = {
  perIp: { max: 20, windowSeconds: 15 * 60 },
  perCustomer: { max: 5, windowSeconds: 15 * 60 },
};

/**
 * Emails a single-use reset link (1 hour) to the account of this mobile, or sends it by SMS
 * when the account has no confirmed email. The answer is the same whether the number has an account
 * or not; the limits count both. The link stays inside the mini-site when the request came
 * from one (Event-Id header).
 */
export async function requestPasswordReset(
  db: Db,
  input: { mobile: string; eventId: number | null },
  ctx: { ip: string; locale: Locale; publicUrl: string },
  now: Date,
): Promise<void> {
  await hitLimit(db, { key: `reset:ip:${ctx.ip}`, ...RESET_LIMITS.perIp }, now);
  await hitLimit(db, { key: `reset:number:${input.mobile}`, ...RESET_LIMITS.perNumber }, now);
  const customer = await findCustomerByMobile(db, input.mobile);
  if (!customer || customer.status === 'erased') return;
  const slug = input.eventId ? await findEventSlug(db, input.eventId) : undefined;
  // the person asking reads it now: the language they ask in (customer-language.service.ts)
  const locale = ctx.locale;
  // a reset link is a key to the account: only to an email its owner confirmed (issue 23),
  // else to the proved mobile
  const byEmail = !!customer.email && !!customer.emailVerifiedAt;
  await db.transaction(async (tx) => {
    const token = await issueLinkToken(
      tx,
      { customerId: customer.id, target: input.mobile, purpose: 'password_reset', ttlMs: RESET_TOKEN_TTL_MS },
      now,
    );
    const link = slug
      ? `${ctx.publicUrl}/site/${encodeURIComponent(slug)}/account/reset-password/${token}`
      : `${ctx.publicUrl}/dashboard/reset-password/${token}`;
    if (byEmail) {
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: customer.email!,
        customerId: customer.id,
        subject: translate(locale, 'identity.email.reset.subject'),
        body: translate(locale, 'identity.email.reset.body', { name: customer.firstName, link }),
        meta: { purpose: 'password_reset', link },
      });
    } else {
      await enqueueMessage(tx, {
        channel: 'sms',
        recipient: input.mobile,
        customerId: customer.id,
        body: translate(locale, 'identity.sms.reset', { link }),
        meta: { purpose: 'password_reset', link },
      });
    }
    await audit(tx, {
      actor: auditActors.customer(customer.id),
      action: 'customer.password_reset_requested',
      entity: 'customer',
      entityId: customer.id,
      data: { ip: ctx.ip, via: byEmail ? 'email' : 'sms', site: slug ?? null },
    });
  });
}

/**
 * Whether an emailed reset link still works, asked when the page opens (issue 25 item 16), so
 * an expired or used link says so before the person types a new password. Throws 400
 * link_expired, link_used or link_invalid; 429 when asked too often from one address.
 */
export async function checkResetLink(db: Db, token: string, ctx: { ip: string }, now: Date): Promise<void> {
  await hitLimit(db, { key: `reset-link-check:ip:${ctx.ip}`, ...RESET_PASSWORD_LIMITS.perIp }, now);
  const { state } = await linkTokenState(db, token, 'password_reset', now);
  if (state === 'expired') throw identityErrors.linkExpired();
  if (state === 'used') throw identityErrors.linkUsed();
  if (state === 'unknown') throw identityErrors.linkInvalid();
}

/**
 * Sets a new password from a reset link (single use) and ends every session of the
 * customer. Throws 400 link_invalid (checked before any hashing), 429 past the limits per
 * IP or per account.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  ctx: { ip: string },
  now: Date,
): Promise<void> {
  await hitLimit(db, { key: `reset-password:ip:${ctx.ip}`, ...RESET_PASSWORD_LIMITS.perIp }, now);
  // The link first: an unknown, used or expired one answers 400 without the cost of hashing.
  const live = await checkLinkToken(db, input.token, 'password_reset', now);
  await hitLimit(
    db,
    { key: `reset-password:customer:${live.customerId}`, ...RESET_PASSWORD_LIMITS.perCustomer },
    now,
  );
  const passwordHash = await hashPassword(input.password);
  const mobile = await db.transaction(async (tx) => {
    // still decides atomically: of two concurrent uses of one link, one wins
    const row = await useLinkToken(tx, input.token, 'password_reset', now);
    const customer = await findCustomerById(tx, row.customerId);
    if (!customer || customer.status === 'erased') {
      throw identityErrors.linkInvalid();
    }
    await updateCustomer(tx, customer.id, { passwordHash });
    await revokeAllSessions(tx, customer.id, now);
    await audit(tx, {
      actor: auditActors.customer(customer.id),
      action: 'customer.password_reset',
      entity: 'customer',
      entityId: customer.id,
      data: { ip: ctx.ip },
    });
    return customer.mobile;
  });
  // A successful reset (the owner proved the phone or email) lifts the account's slowdown.
  if (mobile) {
    await resetLimit(db, `login:acct:${mobile}`);
    await resetLimit(db, `login:acct-wait:${mobile}`);
  }
}

/**
 * Changes the password (account page): checks the current one under the login limits,
 * keeps this session and ends the others. Throws 422 wrong_password, 429.
 */
export async function changePassword(
  db: Db,
  input: { customerId: number; sessionId: number; oldPassword: string; password: string },
  ctx: { ip: string },
  now: Date,
): Promise<void> {
  const customer = await findCustomerById(db, input.customerId);
  if (!customer?.mobile) throw notFound();
  await hitLimit(db, { key: `login:ip:${ctx.ip}`, ...LOGIN_LIMITS.perIp }, now);
  // per session holder: failed logins from elsewhere never stop the owner changing it
  const changeKey = `change-password:customer:${customer.id}`;
  await hitLimit(db, { key: changeKey, ...LOGIN_LIMITS.changePerCustomer }, now);
  const ok = customer.passwordHash ? await verifyPassword(customer.passwordHash, input.oldPassword) : false;
  if (!ok) {
    throw identityErrors.wrongPassword(
      {},
      {
        fieldErrors: {
          old_password: ['identity.password.wrong_old'],
        },
      },
    );
  }
  await resetLimit(db, changeKey);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateCustomer(tx, customer.id, { passwordHash });
    await revokeOtherSessions(tx, customer.id, input.sessionId, now);
    await audit(tx, {
      actor: auditActors.customer(customer.id),
      action: 'customer.password_changed',
      entity: 'customer',
      entityId: customer.id,
      data: { ip: ctx.ip },
    });
  });
}
