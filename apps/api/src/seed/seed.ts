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
  /** the site's address (the app's PUBLIC_URL) in the links of the demo emails */
  publicUrl: string;
}

/** The site address when the caller gives none (tests; the app passes its PUBLIC_URL). */
const DEFAULT_SEED_PUBLIC_URL = 'http://localhost:3000';

/**
 * Creates the demo data of the README on first start (when `promotora-demo` does not
 * exist). Dates are relative to `now`, so there are always upcoming and past events.
 */
export async function seedDemo(
  db: Db,
  now: Date,
  opts: { log?: { info(msg: string): void }; publicUrl?: string } = {},
): Promise<boolean> {
  const existing = await db
    .select({ id: organizers.id })
    .from(organizers)
    .where(eq(organizers.slug, 'promotora-demo'));
  if (existing.length) return false;
  await db.transaction(async (tx) => {
    const catalog = await seedCatalog(tx, now);
    const customers = await seedCustomers(tx);
    await seedModules({ tx, now, catalog, customers, publicUrl: opts.publicUrl ?? DEFAULT_SEED_PUBLIC_URL });
  });
  opts.log?.info('demo data created');
  return true;
}
