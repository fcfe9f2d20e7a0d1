import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';
import { bracelets, stations, walletTransactions, wallets } from '../src/db/schema/index';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';

let t: TestApp;
beforeAll(async () => {
  // A loaded CI machine must not shed these requests (503): the races are what is tested.
  t = await createTestApp({ poolSize: 30, config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
});
afterAll(() => t.close());

const iso = (msAgo = 0) => new Date(Date.now() - msAgo).toISOString();

function upload(key: string, transactions: unknown[], header: 'bearer' | 'x-station-key' = 'x-station-key') {
  return t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: header === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-station-key': key },
    payload: { transactions },
  });
}

async function walletOfBracelet(code: string) {
  const db = t.database.db;
  const b = (await db.select().from(bracelets).where(eq(bracelets.code, code)))[0]!;
  return (await db.select().from(wallets).where(eq(wallets.id, b.walletId!)))[0]!;
}

async function stationId(key: 'bar' | 'topup') {
  const name = key === 'bar' ? 'Bar Palco Principal' : 'Ponto de Carregamento';
  return (await t.database.db.select().from(stations).where(eq(stations.name, name)))[0]!.id;
}

describe('station authentication', () => {
  it('refuses a missing or wrong key with 401 and the error shape', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/stations/transactions',
      payload: { transactions: [] },
    });
    expect([400, 401]).toContain(none.statusCode);
    const wrong = await upload('not-a-real-station-key-000', [
      { id: 'x', bracelet: '100001', type: 'consumption', amount_cents: 100, occurred_at: iso() },
    ]);
    expect(wrong.statusCode).toBe(401);
    expect(expectErrorShape(wrong).code).toBe('station_unauthorized');
    const bracelet = await t.app.inject({ url: '/api/stations/bracelets/100001' });
    expect(bracelet.statusCode).toBe(401);
  });

  it('stops a disabled station at once, although its key was just used (and is cached)', async () => {
    const id = await stationId('bar');
    const pay = (n: string, type = 'consumption') =>
      upload(DEMO_STATION_KEYS.bar, [
        { id: `disabled-${n}`, bracelet: '100001', type, amount_cents: 100, occurred_at: iso() },
      ]);
    expect((await pay('warm')).statusCode).toBe(200);
    const before = await walletOfBracelet('100001');
    await t.database.db.update(stations).set({ status: 'disabled' }).where(eq(stations.id, id));
    try {
      const payment = await pay('1');
      expect(payment.statusCode).toBe(401);
      expect(expectErrorShape(payment).code).toBe('station_unauthorized');
      // the general path (a top-up) re-checks too
      expect((await pay('2', 'topup')).statusCode).toBe(401);
      expect((await walletOfBracelet('100001')).balanceCents).toBe(before.balanceCents);
    } finally {
      await t.database.db.update(stations).set({ status: 'active' }).where(eq(stations.id, id));
    }
  });

  it('validates the batch per field', async () => {
    const res = await upload(DEMO_STATION_KEYS.bar, [
      { id: '', type: 'steal', amount_cents: -5, occurred_at: 'yesterday' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(expectErrorShape(res).errors).length).toBeGreaterThan(0);
  });
});

