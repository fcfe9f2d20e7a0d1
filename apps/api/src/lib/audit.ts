import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

/**
 * Where a request acts: the back office's organiser and event (from the route, once the
 * authorisation plugin let the caller in) and the staff session. Every audit entry written
 * while the request runs carries them, so the activity log is scoped in this one place
 * rather than at each of the many writers.
 */
export interface AuditScope {
  organizerId?: number;
  eventId?: number;
  staffSessionId?: number;
}

const scopes = new AsyncLocalStorage<AuditScope>();

/** Runs `fn` (a request's handling: plugins/request-context.ts) with a scope of its own. */
export const withAuditScope = (fn: () => void): void => scopes.run({}, fn);

/** Fills the running request's scope (plugins/staff-auth.ts); outside a request it does nothing. */
export function setAuditScope(scope: AuditScope): void {
  const current = scopes.getStore();
  if (current) Object.assign(current, scope);
}

const positiveId = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

/**
 * Writes who did what, in the caller's transaction, with the request's back-office scope
 * (organiser, event, staff session); where the route names none, `organizerId` or an entry
 * about an organiser names the organiser (a platform operator's approval, a team change),
 * and `data.event_id` or an entry about an event names the event.
 */
export async function audit(
  db: DbOrTx,
  entry: {
    actor: string;
    action: string;
    entity: string;
    entityId?: string | number;
    data?: Record<string, unknown>;
    organizerId?: number;
  },
): Promise<void> {
  const scope = scopes.getStore() ?? {};
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    data: entry.data ?? {},
    organizerId:
      entry.organizerId ??
      scope.organizerId ??
      (entry.entity === 'organizer' ? positiveId(entry.entityId) : undefined) ??
      null,
    eventId:
      scope.eventId ??
      positiveId(entry.data?.event_id) ??
      (entry.entity === 'event' ? positiveId(entry.entityId) : undefined) ??
      null,
    staffSessionId: scope.staffSessionId ?? null,
  });
}

/**
 * Who an audit entry names: the one place the actor strings are built, so the log and the
 * erasure that searches it (gdpr/erasure.repository.ts) agree.
 */
export const auditActors = {
  /** the customer themself */
  customer: (customerId: number): string => `customer:${customerId}`,
  /** a support operator acting in a customer's session (request-level entries) */
  support: (operator: string): string => `support:${operator}`,
  /** a support operator acting for this customer (the customer's own account entries) */
  supportFor: (operator: string, customerId: number): string => `support:${operator}:customer:${customerId}`,
  /** an operator named by a support session on a ticket transfer */
  operator: (operator: string): string => `operator:${operator}`,
  /** a command-line operator (`npm run ops`) */
  ops: (name: string): string => `ops:${name}`,
  anonymous: 'anonymous',
} as const;
