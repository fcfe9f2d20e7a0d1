/**
 * The activity log (issue 27 item 9): audit entries with who (a staff user, support acting in
 * a customer's session, a command-line operator, a customer, a payment provider), the event
 * and organiser they concern and the back-office session (its IP and browser) that acted.
 * Owners and admins read their organiser's entries; platform operators read all of them.
 */
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityQuery,
  type ActivityResponse,
  type OperatorActivityQuery,
} from '@bilheteira/shared/schemas/backoffice-audit';
import type { DbOrTx } from '../../db/client';
import {
  activityPageQuery,
  allOrganizers,
  eventsByIds,
  membersOf,
  organizersByIds,
  sessionsByIds,
  staffByIds,
  type ActivityRow,
} from './audit.admin.repository';

const PROVIDERS = new Set(['sandbox', 'stripe']);

type Staff = Awaited<ReturnType<typeof staffByIds>>[number];

/** Who an audit actor string names (lib/audit.ts auditActors, staffActor, providers). */
function describeActor(code: string, staff: Map<number, Staff>): ActivityEntry['actor'] {
  const [kind, id, ...rest] = code.split(':');
  const base = { code, name: null, email: null, platform: false, customer_id: null };
  if (kind === 'staff') {
    const user = staff.get(Number(id));
    return {
      ...base,
      kind: 'staff',
      name: user?.name ?? null,
      email: user?.email ?? null,
      platform: user?.platformRole === 'operator',
    };
  }
  if (kind === 'support' || kind === 'operator') {
    // support:<operator>[:customer:<id>] (auditActors.support / supportFor)
    const customer = rest[0] === 'customer' ? Number(rest[1]) : NaN;
    return {
      ...base,
      kind: 'support',
      name: id ?? null,
      customer_id: Number.isSafeInteger(customer) ? customer : null,
    };
  }
  if (kind === 'ops') return { ...base, kind: 'ops', name: id ?? null };
  if (kind === 'customer') {
    const customer = Number(id);
    return { ...base, kind: 'customer', customer_id: Number.isSafeInteger(customer) ? customer : null };
  }
  if (kind && PROVIDERS.has(kind) && !rest.length) return { ...base, kind: 'provider', name: kind };
  return { ...base, kind: 'system' };
}

const idsOf = (xs: (number | null)[]) => [...new Set(xs.filter((x): x is number => x !== null))];

async function page(db: DbOrTx, organizerId: number | null, q: ActivityQuery): Promise<ActivityResponse> {
  const rows: ActivityRow[] = await activityPageQuery(db, {
    organizerId,
    actor: q.actor,
    action: q.action,
    eventId: q.event_id,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    before: q.before,
    limit: ACTIVITY_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, ACTIVITY_PAGE_SIZE);
  const staffIds = idsOf(
    shown.map((r) => {
      const [kind, id] = r.actor.split(':');
      return kind === 'staff' && /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
    }),
  );
  const [staff, evs, orgs, sessions] = await Promise.all([
    staffByIds(db, staffIds),
    eventsByIds(db, idsOf(shown.map((r) => r.eventId))),
    organizersByIds(db, idsOf(shown.map((r) => r.organizerId))),
    sessionsByIds(db, idsOf(shown.map((r) => r.staffSessionId))),
  ]);
  const staffById = new Map(staff.map((s) => [s.id, s]));
  const eventById = new Map(evs.map((e) => [e.id, e]));
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  return {
    data: shown.map((r) => {
      const session = r.staffSessionId === null ? undefined : sessionById.get(r.staffSessionId);
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        action: r.action,
        entity: r.entity,
        entity_id: r.entityId,
        actor: describeActor(r.actor, staffById),
        event: (r.eventId !== null && eventById.get(r.eventId)) || null,
        organizer: (r.organizerId !== null && orgById.get(r.organizerId)) || null,
        session: session ? { id: session.id, ip: session.ip, user_agent: session.userAgent } : null,
        data: r.data,
      };
    }),
    meta: {
      per_page: ACTIVITY_PAGE_SIZE,
      next_before: rows.length > ACTIVITY_PAGE_SIZE ? shown[shown.length - 1]!.id : null,
    },
  };
}

/** The organiser's entries, newest first (the route checked `audit.view` in this organiser). */
export const organizerActivity = (db: DbOrTx, organizerId: number, q: ActivityQuery) =>
  page(db, organizerId, q);

/** Every entry, or one organiser's, for platform operators. */
export const platformActivity = (db: DbOrTx, q: OperatorActivityQuery) => page(db, q.organizer_id ?? null, q);

/** The organiser's team as actors of the log's filter. */
export async function activityActors(db: DbOrTx, organizerId: number) {
  return (await membersOf(db, organizerId)).map((m) => ({
    code: `staff:${m.id}`,
    name: m.name,
    email: m.email,
  }));
}

/** The organisers an operator filters the log by. */
export const activityOrganizers = (db: DbOrTx) => allOrganizers(db);
