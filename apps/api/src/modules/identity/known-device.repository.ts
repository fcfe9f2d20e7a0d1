import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerKnownDevices } from '../../db/schema/index';

/** Whether one of these device hashes logged in to the account since `since`. */
export async function isKnownDevice(
  db: DbOrTx,
  customerId: number,
  deviceHashes: string[],
  since: Date,
): Promise<boolean> {
  if (!deviceHashes.length) return false;
  const rows = await db
    .select({ hash: customerKnownDevices.deviceHash })
    .from(customerKnownDevices)
    .where(
      and(
        eq(customerKnownDevices.customerId, customerId),
        inArray(customerKnownDevices.deviceHash, deviceHashes),
        gt(customerKnownDevices.lastLoginAt, since),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Records a successful login from these devices and forgets the account's stale ones. */
export async function rememberDevices(
  db: DbOrTx,
  customerId: number,
  deviceHashes: string[],
  now: Date,
  staleBefore: Date,
): Promise<void> {
  if (deviceHashes.length) {
    await db
      .insert(customerKnownDevices)
      .values(deviceHashes.map((deviceHash) => ({ customerId, deviceHash, lastLoginAt: now })))
      .onConflictDoUpdate({
        target: [customerKnownDevices.customerId, customerKnownDevices.deviceHash],
        set: { lastLoginAt: now },
      });
  }
  await db
    .delete(customerKnownDevices)
    .where(
      and(eq(customerKnownDevices.customerId, customerId), lt(customerKnownDevices.lastLoginAt, staleBefore)),
    );
}
