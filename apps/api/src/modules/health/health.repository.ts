import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Throws unless the database answers and the migrated tables exist. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT 1 FROM customers LIMIT 1`);
}
