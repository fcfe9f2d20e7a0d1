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
