/**
 * Operator commands for tills (there is no back-office screen for stations yet):
 *
 *   npm run ops -- stations list <event-slug> [--json]
 *   npm run ops -- stations role <station-id> <bar|shop|topup|refund_desk>
 *   npm run ops -- stations wallet-times <event-slug> [--opens-at <ISO time>|none] [--offline-window-minutes <n>]
 *
 * Writes to the database directly: PostgreSQL (DATABASE_URL), or the PGlite data folder with
 * the server stopped. A running server sees a change within STATION_CACHE_TTL_MS.
 */
import {
  STATION_ROLES,
  WALLET_OFFLINE_WINDOW_MAX_MINUTES,
  WALLET_OFFLINE_WINDOW_MIN_MINUTES,
  walletOpensAt,
  type StationRole,
} from '@bilheteira/shared/stations';
import { loadConfig } from '../../config';
import { openDatabase, type Db } from '../../db/client';
import { audit, auditActors } from '../../lib/audit';
import { formatTable, takeJsonFlag, unknownWord } from '../../lib/cli-table';
import { stationsOfEventSlug, updateEventWalletClock, updateStationRole } from './stations.repository';

export const STATIONS_USAGE = [
  'Usage: npm run ops -- stations list <event-slug> [--json]',
  '       npm run ops -- stations role <station-id> <bar|shop|topup|refund_desk>',
  '       npm run ops -- stations wallet-times <event-slug> [--opens-at <ISO time>|none] [--offline-window-minutes <n>]',
].join('\n');

const isRole = (v: string): v is StationRole => (STATION_ROLES as readonly string[]).includes(v);

/** Gives a station its role, audited; the answer is what to print and the exit code. */
export async function setStationRole(db: Db, idArg: string, roleArg: string, operator: string) {
  const id = Number(idArg);
  if (!/^[1-9]\d{0,9}$/.test(idArg) || !isRole(roleArg))
    return { code: 2, text: `${STATIONS_USAGE}\nRoles: ${STATION_ROLES.join(', ')}` };
  return db.transaction(async (tx) => {
    if (!(await updateStationRole(tx, id, roleArg))) return { code: 1, text: `No station ${id}.` };
    await audit(tx, {
      actor: operator,
      action: 'station.role',
      entity: 'station',
      entityId: id,
      data: { role: roleArg },
    });
    return { code: 0, text: `Station ${id} is now a ${roleArg} station.` };
  });
}

/** Sets an event's wallet opening and offline window for tills, audited. */
export async function setWalletTimes(db: Db, slug: string, args: string[], operator: string) {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const opensArg = value('--opens-at');
  const windowArg = value('--offline-window-minutes');
  const change: { walletOpensAt?: Date | null; walletOfflineWindowMinutes?: number } = {};
  if (opensArg !== undefined) {
    const at = opensArg === 'none' ? null : new Date(opensArg);
    if (at && Number.isNaN(at.getTime())) return { code: 2, text: `Not a time: ${opensArg}` };
    change.walletOpensAt = at;
  }
  if (windowArg !== undefined) {
    const n = Number(windowArg);
    if (
      !Number.isInteger(n) ||
      n < WALLET_OFFLINE_WINDOW_MIN_MINUTES ||
      n > WALLET_OFFLINE_WINDOW_MAX_MINUTES
    )
      return {
        code: 2,
        text: `The offline window is ${WALLET_OFFLINE_WINDOW_MIN_MINUTES}–${WALLET_OFFLINE_WINDOW_MAX_MINUTES} minutes.`,
      };
    change.walletOfflineWindowMinutes = n;
  }
  if (!Object.keys(change).length) return { code: 2, text: STATIONS_USAGE };
  return db.transaction(async (tx) => {
    const clock = await updateEventWalletClock(tx, slug, change);
    if (!clock) return { code: 1, text: `No event with slug "${slug}".` };
    await audit(tx, {
      actor: operator,
      action: 'event.wallet_times',
      entity: 'event',
      entityId: slug,
      data: {
        opensAt: clock.walletOpensAt?.toISOString() ?? null,
        offlineWindowMinutes: clock.walletOfflineWindowMinutes,
      },
    });
    return {
      code: 0,
      text: `Tills of ${slug} record from ${walletOpensAt(clock).toISOString()}${clock.walletOpensAt ? '' : ' (48 h before the start)'}, uploads up to ${clock.walletOfflineWindowMinutes} minutes old.`,
    };
  });
}

/** The stations of an event as a table. */
export const formatStationRows = (rows: { id: number; role: string; status: string; name: string }[]) =>
  formatTable(
    rows,
    [
      { title: 'ID', value: (r) => r.id, align: 'right' },
      { title: 'Role', value: (r) => r.role },
      { title: 'Status', value: (r) => r.status },
      { title: 'Name', value: (r) => r.name },
    ],
    'No stations.',
  );

export async function runStationsOps(argv: string[]): Promise<number> {
  const { json, args } = takeJsonFlag(argv);
  const [action, first, second, ...rest] = args;
  const config = loadConfig();
  const operator = auditActors.ops(config.OPERATOR_NAME ?? 'cli');
  if (!first || !['list', 'role', 'wallet-times'].includes(action ?? '')) {
    console.error(
      ['list', 'role', 'wallet-times'].includes(action ?? '')
        ? STATIONS_USAGE
        : unknownWord('stations command', action, STATIONS_USAGE),
    );
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    let answer: { code: number; text: string };
    if (action === 'list') {
      const rows = await stationsOfEventSlug(database.db, first);
      answer = !rows.length
        ? { code: 1, text: `No stations for event "${first}".` }
        : json
          ? { code: 0, text: JSON.stringify(rows, null, 2) }
          : { code: 0, text: formatStationRows(rows) };
    } else if (action === 'role') answer = await setStationRole(database.db, first, second ?? '', operator);
    else answer = await setWalletTimes(database.db, first, [second ?? '', ...rest].filter(Boolean), operator);
    (answer.code === 0 ? console.log : console.error)(answer.text);
    return answer.code;
  } finally {
    await database.close();
  }
}
