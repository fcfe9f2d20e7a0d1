/**
 * Back-office sign-in: email and password, then the second factor (TOTP or a recovery code)
 * where the user has one or must have one (owners, admins, finance, platform operators).
 */
import { isRole, permissionsOf, SECOND_FACTOR_ROLES } from '@bilheteira/shared/backoffice-roles';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import type { Db, DbOrTx } from '../../db/client';
import { audit, setAuditScope } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { hitLimit } from '../../lib/rate-limit';
import { staffErrors } from './staff.errors';
import {
  findStaffByEmail,
  listStaffSessions,
  lockStaffUser,
  membershipsOf,
  replaceRecoveryCodes,
  revokeStaffSession,
  updateStaffUser,
  useRecoveryCode,
  type StaffSessionRow,
  type StaffUserRow,
} from './staff.repository';
import { completeSecondFactor, csrfTokenOf, startStaffSession } from './staff-session.service';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';

/** Where a session stands: working, waiting for the code, or the user must first set up TOTP. */
export type SessionState = 'complete' | 'second_factor' | 'totp_setup';

export const staffActor = (userId: number): string => `staff:${userId}`;

const LOGIN_LIMITS = (email: string, ip: string) => [
  { key: `staff-login:email:${email}`, max: 10, windowSeconds: 900 },
  { key: `staff-login:ip:${ip}`, max: 30, windowSeconds: 900 },
];
const CODE_LIMIT = (userId: number) => ({ key: `staff-2fa:${userId}`, max: 10, windowSeconds: 900 });
const RECOVERY_CODES = 10;

/** True when the user must give a second factor: they have one, or a role or platform role needs it. */
export async function secondFactorNeeded(db: DbOrTx, user: StaffUserRow): Promise<boolean> {
  if (user.totpEnabledAt || user.platformRole) return true;
  const roles = (await membershipsOf(db, user.id)).map((m) => m.role);
  return roles.some((r) => isRole(r) && SECOND_FACTOR_ROLES.includes(r));
}

export async function sessionState(
  db: DbOrTx,
  user: StaffUserRow,
  session: StaffSessionRow,
): Promise<SessionState> {
  if (session.secondFactorAt) return 'complete';
  if (user.totpEnabledAt) return 'second_factor';
  return (await secondFactorNeeded(db, user)) ? 'totp_setup' : 'complete';
}

/**
 * Checks email and password (rate-limited per email and per address) and opens a session:
 * working at once when no second factor is needed, else waiting for it. One answer for an
 * unknown email and a wrong password, in the same time.
 */
export async function loginStaff(
  db: Db,
  input: { email: string; password: string; ip: string; userAgent: string },
  now: Date,
) {
  for (const limit of LOGIN_LIMITS(input.email, input.ip)) await hitLimit(db, limit, now);
  const user = await findStaffByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  if (!user || !ok || user.status !== 'active') throw staffErrors.invalidCredentials();
  const secondFactorDone = !(await secondFactorNeeded(db, user));
  const session = await startStaffSession(db, { ...input, userId: user.id, secondFactorDone }, now);
  // the sign-in is the new session's first entry (its IP and browser in the activity log)
  setAuditScope({ staffSessionId: session.sessionId });
  await audit(db, {
    actor: staffActor(user.id),
    action: 'staff.login',
    entity: 'staff_user',
    entityId: user.id,
  });
  const state: SessionState = secondFactorDone
    ? 'complete'
    : user.totpEnabledAt
      ? 'second_factor'
      : 'totp_setup';
  return { ...session, user, state };
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/-/g, '');

/** A TOTP code (never the same step twice) or an unused recovery code completes the session. */
export async function giveSecondFactor(
  db: Db,
  session: StaffSessionRow,
  code: string,
  now: Date,
): Promise<Date> {
  await hitLimit(db, CODE_LIMIT(session.userId), now);
  return db.transaction(async (tx) => {
    const user = (await lockStaffUser(tx, session.userId))!;
    let how: 'totp' | 'recovery_code';
    if (/^\d{6}$/.test(code)) {
      const step = user.totpSecret
        ? await acceptedTotpStep(user.totpSecret, code, now, user.totpLastStep)
        : null;
      if (step === null) throw staffErrors.invalidCode();
      await updateStaffUser(tx, user.id, { totpLastStep: step });
      how = 'totp';
    } else {
      if (!(await useRecoveryCode(tx, user.id, sha256(normalizeRecoveryCode(code)), now)))
        throw staffErrors.invalidCode();
      how = 'recovery_code';
    }
    const expiresAt = await completeSecondFactor(tx, session.id, now);
    await audit(tx, {
      actor: staffActor(user.id),
      action: 'staff.second_factor',
      entity: 'staff_user',
      entityId: user.id,
      data: { how },
    });
    return expiresAt;
  });
}

