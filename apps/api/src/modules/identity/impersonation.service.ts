import type { Db } from '../../db/client';
import { audit, auditActors } from '../../lib/audit';
import { identityErrors } from './identity.errors';
import { findCustomerByMobile } from './customer.repository';
import { issueLinkToken, useLinkToken } from './one-time-code.service';
import { createSession } from './session.service';
import './identity.messages';

/** The token support staff receive lives 5 minutes and works once (issue 4 item 8). */
export const IMPERSONATION_TOKEN_TTL_MS = 5 * 60_000;
/** An impersonated session is short: one support call. */
export const IMPERSONATION_SESSION_TTL_MS = 60 * 60_000;

/**
 * The one refusal of a support (impersonated) session (issue 23 item 7): 403, nothing
 * changed. Field errors name the locked fields a form tried to change.
 */
export const supportSessionForbidden = (fieldErrors: Record<string, string[]> = {}) =>
  identityErrors.impersonationForbidden({}, { fieldErrors });

const OPERATOR_PATTERN = /^[\w.@+-]{1,80}$/;

/**
 * Issues a single-use impersonation token for the customer of this mobile, on behalf of
 * a named operator. Throws 404 when no such customer, 400 for an invalid operator name.
 */
export async function issueImpersonationToken(
  db: Db,
  input: { mobile: string; operator: string; publicUrl: string; via: 'ops' | 'api' },
  now: Date,
): Promise<{ token: string; url: string; expiresAt: Date; customerId: number }> {
  if (!OPERATOR_PATTERN.test(input.operator)) throw identityErrors.invalidOperator();
  const customer = await findCustomerByMobile(db, input.mobile);
  if (!customer || customer.status === 'erased') {
    throw identityErrors.impersonationUnknownCustomer();
  }
  return db.transaction(async (tx) => {
    const token = await issueLinkToken(
      tx,
      {
        customerId: customer.id,
        target: input.mobile,
        purpose: 'impersonation',
        ttlMs: IMPERSONATION_TOKEN_TTL_MS,
        data: { operator: input.operator },
      },
      now,
    );
    await audit(tx, {
      actor: auditActors.support(input.operator),
      action: 'impersonation.issued',
      entity: 'customer',
      entityId: customer.id,
      data: { via: input.via },
    });
    return {
      token,
      url: `${input.publicUrl}/dashboard/impersonate?token=${token}`,
      expiresAt: new Date(now.getTime() + IMPERSONATION_TOKEN_TTL_MS),
      customerId: customer.id,
    };
  });
}

/** Exchanges an impersonation token for a session marked with the operator. Throws 400 link_invalid. */
export async function startImpersonation(
  db: Db,
  input: { token: string; ip: string },
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await useLinkToken(tx, input.token, 'impersonation', now);
    const operator = String(row.data?.operator ?? 'support');
    const session = await createSession(tx, row.customerId, now, {
      impersonatedBy: operator,
      ttlMs: IMPERSONATION_SESSION_TTL_MS,
    });
    await audit(tx, {
      actor: auditActors.support(operator),
      action: 'impersonation.started',
      entity: 'customer',
      entityId: row.customerId,
      data: { ip: input.ip },
    });
    return session;
  });
}
