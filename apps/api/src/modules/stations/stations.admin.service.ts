/**
 * The cashless bar of an event in the back office (issue 27 item 5): its stations (tills) and
 * its bracelets. A station's key is made here, shown once and stored only as its SHA-256 (the
 * tills' API, stations.service.ts, looks it up by that hash); disabling a station or rotating
 * its key refuses the old key within STATION_CACHE_TTL_MS. Bracelet batches are imported all or
 * nothing. Every change is audited with the acting staff user in the same transaction.
 */
import {
  STATION_TOTALS_MAX_DAYS,
  parseBraceletCsv,
  type BraceletView,
  type CreateStationBody,
  type StationTotalsView,
  type StationView,
  type StationWithKeyView,
  type UpdateStationBody,
} from '@bilheteira/shared/schemas/backoffice-bar';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { audit } from '../../lib/audit';
import { randomToken, sha256 } from '../../lib/crypto';
import { validationFailed } from '../../lib/errors';
import { eventAdminErrors } from '../events/events.admin.errors';
import { ownEvent } from '../events/events.admin.service';
import { insertStation } from './stations.repository';
import type { StationCache } from './stations.service';
import { hashBraceletSecret } from '../wallet/bracelet-proof';
import { barAdminErrors } from './stations.admin.errors';
import {
  BRACELETS_PER_PAGE,
  braceletsOfEvent,
  findEventStation,
  insertBracelets,
  stationsOfEvent,
  stationTotals,
  takenBraceletRefs,
  updateStationRow,
  type StationAdminRow,
} from './stations.admin.repository';

interface EventRef {
  organizerId: number;
  eventId: number;
}

const organizerEvent = (db: DbOrTx, ref: EventRef) => ownEvent(db, ref.organizerId, ref.eventId);

/** A station key: 32 random bytes, as the tills send it (`X-Station-Key`). */
const newStationKey = () => `st_${randomToken(32)}`;

const stationView = (s: StationAdminRow): StationView => ({
  id: s.id,
  name: s.name,
  role: s.role,
  status: s.status === 'disabled' ? 'disabled' : 'active',
  created_at: s.createdAt.toISOString(),
});

export async function listStations(db: Db, ref: EventRef): Promise<StationView[]> {
  const event = await organizerEvent(db, ref);
  return (await stationsOfEvent(db, event.id)).map(stationView);
}

export async function createStation(
  db: Db,
  ref: EventRef,
  body: CreateStationBody,
  actor: string,
): Promise<StationWithKeyView> {
  return db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    const key = newStationKey();
    const station = await insertStation(tx, {
      eventId: event.id,
      name: body.name,
      role: body.role,
      keyHash: sha256(key),
    });
    await audit(tx, {
      actor,
      action: 'station.create',
      entity: 'station',
      entityId: station.id,
      data: { event_id: event.id, name: body.name, role: body.role },
    });
    return { ...stationView(station), key };
  });
}

/** On this instance the old key is refused at once; other instances within STATION_CACHE_TTL_MS. */
const forgetKey = (cache: StationCache, keyHash: string) => cache.stations.delete(keyHash);

export async function updateStation(
  db: Db,
  cache: StationCache,
  ref: EventRef,
  stationId: number,
  body: UpdateStationBody,
  actor: string,
): Promise<StationView> {
  const { view, retired } = await db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    const station = await findEventStation(tx, event.id, stationId);
    if (!station) throw barAdminErrors.stationNotFound();
    const updated = await updateStationRow(tx, station.id, body);
    await audit(tx, {
      actor,
      action: 'station.update',
      entity: 'station',
      entityId: station.id,
      data: { ...body },
    });
    return { view: stationView(updated), retired: station.keyHash };
  });
  forgetKey(cache, retired);
  return view;
}

/** Each station's sales, top-ups and cash paid back between two instants (end of shift, end of day). */
export async function stationsTotals(
  db: Db,
  ref: EventRef,
  span: { from?: string; to?: string },
  now: Date,
): Promise<StationTotalsView[]> {
  const event = await organizerEvent(db, ref);
  const to = span.to ? new Date(span.to) : now;
  const from = span.from ? new Date(span.from) : new Date(to.getTime() - 86_400_000);
  if (to <= from) throw validationFailed({ to: ['backoffice_events.ends_before'] });
  if (to.getTime() - from.getTime() > STATION_TOTALS_MAX_DAYS * 86_400_000)
    throw validationFailed({ to: ['validation.too_big'] });
  const stations = await stationsOfEvent(db, event.id);
  const rows = await stationTotals(
    db,
    stations.map((s) => s.id),
    from,
    to,
  );
  return stations.map(({ id, name }) => {
    const of = (type: string) => rows.find((r) => r.stationId === id && r.type === type);
    return {
      station_id: id,
      name,
      // debits are negative in the ledger; a till's report shows what it took and paid out
      sales_cents: -(of('consumption')?.cents ?? 0),
      sales: of('consumption')?.n ?? 0,
      topups_cents: of('topup')?.cents ?? 0,
      topups: of('topup')?.n ?? 0,
      cash_back_cents: -(of('refund')?.cents ?? 0),
      cash_backs: of('refund')?.n ?? 0,
    };
  });
}

