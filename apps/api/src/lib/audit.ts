import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';

/** Writes who did what, in the caller's transaction. */
export async function audit(
  db: DbOrTx,
  entry: {
    actor: string;
    action: string;
    entity: string;
    entityId?: string | number;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    data: entry.data ?? {},
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
