import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { organizers } from '../db/schema/index';
import { seedCatalog, type DemoCatalog } from './catalog.seed';
import { seedCustomers, type DemoCustomers } from './customers.seed';
import { seedModules } from './modules.seed';

export interface DemoContext {
  tx: Tx;
  now: Date;
  catalog: DemoCatalog;
  customers: DemoCustomers;
}

/**
 * Creates the demo data of the README on first start (when `promotora-demo` does not
 * exist). Dates are relative to `now`, so there are always upcoming and past events.
 */
export async function seedDemo(db: Db, now: Date, log?: { info(msg: string): void }): Promise<boolean> {
  const existing = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(eq(organizers.slug, 'promotora-demo'));
  if (existing.length) return false;
  await db.transaction(async (tx) => {
    const catalog = await seedCatalog(tx, now);
    const customers = await seedCustomers(tx);
    await seedModules({ tx, now, catalog, customers });
  });
  log?.info('demo data created');
  return true;
}
