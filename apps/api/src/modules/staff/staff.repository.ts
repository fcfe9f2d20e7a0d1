import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  organizerMembers,
  organizers,
  staffInvitations,
  staffRecoveryCodes,
  staffSessions,
  staffUsers,
} from '../../db/schema/index';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type InvitationRow = typeof staffInvitations.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffUserRow | undefined> {
  return (await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1))[0];
}

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffUserRow | undefined> {
  return (await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1))[0];
}

export async function lockStaffUser(db: DbOrTx, id: number): Promise<StaffUserRow | undefined> {
  return (await db.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update'))[0];
}

export async function insertStaffUser(
  db: DbOrTx,
  values: Pick<
    typeof staffUsers.$inferInsert,
    'email' | 'name' | 'passwordHash' | 'platformRole' | 'totpSecret' | 'totpEnabledAt'
  >,
): Promise<StaffUserRow> {
  return (await db.insert(staffUsers).values(values).returning())[0]!;
}

export async function updateStaffUser(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<StaffUserRow, 'totpSecret' | 'totpPendingSecret' | 'totpEnabledAt' | 'totpLastStep'>>,
): Promise<void> {
  await db.update(staffUsers).set(values).where(eq(staffUsers.id, id));
}

export async function insertStaffSession(
  db: DbOrTx,
  values: typeof staffSessions.$inferInsert,
): Promise<number> {
  return (await db.insert(staffSessions).values(values).returning({ id: staffSessions.id }))[0]!.id;
}

/** The live session of a token hash and its active user. */
export async function findLiveStaffSession(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ session: staffSessions, user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staffUsers.status, 'active'),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function touchStaffSession(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<StaffSessionRow, 'lastSeenAt' | 'secondFactorAt' | 'revokedAt' | 'expiresAt'>>,
): Promise<void> {
  await db.update(staffSessions).set(values).where(eq(staffSessions.id, id));
}

/** A user's live sessions, newest first. */
export async function listStaffSessions(db: DbOrTx, userId: number, now: Date): Promise<StaffSessionRow[]> {
  return db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt));
}

/** Revokes one of the user's sessions; false when it is not theirs or not live. */
export async function revokeStaffSession(
  db: DbOrTx,
  userId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)),
    )
    .returning({ id: staffSessions.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code of the user; false when there is none with that hash. */
export async function useRecoveryCode(
  db: DbOrTx,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

/** The user's organisers with their role, by organiser name. */
export async function membershipsOf(db: DbOrTx, userId: number) {
  return db
    .select({
      organizerId: organizers.id,
      organizerName: organizers.name,
      organizerSlug: organizers.slug,
      role: organizerMembers.role,
    })
    .from(organizerMembers)
    .innerJoin(organizers, eq(organizers.id, organizerMembers.organizerId))
    .where(eq(organizerMembers.userId, userId))
    .orderBy(organizers.name);
}

export async function findMembership(db: DbOrTx, organizerId: number, userId: number) {
  const rows = await db
    .select()
    .from(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function insertMembership(db: DbOrTx, organizerId: number, userId: number, role: string) {
  const rows = await db
    .insert(organizerMembers)
    .values({ organizerId, userId, role })
    .onConflictDoNothing()
    .returning({ id: organizerMembers.id });
  return rows.length > 0;
}

/** The organiser's members (locked, so owner counts hold until the transaction ends). */
export async function lockMembers(db: DbOrTx, organizerId: number) {
  return db
    .select()
    .from(organizerMembers)
    .where(eq(organizerMembers.organizerId, organizerId))
    .orderBy(organizerMembers.id)
    .for('update');
}

export async function listMembers(db: DbOrTx, organizerId: number) {
  return db
    .select({
      userId: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      role: organizerMembers.role,
      secondFactor: sql<boolean>`${staffUsers.totpEnabledAt} IS NOT NULL`,
      since: organizerMembers.createdAt,
    })
    .from(organizerMembers)
    .innerJoin(staffUsers, eq(staffUsers.id, organizerMembers.userId))
    .where(eq(organizerMembers.organizerId, organizerId))
    .orderBy(staffUsers.name);
}

export async function setMemberRole(db: DbOrTx, organizerId: number, userId: number, role: string) {
  await db
    .update(organizerMembers)
    .set({ role })
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
}

export async function deleteMember(db: DbOrTx, organizerId: number, userId: number) {
  await db
    .delete(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, userId)));
}

export async function findOrganizerName(db: DbOrTx, organizerId: number): Promise<string | undefined> {
  const rows = await db
    .select({ name: organizers.name })
    .from(organizers)
    .where(eq(organizers.id, organizerId));
  return rows[0]?.name;
}

/** Revokes the open invitation of this email to this organiser, if any (a new one replaces it). */
export async function revokeOpenInvitation(db: DbOrTx, organizerId: number, email: string, now: Date) {
  await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffInvitations.organizerId, organizerId),
        eq(staffInvitations.email, email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    );
}

/** An invitation still open at `now`: not accepted, not revoked, not expired. */
const isOpenInvitation = (now: Date) =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

/** One open invitation of this organiser (locked). */
export async function lockOpenInvitationById(tx: DbOrTx, organizerId: number, id: number, now: Date) {
  const rows = await tx
    .select()
    .from(staffInvitations)
    .where(
      and(eq(staffInvitations.id, id), eq(staffInvitations.organizerId, organizerId), isOpenInvitation(now)),
    )
    .for('update');
  return rows[0];
}

export async function markInvitationRevoked(tx: DbOrTx, id: number, now: Date) {
  await tx.update(staffInvitations).set({ revokedAt: now }).where(eq(staffInvitations.id, id));
}

export async function insertInvitation(db: DbOrTx, values: typeof staffInvitations.$inferInsert) {
  return (await db.insert(staffInvitations).values(values).returning())[0]!;
}

/** An open invitation by token hash (locked). */
export async function lockOpenInvitation(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.tokenHash, tokenHash), isOpenInvitation(now)))
    .for('update');
  return rows[0];
}

export async function markInvitationAccepted(db: DbOrTx, id: number, now: Date) {
  await db.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, id));
}

export async function listOpenInvitations(db: DbOrTx, organizerId: number, now: Date) {
  return db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.organizerId, organizerId), isOpenInvitation(now)))
    .orderBy(staffInvitations.email);
}