describe('POST /api/stations/transactions', () => {
  const b = DEMO_BRACELETS.spare;

  it('applies an offline batch in order with its original times, answering per transaction', async () => {
    const t0 = iso(3 * 3600_000);
    const t1 = iso(3 * 3600_000 - 60_000);
    const top = await upload(DEMO_STATION_KEYS.topup, [
      { id: 'off-top', bracelet_uid: b[2]!.uid, type: 'topup', amount_cents: 1000, occurred_at: t0 },
    ]);
    expect(top.json().data.results[0]).toMatchObject({ status: 'accepted', balance_cents: 1000 });
    const res = await upload(
      DEMO_STATION_KEYS.bar,
      [
        {
          id: 'off-1',
          bracelet_code: b[2]!.code,
          type: 'consumption',
          amount_cents: 750,
          items: [
            { name: 'Imperial', qty: 2, unit_cents: 250 },
            { name: 'Água', qty: 1, unit_cents: 250 },
          ],
          occurred_at: t1,
        },
        {
          id: 'off-2',
          bracelet: b[2]!.uid,
          type: 'consumption',
          amount_cents: 300,
          occurred_at: iso(3 * 3600_000 - 120_000),
        },
        { id: 'off-3', bracelet: '000000', type: 'consumption', amount_cents: 100, occurred_at: iso() },
        {
          id: 'off-4',
          bracelet: b[2]!.code,
          type: 'consumption',
          amount_cents: 100,
          items: [{ name: 'x', qty: 1, unit_cents: 90 }],
          occurred_at: iso(),
        },
        {
          id: 'off-5',
          bracelet: b[2]!.code,
          type: 'consumption',
          amount_cents: 100,
          occurred_at: iso(-3600_000),
        },
      ],
      'bearer',
    );
    expect(res.statusCode).toBe(200);
    const { results, accepted, rejected } = res.json().data;
    expect(
      results.map((r: { id: string; status: string; reason?: string }) => [r.id, r.status, r.reason]),
    ).toEqual([
      ['off-1', 'accepted', undefined],
      ['off-2', 'rejected', 'insufficient_funds'],
      ['off-3', 'rejected', 'unknown_bracelet'],
      ['off-4', 'rejected', 'amount_mismatch'],
      ['off-5', 'rejected', 'invalid_time'],
    ]);
    expect(results[0].balance_cents).toBe(250);
    expect(results[1].balance_cents).toBe(250);
    expect([accepted, rejected]).toEqual([1, 4]);
    const row = (
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.id, results[0].transaction_id))
    )[0]!;
    expect(row.occurredAt.toISOString()).toBe(t1);
    expect(row.description).toBe('2× Imperial, 1× Água');
    expect(row.amountCents).toBe(-750);
  });

  it('answers a repeated id as a duplicate with the first answer, also for a rejection', async () => {
    const again = await upload(DEMO_STATION_KEYS.bar, [
      { id: 'off-1', bracelet: b[2]!.code, type: 'consumption', amount_cents: 750, occurred_at: iso() },
      { id: 'off-2', bracelet: b[2]!.code, type: 'consumption', amount_cents: 1, occurred_at: iso() },
    ]);
    const [first, second] = again.json().data.results;
    expect(first).toMatchObject({ status: 'duplicate', first_status: 'accepted', balance_cents: 250 });
    expect(second).toMatchObject({
      status: 'duplicate',
      first_status: 'rejected',
      reason: 'insufficient_funds',
    });
    const w = await walletOfBracelet(b[2]!.code);
    expect(w.balanceCents).toBe(250);
  });

  it('GET /api/stations/bracelets/:uid answers balance and status for the till', async () => {
    const res = await t.app.inject({
      url: `/api/stations/bracelets/${b[2]!.uid}`,
      headers: { 'x-station-key': DEMO_STATION_KEYS.bar },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      uid: b[2]!.uid,
      code: b[2]!.code,
      status: 'active',
      linked: false,
      balance_cents: 250,
      holder_first_name: null,
    });
    const ana = await t.app.inject({
      url: `/api/stations/bracelets/${DEMO_BRACELETS.ana.code}`,
      headers: { 'x-station-key': DEMO_STATION_KEYS.bar },
    });
    expect(ana.json().data).toMatchObject({ linked: true, holder_first_name: 'Ana' });
    const unknown = await t.app.inject({
      url: '/api/stations/bracelets/nope',
      headers: { 'x-station-key': DEMO_STATION_KEYS.bar },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('100 concurrent 5 EUR payments on a 50 EUR balance: exactly 10 accepted, balance 0, never negative', async () => {
    const code = b[3]!.code;
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'race-top', bracelet: code, type: 'topup', amount_cents: 5000, occurred_at: iso() },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        upload(DEMO_STATION_KEYS.bar, [
          { id: `race-${i}`, bracelet: code, type: 'consumption', amount_cents: 500, occurred_at: iso() },
        ]),
      ),
    );
    const results = answers.map((a) => a.json().data.results[0]);
    expect(results.filter((r) => r.status === 'accepted')).toHaveLength(10);
    expect(results.filter((r) => r.reason === 'insufficient_funds')).toHaveLength(90);
    for (const r of results) expect(r.balance_cents).toBeGreaterThanOrEqual(0);
    const w = await walletOfBracelet(code);
    expect(w.balanceCents).toBe(0);
    expect(await ledgerSums(t.database.db, w.id)).toMatchObject({ balance: 0, online: 0, n: 11 });
  });

  it('the same batch uploaded 3 times concurrently writes no duplicate ledger rows', async () => {
    const code = b[4]!.code;
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'dup-top', bracelet: code, type: 'topup', amount_cents: 3000, occurred_at: iso() },
    ]);
    const batch = Array.from({ length: 20 }, (_, i) => ({
      id: `dup-${i}`,
      bracelet: code,
      type: 'consumption',
      amount_cents: 200,
      occurred_at: iso(60_000 - i * 1000),
    }));
    const answers = await Promise.all([1, 2, 3].map(() => upload(DEMO_STATION_KEYS.bar, batch)));
    const bar = await stationId('bar');
    const rows = await t.database.db
      .select()
      .from(walletTransactions)
      .where(like(walletTransactions.idempotencyKey, `station:${bar}:dup-%`));
    expect(rows).toHaveLength(15); // 30.00 EUR pays 15 of the 20 2.00 EUR payments
    const w = await walletOfBracelet(code);
    expect(w.balanceCents).toBe(0);
    expect((await ledgerSums(t.database.db, w.id)).balance).toBe(0);
    // every id was applied by exactly one upload; the other two saw a duplicate
    for (let i = 0; i < 20; i++) {
      const statuses = answers.map((a) => a.json().data.results[i].status).sort();
      expect(statuses.filter((s: string) => s !== 'duplicate')).toHaveLength(1);
    }
  });

  it('accepts a payment made offline before the bracelet was blocked, refuses one after', async () => {
    const code = b[5]!.code;
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'blk-top', bracelet: code, type: 'topup', amount_cents: 1000, occurred_at: iso(7200_000) },
    ]);
    await t.database.db
      .update(bracelets)
      .set({ status: 'blocked', blockedAt: new Date(Date.now() - 3600_000) })
      .where(eq(bracelets.code, code));
    const res = await upload(DEMO_STATION_KEYS.bar, [
      {
        id: 'blk-before',
        bracelet: code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: iso(5400_000),
      },
      { id: 'blk-after', bracelet: code, type: 'consumption', amount_cents: 100, occurred_at: iso(60_000) },
    ]);
    expect(res.json().data.results.map((r: { status: string }) => r.status)).toEqual([
      'accepted',
      'rejected',
    ]);
    expect(res.json().data.results[1].reason).toBe('bracelet_blocked');
  });
});
