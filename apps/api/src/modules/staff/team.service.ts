/**
 * An organiser's team: invitations by email with a role preset, acceptance (a new account,
 * or an existing one signed in) or withdrawal, role changes and removal. Only an owner makes or unmakes
 * owners, and a team always keeps one owner.
 */
import { isRole, mayAssignRole, type Role } from '@bilheteira/shared/backoffice-roles';
import type { Locale } from '@bilheteira/shared/locales';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { enqueueMessage } from '../../lib/outbox';
import { hashPassword } from '../../lib/passwords';
import { translate } from '../../i18n/messages';
import { staffErrors } from './staff.errors';
import { staffActor } from './staff-auth.service';
import {
  deleteMember,
  findMembership,
  findOrganizerName,
  findStaffByEmail,
  insertInvitation,
  insertMembership,
  insertStaffUser,
  listMembers,
  listOpenInvitations,
  lockMembers,
  lockOpenInvitation,
  lockOpenInvitationById,
  markInvitationAccepted,
  markInvitationRevoked,
  revokeOpenInvitation,
  setMemberRole,
  type StaffUserRow,
} from './staff.repository';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** Who acts on a team: a member with their role, or the platform (an approval). */
export type TeamActor = { userId: number; role: Role } | { platform: string };

const actorName = (a: TeamActor) => ('platform' in a ? a.platform : staffActor(a.userId));

/**
 * Creates an invitation (replacing an open one to the same email) and emails its link, in the
 * caller's transaction. The link carries the only copy of the token.
 */
export async function createInvitation(
  tx: Tx,
  input: {
    organizerId: number;
    email: string;
    role: Role;
    actor: TeamActor;
    backofficeUrl: string;
    locale: Locale;
  },
  now: Date,
): Promise<void> {
  const organizer = await findOrganizerName(tx, input.organizerId);
  if (!organizer) throw notFound();
  await revokeOpenInvitation(tx, input.organizerId, input.email, now);
  const token = randomToken();
  const invitation = await insertInvitation(tx, {
    organizerId: input.organizerId,
    email: input.email,
    role: input.role,
    tokenHash: sha256(token),
    invitedBy: 'userId' in input.actor ? input.actor.userId : null,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  const link = `${input.backofficeUrl.replace(/\/$/, '')}/invitations/${token}`;
  const role = translate(input.locale, `staff.role.${input.role}`);
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: input.email,
    subject: translate(input.locale, 'staff.invitation_email_subject', { organizer }),
    body: translate(input.locale, 'staff.invitation_email_body', { organizer, role, link }),
    meta: { link, kind: 'staff_invitation' },
  });
  await audit(tx, {
    actor: actorName(input.actor),
    action: 'team.invited',
    entity: 'organizer',
    entityId: input.organizerId,
    data: { invitation: invitation.id, email: input.email, role: input.role },
  });
}

/** A member invites someone: only roles they may give, and not someone already in the team. */
export async function inviteMember(
  db: Db,
  input: {
    organizerId: number;
    email: string;
    role: Role;
    actor: { userId: number; role: Role };
    backofficeUrl: string;
    locale: Locale;
  },
  now: Date,
): Promise<void> {
  if (!mayAssignRole(input.actor.role, input.role)) throw staffErrors.roleNotAllowed();
  await db.transaction(async (tx) => {
    const existing = await findStaffByEmail(tx, input.email);
    if (existing && (await findMembership(tx, input.organizerId, existing.id)))
      throw staffErrors.alreadyMember();
    await createInvitation(tx, input, now);
  });
}

/** What the invitation page shows before accepting. */
export async function previewInvitation(db: Db, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, sha256(token), now);
    if (!invitation || !isRole(invitation.role)) throw staffErrors.invitationInvalid();
    return {
      organizerName: (await findOrganizerName(tx, invitation.organizerId)) ?? '',
      email: invitation.email,
      role: invitation.role,
      accountExists: (await findStaffByEmail(tx, invitation.email)) !== undefined,
    };
  });
}