/** A new key for the station; the old one is refused from now on. */
export async function rotateStationKey(
  db: Db,
  cache: StationCache,
  ref: EventRef,
  stationId: number,
  actor: string,
): Promise<StationWithKeyView> {
  const { view, retired } = await db.transaction(async (tx) => {
    const event = await organizerEvent(tx, ref);
    const station = await findEventStation(tx, event.id, stationId);
    if (!station) throw barAdminErrors.stationNotFound();
    const key = newStationKey();
    const updated = await updateStationRow(tx, station.id, { keyHash: sha256(key) });
    await audit(tx, { actor, action: 'station.rotate_key', entity: 'station', entityId: station.id });
    return { view: { ...stationView(updated), key }, retired: station.keyHash };
  });
  forgetKey(cache, retired);
  return view;
}

/**
 * Imports a batch file of bracelets for the event: every line valid and every UID and code
 * new, or nothing is written (400 with the problems by line, 409 naming the taken ones).
 */
export async function importBracelets(
  db: Db,
  ref: EventRef,
  csv: string,
  actor: string,
): Promise<{ imported: number }> {
  const parsed = parseBraceletCsv(csv);
  if (!parsed.ok)
    throw validationFailed(
      Object.fromEntries(parsed.problems.slice(0, 50).map((p) => [`csv.${p.line}.${p.field}`, [p.message]])),
      'backoffice_bar.file_problems',
    );
  const { rows } = parsed;
  const taken = () =>
    barAdminErrors.braceletTaken({
      refs: rows
        .slice(0, 5)
        .map((r) => `${r.uid}/${r.code}`)
        .join(', '),
    });
  // a concurrent import of the same bracelets fails on the unique indexes: the same answer
  return inTransaction(db, taken, async (tx) => {
    const event = await organizerEvent(tx, ref);
    if (event.status === 'cancelled') throw eventAdminErrors.cancelled();
    const taken = await takenBraceletRefs(
      tx,
      rows.map((r) => r.uid),
      rows.map((r) => r.code),
    );
    const clashes = rows.filter((r) => taken.uids.has(r.uid) || taken.codes.has(r.code));
    if (clashes.length)
      throw barAdminErrors.braceletTaken({
        refs: clashes
          .slice(0, 5)
          .map((r) => `${r.uid}/${r.code}`)
          .join(', '),
      });
    const imported = await insertBracelets(
      tx,
      rows.map((r) => ({
        eventId: event.id,
        uid: r.uid,
        code: r.code,
        secretHash: r.secret ? hashBraceletSecret(r.uid, r.secret) : null,
      })),
    );
    await audit(tx, {
      actor,
      action: 'bracelet.import',
      entity: 'event',
      entityId: event.id,
      data: { imported, first_code: rows[0]!.code, last_code: rows.at(-1)!.code },
    });
    return { imported };
  });
}

async function inTransaction<T>(db: Db, onUnique: () => Error, run: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(run);
  } catch (err) {
    throw isUniqueViolation(err) ? onUnique() : err;
  }
}

export async function listBracelets(db: Db, ref: EventRef, q: { q?: string; page: number }) {
  const event = await organizerEvent(db, ref);
  const { rows, totals } = await braceletsOfEvent(db, event.id, q);
  const data: BraceletView[] = rows.map((b) => ({
    id: b.id,
    uid: b.uid,
    code: b.code,
    status: b.status === 'blocked' ? 'blocked' : 'active',
    linked: b.walletId !== null,
    has_secret: b.secretHash !== null,
    created_at: b.createdAt.toISOString(),
  }));
  return {
    data,
    meta: {
      total: totals.matching,
      page: q.page,
      per_page: BRACELETS_PER_PAGE,
      active: totals.active,
      linked: totals.linked,
      blocked: totals.blocked,
    },
  };
}
