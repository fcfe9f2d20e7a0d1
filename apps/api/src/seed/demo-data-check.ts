import { inArray, or, and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { checkinDevices, customers, stations } from '../db/schema/index';
import { sha256 } from '../lib/crypto';
import { DEMO_DOOR_KEYS } from './tickets.seed';
import { DEMO_STATION_KEYS } from './wallet.seed';

/**
 * The demo rows a database holds whose secrets are published in the README: door devices and
 * stations with the demo keys, the demo customers (known password). Production refuses to start
 * on them unless ALLOW_DEMO_DATA=true, also when they were seeded by an earlier start.
 */
export async function findPublishedDemoData(db: DbOrTx): Promise<string[]> {
  const doorHashes = DEMO_DOOR_KEYS.map((d) => sha256(d.key));
  const stationHashes = Object.values(DEMO_STATION_KEYS).map((k) => sha256(k));
  const [doors, tills, people] = await Promise.all([
    db
      .select({ id: checkinDevices.id })
      .from(checkinDevices)
      .where(inArray(checkinDevices.keyHash, doorHashes)),
    db.select({ id: stations.id }).from(stations).where(inArray(stations.keyHash, stationHashes)),
    db
      .select({ id: customers.id })
      .from(customers)
      .where(
        or(
          and(eq(customers.mobile, '+351912345678'), eq(customers.email, 'ana.silva@example.pt')),
          and(eq(customers.mobile, '+351913456789'), eq(customers.email, 'rui.costa@example.pt')),
        ),
      ),
  ]);
  const found: string[] = [];
  if (doors.length) found.push(`${doors.length} door device(s) with a demo key`);
  if (tills.length) found.push(`${tills.length} station(s) with a demo key`);
  if (people.length) found.push(`${people.length} demo customer(s) with the published password`);
  return found;
}

/** The refusal line for a production start on published demo data. */
export const publishedDemoDataProblem = (found: string[]) =>
  `The database holds demo data whose secrets are published in the README (${found.join(', ')}). Remove it, or set ALLOW_DEMO_DATA=true for a demonstration site.`;