async function join(
  tx: Tx,
  invitation: { id: number; organizerId: number; role: string },
  user: StaffUserRow,
  now: Date,
) {
  await insertMembership(tx, invitation.organizerId, user.id, invitation.role);
  await markInvitationAccepted(tx, invitation.id, now);
  await audit(tx, {
    actor: staffActor(user.id),
    action: 'team.joined',
    entity: 'organizer',
    entityId: invitation.organizerId,
    data: { invitation: invitation.id, role: invitation.role },
  });
}

/** A new person accepts: their account is made with this name and password, then they sign in. */
export async function acceptInvitation(
  db: Db,
  token: string,
  input: { name: string; password: string },
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, sha256(token), now);
    if (!invitation) throw staffErrors.invitationInvalid();
    if (await findStaffByEmail(tx, invitation.email)) throw staffErrors.accountExists();
    const user = await insertStaffUser(tx, {
      email: invitation.email,
      name: input.name,
      passwordHash,
      platformRole: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    await join(tx, invitation, user, now);
  });
}

/** Someone with an account, signed in with the invited email, joins the team. */
export async function joinWithAccount(db: Db, token: string, user: StaffUserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, sha256(token), now);
    if (!invitation || invitation.email !== user.email) throw staffErrors.invitationInvalid();
    await join(tx, invitation, user, now);
  });
}

/** Withdraws an open invitation (its link stops working), if the actor may give its role. */
export async function revokeInvitation(
  db: Db,
  input: { organizerId: number; invitationId: number; actor: { userId: number; role: Role } },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockOpenInvitationById(tx, input.organizerId, input.invitationId, now);
    if (!invitation) throw notFound();
    if (!isRole(invitation.role) || !mayAssignRole(input.actor.role, invitation.role))
      throw staffErrors.roleNotAllowed();
    await markInvitationRevoked(tx, invitation.id, now);
    await audit(tx, {
      actor: staffActor(input.actor.userId),
      action: 'team.invitation_revoked',
      entity: 'organizer',
      entityId: input.organizerId,
      data: { invitation: invitation.id, email: invitation.email, role: invitation.role },
    });
  });
}

/** Changes a member's role, or removes them (role null); the team keeps an owner. */
export async function changeMember(
  db: Db,
  input: { organizerId: number; userId: number; role: Role | null; actor: { userId: number; role: Role } },
): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, input.organizerId);
    const target = members.find((m) => m.userId === input.userId);
    if (!target) throw notFound();
    const touchesOwner = target.role === 'owner' || input.role === 'owner';
    if (touchesOwner && input.actor.role !== 'owner') throw staffErrors.roleNotAllowed();
    if (input.role && !mayAssignRole(input.actor.role, input.role)) throw staffErrors.roleNotAllowed();
    const owners = members.filter((m) => m.role === 'owner').length;
    if (target.role === 'owner' && input.role !== 'owner' && owners <= 1) throw staffErrors.lastOwner();
    if (input.role) await setMemberRole(tx, input.organizerId, input.userId, input.role);
    else await deleteMember(tx, input.organizerId, input.userId);
    await audit(tx, {
      actor: staffActor(input.actor.userId),
      action: input.role ? 'team.role_changed' : 'team.removed',
      entity: 'organizer',
      entityId: input.organizerId,
      data: { user: input.userId, from: target.role, to: input.role },
    });
  });
}

/** The organiser's members and open invitations, as the back office shows them. */
export async function teamOf(db: Db, organizerId: number, now: Date) {
  const members = await listMembers(db, organizerId);
  const invitations = await listOpenInvitations(db, organizerId, now);
  return {
    members: members.flatMap((m) =>
      isRole(m.role)
        ? [{ user_id: m.userId, name: m.name, email: m.email, role: m.role, second_factor: m.secondFactor }]
        : [],
    ),
    invitations: invitations.flatMap((i) =>
      isRole(i.role)
        ? [{ id: i.id, email: i.email, role: i.role, expires_at: i.expiresAt.toISOString() }]
        : [],
    ),
  };
}
