/**
 * ledger_totals, the ledger's running sums per event, type and till that the database keeps
 * (functions/ledger_totals_add.sql, a statement trigger on wallet_transactions): after top-ups
 * and bar payments racing from many connections (each writes its own totals rows), and a
 * batch of several tills' rows, the event's totals equal its ledger added up, to the cent
 * and the row, and the dashboard reads them (eventLedgerTotals).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { eventLedgerTotals } from '../src/modules/wallet/wallet.repository';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';
import { createTestApp, type TestApp } from './helpers';
import { moneyInvariantViolations, stockBaseline } from './money-invariants';
import { eventIdOf } from './tickets.fixtures';

let t: TestApp;
beforeAll(async () => {
  // the races are what is tested: a loaded machine must not shed them (503)
  t = await createTestApp({ poolSize: 12, config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
});
afterAll(() => t?.close());

const iso = () => new Date().toISOString();
const upload = (key: string, transactions: unknown[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: { 'x-station-key': key },
    payload: { transactions },
  });

/** The event's ledger added up straight from its rows, as eventLedgerTotals answers it. */
async function ledgerOf(eventId: number) {
  const rows = await queryRows<{ type: string; station_id: number | null; amount: unknown; n: unknown }>(
    t.database.db,
    sql`select t.type, t.station_id, sum(t.amount_cents) as amount, count(*) as n
        from wallet_transactions t join wallets w on w.id = t.wallet_id
        where w.event_id = ${eventId} group by 1, 2`,
  );
  return rows
    .map((r) => ({
      type: r.type,
      stationId: r.station_id === null ? null : Number(r.station_id),
      amountCents: Number(r.amount),
      count: Number(r.n),
    }))
    .sort((a, b) => `${a.type}${a.stationId}`.localeCompare(`${b.type}${b.stationId}`));
}

describe('ledger_totals', () => {
  it("equal the event's ledger after racing top-ups and payments from many connections", async () => {
    const festival = await eventIdOf(t, 'festival-demo');
    const baseline = await stockBaseline(t.database.db);
    const codes = DEMO_BRACELETS.spare.slice(4, 8).map((b) => b.code);
    await Promise.all(
      codes.map((code, i) =>
        upload(DEMO_STATION_KEYS.topup, [
          { id: `lt-top-${i}`, bracelet: code, type: 'topup', amount_cents: 4000, occurred_at: iso() },
        ]),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        upload(DEMO_STATION_KEYS.bar, [
          {
            id: `lt-pay-${i}`,
            bracelet: codes[i % codes.length],
            type: 'consumption',
            amount_cents: 150 + (i % 7),
            occurred_at: iso(),
          },
        ]),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // one batch of several rows in one statement
    const batch = await upload(
      DEMO_STATION_KEYS.bar,
      Array.from({ length: 5 }, (_, i) => ({
        id: `lt-batch-${i}`,
        bracelet: codes[0],
        type: 'consumption',
        amount_cents: 100,
        occurred_at: iso(),
      })),
    );
    expect(batch.statusCode).toBe(200);

    const totals = (await eventLedgerTotals(t.database.db, festival)).map((r) => ({
      type: r.type,
      stationId: r.stationId,
      amountCents: r.amountCents,
      count: r.count,
    }));
    totals.sort((a, b) => `${a.type}${a.stationId}`.localeCompare(`${b.type}${b.stationId}`));
    const ledger = await ledgerOf(festival);
    expect(ledger.find((r) => r.type === 'consumption')?.count).toBeGreaterThanOrEqual(60);
    expect(totals).toEqual(ledger);
    // on PostgreSQL the racing writers used several connections, each with its own rows
    if (t.databaseUrl) {
      const shards = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(distinct shard)::int as n from ledger_totals where event_id = ${festival} and type = 'consumption'`,
      );
      expect(shards[0]!.n).toBeGreaterThan(1);
    }
    expect(await moneyInvariantViolations(t.database.db, baseline)).toEqual([]);
  });
});