/** Starts TOTP set-up: a new secret (kept pending until a code proves the app has it). */
export async function startTotpSetup(db: Db, user: StaffUserRow) {
  if (user.totpEnabledAt) throw staffErrors.totpAlreadyEnabled();
  const secret = newTotpSecret();
  await updateStaffUser(db, user.id, { totpPendingSecret: secret });
  return { secret, otpauthUri: totpUri(user.email, secret) };
}

/**
 * A code from the app turns the pending secret on, completes this session and answers the
 * recovery codes, shown once (only their hashes are kept).
 */
export async function enableTotp(
  db: Db,
  session: StaffSessionRow,
  code: string,
  now: Date,
): Promise<{ recoveryCodes: string[]; expiresAt: Date }> {
  await hitLimit(db, CODE_LIMIT(session.userId), now);
  return db.transaction(async (tx) => {
    const user = (await lockStaffUser(tx, session.userId))!;
    if (user.totpEnabledAt) throw staffErrors.totpAlreadyEnabled();
    if (!user.totpPendingSecret) throw staffErrors.totpNotStarted();
    const step = await acceptedTotpStep(user.totpPendingSecret, code, now, null);
    if (step === null) throw staffErrors.invalidCode();
    await updateStaffUser(tx, user.id, {
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpEnabledAt: now,
      totpLastStep: step,
    });
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
      const raw = randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .padEnd(8, '0')
        .slice(0, 8);
      return `${raw.slice(0, 4)}-${raw.slice(4)}`;
    });
    await replaceRecoveryCodes(
      tx,
      user.id,
      recoveryCodes.map((c) => sha256(normalizeRecoveryCode(c))),
    );
    const expiresAt = await completeSecondFactor(tx, session.id, now);
    await audit(tx, {
      actor: staffActor(user.id),
      action: 'staff.totp_enabled',
      entity: 'staff_user',
      entityId: user.id,
    });
    return { recoveryCodes, expiresAt };
  });
}

/** The signed-in user as the back office reads it: organisers, roles and permissions, CSRF token. */
export async function staffMe(
  db: DbOrTx,
  user: StaffUserRow,
  token: string,
  state: SessionState,
): Promise<StaffMe> {
  const memberships = (await membershipsOf(db, user.id)).flatMap((m) =>
    isRole(m.role)
      ? [
          {
            organizer_id: m.organizerId,
            organizer_name: m.organizerName,
            organizer_slug: m.organizerSlug,
            role: m.role,
            permissions: permissionsOf(m.role),
          },
        ]
      : [],
  );
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    platform_role: user.platformRole,
    second_factor_enabled: user.totpEnabledAt !== null,
    state,
    csrf_token: csrfTokenOf(token),
    memberships,
  };
}

/** The user's live sessions, the current one marked. */
export async function sessionsOf(db: DbOrTx, user: StaffUserRow, currentId: number, now: Date) {
  return (await listStaffSessions(db, user.id, now)).map((s) => ({
    id: s.id,
    current: s.id === currentId,
    user_agent: s.userAgent,
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    second_factor: s.secondFactorAt !== null,
  }));
}

/** Ends one of the user's sessions (audited); false when it is not theirs or not live. */
export async function endStaffSession(
  db: DbOrTx,
  user: StaffUserRow,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const ended = await revokeStaffSession(db, user.id, sessionId, now);
  if (ended)
    await audit(db, {
      actor: staffActor(user.id),
      action: 'staff.session_ended',
      entity: 'staff_user',
      entityId: user.id,
      data: { session: sessionId },
    });
  return ended;
}
