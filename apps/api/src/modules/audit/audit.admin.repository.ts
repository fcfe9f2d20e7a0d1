import { and, asc, desc, eq, gte, inArray, like, lt, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  events,
  organizerMembers,
  organizers,
  staffSessions,
  staffUsers,
} from '../../db/schema/index';

export interface ActivityFilter {
  /** null: every organiser's entries and the platform's (operators only) */
  organizerId: number | null;
  actor?: string;
  action?: string;
  eventId?: number;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

/**
 * A page of the activity log, newest first, by id: with an organiser, its partial index
 * (organizer_id, id) or the event's (event_id, id); without one, the primary key backwards.
 * The other filters narrow what those indexes give. Returned unawaited so tests can EXPLAIN it.
 */
export function activityPageQuery(db: DbOrTx, f: ActivityFilter) {
  const where: (SQL | undefined)[] = [
    f.organizerId === null ? undefined : eq(auditLog.organizerId, f.organizerId),
    f.eventId === undefined ? undefined : eq(auditLog.eventId, f.eventId),
    f.actor === undefined ? undefined : eq(auditLog.actor, f.actor),
    f.action === undefined
      ? undefined
      : or(eq(auditLog.action, f.action), like(auditLog.action, `${f.action}.%`)),
    f.from === undefined ? undefined : gte(auditLog.createdAt, f.from),
    f.to === undefined ? undefined : lt(auditLog.createdAt, f.to),
    f.before === undefined ? undefined : lt(auditLog.id, f.before),
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(f.limit);
}

export type ActivityRow = typeof auditLog.$inferSelect;

export async function staffByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      platformRole: staffUsers.platformRole,
    })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
}

export async function eventsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, ids));
}

export async function organizersByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .where(inArray(organizers.id, ids));
}

export async function sessionsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: staffSessions.id, ip: staffSessions.ip, userAgent: staffSessions.userAgent })
    .from(staffSessions)
    .where(inArray(staffSessions.id, ids));
}

/** The organiser's team members, for the actor filter. */
export async function membersOf(db: DbOrTx, organizerId: number) {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(organizerMembers)
    .innerJoin(staffUsers, eq(staffUsers.id, organizerMembers.userId))
    .where(eq(organizerMembers.organizerId, organizerId))
    .orderBy(asc(staffUsers.name));
}

/** Every organiser (id and name), for the operators' organiser filter. */
export async function allOrganizers(db: DbOrTx) {
  return db
    .select({ id: organizers.id, name: organizers.name })
    .from(organizers)
    .orderBy(asc(organizers.name))
    .limit(1000);
}
