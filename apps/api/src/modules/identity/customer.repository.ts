import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerByMobile(db: DbOrTx, mobile: string): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.mobile, mobile)).limit(1);
  return rows[0];
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}
