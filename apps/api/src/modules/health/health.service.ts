import type { DbOrTx } from '../../db/client';
import { pingDatabase } from './health.repository';

/** Readiness: throws unless the database is reachable and migrated. */
export async function checkReady(db: DbOrTx): Promise<void> {
  await pingDatabase(db);
}
