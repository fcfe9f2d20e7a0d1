import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicKey, verify } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { bracelets, events, stations, walletTransactions, wallets } from '../src/db/schema/index';
import { sha256 } from '../src/lib/crypto';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';
import { setStationRole, setWalletTimes } from '../src/modules/stations/stations.ops';
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

  it('judges a payment on the bracelet as it is now, not as the till last saw it, and writes it once', async () => {
    const code = DEMO_BRACELETS.spare[7]!.code;
    const pay = (id: string) =>
      upload(DEMO_STATION_KEYS.bar, [
        { id, bracelet: code, type: 'consumption', amount_cents: 100, occurred_at: iso() },
      ]);
    const setStatus = (status: 'active' | 'blocked') =>
      t.database.db
        .update(bracelets)
        .set({ status, blockedAt: status === 'blocked' ? new Date(Date.now() - 60_000) : null })
        .where(eq(bracelets.code, code));
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'stale-top', bracelet: code, type: 'topup', amount_cents: 1000, occurred_at: iso(60_000) },
    ]);
    expect((await pay('stale-1')).json().data.results[0].status).toBe('accepted'); // seen active

    await setStatus('blocked'); // behind the copy in memory
    const refused = (await pay('stale-2')).json().data.results[0];
    expect(refused).toMatchObject({ status: 'rejected', reason: 'bracelet_blocked' });

    await setStatus('active'); // behind the copy in memory again, which now says blocked
    const paid = (await pay('stale-3')).json().data.results[0];
    expect(paid.status).toBe('accepted');
    expect(paid.balance_cents).toBe(800);
    const rows = await rowsOf('bar', 'stale-');
    expect(rows.map((r) => r.amountCents).sort()).toEqual([-100, -100]);
    expect((await walletOfBracelet(code)).balanceCents).toBe(800);
    // a repeat of the refused id keeps its first answer
    expect((await pay('stale-2')).json().data.results[0]).toMatchObject({
      status: 'duplicate',
      first_status: 'rejected',
    });
  });
});

/** Ledger rows a station wrote for client ids starting with `prefix`. */
async function rowsOf(key: 'bar' | 'topup', prefix: string) {
  const id = await stationId(key);
  return t.database.db
    .select()
    .from(walletTransactions)
    .where(like(walletTransactions.idempotencyKey, `station:${id}:${prefix}%`));
}

const festival = async () =>
  (await t.database.db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!;

describe('station roles (issue 23 item 10)', () => {
  const code = DEMO_BRACELETS.spare[6]!.code;

  it('the demo stations keep their keys and get their roles', async () => {
    const rows = await t.database.db.select().from(stations);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.role]));
    expect(byName).toMatchObject({
      'Bar Palco Principal': 'bar',
      'Loja Oficial': 'shop',
      'Ponto de Carregamento': 'topup',
    });
  });

  it('a bar or shop key cannot top up or pay cash back: refused per transaction, nothing written', async () => {
    const before = await walletOfBracelet(DEMO_BRACELETS.ana.code);
    for (const key of [DEMO_STATION_KEYS.bar, DEMO_STATION_KEYS.shop]) {
      const res = await upload(key, [
        {
          id: 'mint-1',
          bracelet: DEMO_BRACELETS.ana.code,
          type: 'topup',
          amount_cents: 50_000,
          occurred_at: iso(),
        },
        { id: 'mint-2', bracelet: code, type: 'topup', amount_cents: 50_000, occurred_at: iso() },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.results).toEqual([
        { id: 'mint-1', status: 'rejected', reason: 'not_allowed_for_station' },
        { id: 'mint-2', status: 'rejected', reason: 'not_allowed_for_station' },
      ]);
      const cash = await upload(key, [
        {
          id: 'mint-3',
          bracelet: DEMO_BRACELETS.ana.code,
          type: 'refund',
          amount_cents: 100,
          occurred_at: iso(),
        },
      ]);
      expect(cash.json().data.results).toEqual([
        { id: 'mint-3', status: 'rejected', reason: 'not_allowed_for_station' },
      ]);
      // a repeat keeps the refusal
      const again = await upload(key, [
        {
          id: 'mint-1',
          bracelet: DEMO_BRACELETS.ana.code,
          type: 'topup',
          amount_cents: 50_000,
          occurred_at: iso(),
        },
      ]);
      expect(again.json().data.results[0]).toMatchObject({
        status: 'duplicate',
        first_status: 'rejected',
        reason: 'not_allowed_for_station',
      });
    }
    expect((await walletOfBracelet(DEMO_BRACELETS.ana.code)).balanceCents).toBe(before.balanceCents);
    const spare = (await t.database.db.select().from(bracelets).where(eq(bracelets.code, code)))[0]!;
    expect(spare.walletId).toBeNull();
    expect(await rowsOf('bar', 'mint-')).toHaveLength(0);
  });

  it('the top-up point loads money and pays cash back (only money loaded at the event), but does not sell', async () => {
    const res = await upload(DEMO_STATION_KEYS.topup, [
      { id: 'desk-top', bracelet: code, type: 'topup', amount_cents: 2000, occurred_at: iso(60_000) },
      { id: 'desk-sell', bracelet: code, type: 'consumption', amount_cents: 100, occurred_at: iso(50_000) },
      { id: 'desk-back', bracelet: code, type: 'refund', amount_cents: 1500, occurred_at: iso(40_000) },
      { id: 'desk-more', bracelet: code, type: 'refund', amount_cents: 501, occurred_at: iso(30_000) },
    ]);
    expect(
      res
        .json()
        .data.results.map((r: { status: string; reason?: string; balance_cents?: number }) => [
          r.status,
          r.reason,
          r.balance_cents,
        ]),
    ).toEqual([
      ['accepted', undefined, 2000],
      ['rejected', 'not_allowed_for_station', undefined],
      ['accepted', undefined, 500],
      ['rejected', 'insufficient_funds', 500],
    ]);
    const w = await walletOfBracelet(code);
    expect(await ledgerSums(t.database.db, w.id)).toMatchObject({ balance: 500, online: 0, n: 2 });
    const refund = (await rowsOf('topup', 'desk-back'))[0]!;
    expect(refund).toMatchObject({
      type: 'refund',
      amountCents: -1500,
      // no text from the till: a code, shown in the reader's language (issue 25 item 11)
      description: '',
      descriptionCode: 'cash_refund',
    });
  });
});

describe('occurred_at bounds (issue 23 item 10)', () => {
  const spare = DEMO_BRACELETS.spare;

  it('refuses a blocked bracelet charged with a date in 2020 (the backdating exploit), nothing written', async () => {
    const code = spare[5]!.code; // blocked an hour ago by the test above, with money on it
    const before = await walletOfBracelet(code);
    const res = await upload(DEMO_STATION_KEYS.bar, [
      {
        id: 'old-1',
        bracelet: code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: '2020-01-01T12:00:00Z',
      },
      {
        id: 'old-2',
        bracelet: spare[2]!.code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: '2020-01-01T12:00:00Z',
      },
    ]);
    expect(res.json().data.results).toEqual([
      { id: 'old-1', status: 'rejected', reason: 'occurred_at_out_of_range' },
      { id: 'old-2', status: 'rejected', reason: 'occurred_at_out_of_range' },
    ]);
    expect((await walletOfBracelet(code)).balanceCents).toBe(before.balanceCents);
    expect(await rowsOf('bar', 'old-')).toHaveLength(0);
  });

  it("keeps to the event's offline window and wallet opening", async () => {
    const ev = await festival();
    const code = spare[3]!.code;
    const db = t.database.db;
    // a new bar per event setting: a station's event rules are cached with its key for 5 s
    const newBar = async (n: string) => {
      const key = `test-station-window-key-${n}`;
      await db
        .insert(stations)
        .values({ eventId: ev.id, name: `Bar ${n}`, keyHash: sha256(key), role: 'bar' });
      return key;
    };
    const reasons = (res: { json(): { data: { results: { status: string; reason?: string }[] } } }) =>
      res.json().data.results.map((r) => r.reason ?? r.status);
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'win-top', bracelet: code, type: 'topup', amount_cents: 1000, occurred_at: iso() },
    ]);
    try {
      await db.update(events).set({ walletOfflineWindowMinutes: 60 }).where(eq(events.id, ev.id));
      const res = await upload(await newBar('1'), [
        {
          id: 'win-old',
          bracelet: code,
          type: 'consumption',
          amount_cents: 100,
          occurred_at: iso(61 * 60_000),
        },
        {
          id: 'win-ok',
          bracelet: code,
          type: 'consumption',
          amount_cents: 100,
          occurred_at: iso(59 * 60_000),
        },
      ]);
      expect(reasons(res)).toEqual(['occurred_at_out_of_range', 'accepted']);
      await db
        .update(events)
        .set({ walletOfflineWindowMinutes: 1440, walletOpensAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(events.id, ev.id));
      const opening = await upload(await newBar('2'), [
        {
          id: 'open-early',
          bracelet: code,
          type: 'consumption',
          amount_cents: 100,
          occurred_at: iso(11 * 60_000),
        },
        {
          id: 'open-ok',
          bracelet: code,
          type: 'consumption',
          amount_cents: 100,
          occurred_at: iso(9 * 60_000),
        },
      ]);
      expect(reasons(opening)).toEqual(['occurred_at_out_of_range', 'accepted']);
    } finally {
      await db
        .update(events)
        .set({ walletOfflineWindowMinutes: ev.walletOfflineWindowMinutes, walletOpensAt: ev.walletOpensAt })
        .where(eq(events.id, ev.id));
    }
  });

  it('replacing a lost bracelet: the old one refuses charges after the block and before its link, the new one before its link', async () => {
    const rui = await login(t.app, DEMO.rui);
    const ev = await festival();
    const [lost, fresh] = [spare[0]!, spare[1]!];
    const beforeLink = new Date();
    const linked = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      payload: { event_id: ev.id, code: lost.code, uid: lost.uid, secret: lost.secret },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await upload(DEMO_STATION_KEYS.topup, [
      { id: 'rep-top', bracelet: lost.code, type: 'topup', amount_cents: 3000, occurred_at: iso() },
    ]);
    await new Promise((r) => setTimeout(r, 20));
    const beforeReplace = new Date();
    const replaced = await injectAs(t.app, rui, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      payload: {
        event_id: ev.id,
        old_code: lost.code,
        new_code: fresh.code,
        new_uid: fresh.uid,
        new_secret: fresh.secret,
      },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const before = await walletOfBracelet(fresh.code);
    const at = (d: Date, deltaMs: number) => new Date(d.getTime() + deltaMs).toISOString();
    const res = await upload(DEMO_STATION_KEYS.bar, [
      {
        id: 'rep-after-block',
        bracelet: lost.code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: iso(),
      },
      {
        id: 'rep-2020',
        bracelet: lost.code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: '2020-06-01T00:00:00Z',
      },
      {
        id: 'rep-before-link',
        bracelet: lost.code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: at(beforeLink, -30_000),
      },
      {
        id: 'rep-new-early',
        bracelet: fresh.code,
        type: 'consumption',
        amount_cents: 100,
        occurred_at: at(beforeReplace, -1),
      },
      { id: 'rep-new-ok', bracelet: fresh.code, type: 'consumption', amount_cents: 100, occurred_at: iso() },
    ]);
    expect(
      res
        .json()
        .data.results.map((r: { id: string; status: string; reason?: string }) => [
          r.id,
          r.reason ?? r.status,
        ]),
    ).toEqual([
      ['rep-after-block', 'bracelet_blocked'],
      ['rep-2020', 'occurred_at_out_of_range'],
      ['rep-before-link', 'occurred_at_out_of_range'],
      ['rep-new-early', 'occurred_at_out_of_range'],
      ['rep-new-ok', 'accepted'],
    ]);
    expect((await walletOfBracelet(fresh.code)).balanceCents).toBe(before.balanceCents - 100);
    expect(await rowsOf('bar', 'rep-')).toHaveLength(1);
    // the link time is the time of the customer's link (and of the replacement for the new one)
    const rows = await t.database.db.select().from(bracelets).where(eq(bracelets.eventId, ev.id));
    const old = rows.find((b) => b.code === lost.code)!;
    const nu = rows.find((b) => b.code === fresh.code)!;
    expect(old.linkedAt!.getTime()).toBeGreaterThanOrEqual(beforeLink.getTime());
    expect(old.linkedAt!.getTime()).toBeLessThan(beforeReplace.getTime());
    expect(nu.linkedAt!.getTime()).toBeGreaterThanOrEqual(beforeReplace.getTime());
    expect(old.blockedAt!.getTime()).toBeGreaterThanOrEqual(beforeReplace.getTime());
  });
});

describe('GET /api/stations/blocklist (issue 23 item 10)', () => {
  const OTHER_KEY = 'test-station-concerto-key-0001';
  const fetchList = (key?: string) =>
    t.app.inject({ url: '/api/stations/blocklist', headers: key ? { 'x-station-key': key } : {} });

  it("answers the event's blocked bracelets, signed with the event's Ed25519 key", async () => {
    const res = await fetchList(DEMO_STATION_KEYS.bar);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    const publicKey = createPublicKey({ key: list.public_key_jwk, format: 'jwk' });
    expect(
      verify(null, Buffer.from(list.signed_payload), publicKey, Buffer.from(list.signature, 'base64url')),
    ).toBe(true);
    // the raw key is the JWK's x, and the checked text carries the whole list
    expect(list.public_key).toBe(list.public_key_jwk.x);
    const signed = JSON.parse(list.signed_payload);
    expect(signed).toEqual({
      type: 'bilheteira.bracelet-blocklist.v1',
      event_id: list.event_id,
      version: list.version,
      issued_at: list.issued_at,
      bracelets: list.bracelets,
    });
    const codes = list.bracelets.map((b: { code: string }) => b.code);
    // blocked above: the lost one of the replacement, and spare 5
    expect(codes).toContain(DEMO_BRACELETS.spare[0]!.code);
    expect(codes).toContain(DEMO_BRACELETS.spare[5]!.code);
    expect(
      list.bracelets.find((b: { code: string }) => b.code === DEMO_BRACELETS.spare[0]!.code),
    ).toMatchObject({
      uid: DEMO_BRACELETS.spare[0]!.uid,
    });
    // active ones are not listed
    expect(codes).not.toContain(DEMO_BRACELETS.spare[1]!.code);
    expect(codes).not.toContain(DEMO_BRACELETS.ana.code);
    // a tampered list does not verify
    const forged = list.signed_payload.replace(DEMO_BRACELETS.spare[0]!.code, '999999');
    expect(verify(null, Buffer.from(forged), publicKey, Buffer.from(list.signature, 'base64url'))).toBe(
      false,
    );
  });

  it("changes version when a bracelet is blocked; another event's station does not see this event's list", async () => {
    const db = t.database.db;
    const first = (await fetchList(DEMO_STATION_KEYS.shop)).json().data;
    await db
      .update(bracelets)
      .set({ status: 'blocked', blockedAt: new Date() })
      .where(eq(bracelets.code, DEMO_BRACELETS.spare[7]!.code));
    const second = (await fetchList(DEMO_STATION_KEYS.shop)).json().data;
    expect(second.version).not.toBe(first.version);
    expect(second.bracelets.map((b: { code: string }) => b.code)).toContain(DEMO_BRACELETS.spare[7]!.code);

    const concerto = (await db.select().from(events).where(eq(events.slug, 'concerto-demo')))[0]!;
    await db
      .insert(stations)
      .values({ eventId: concerto.id, name: 'Bar Coliseu', keyHash: sha256(OTHER_KEY), role: 'bar' });
    const other = await fetchList(OTHER_KEY);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toMatchObject({ event_id: concerto.id, bracelets: [] });
    expect(other.json().data.public_key).not.toBe(second.public_key);
    const otherStation = (
      await db
        .select()
        .from(stations)
        .where(and(eq(stations.eventId, concerto.id), eq(stations.name, 'Bar Coliseu')))
    )[0]!;
    expect(otherStation.role).toBe('bar');
  });

  it('needs a station key', async () => {
    const res = await fetchList();
    expect(res.statusCode).toBe(401);
    expect(expectErrorShape(res).code).toBe('station_unauthorized');
  });
});

describe('npm run ops -- stations (issue 23 item 10)', () => {
  it("gives a station its role (audited) and sets an event's wallet times", async () => {
    const db = t.database.db;
    const ev = await festival();
    const key = 'test-station-new-cash-desk-0001';
    const [row] = await db
      .insert(stations)
      .values({ eventId: ev.id, name: 'Caixa 2', keyHash: sha256(key) })
      .returning();
    expect(row!.role).toBe('bar'); // a new station sells only
    const topUp = (id: string) =>
      upload(key, [
        { id, bracelet: DEMO_BRACELETS.spare[4]!.code, type: 'topup', amount_cents: 100, occurred_at: iso() },
      ]);
    expect((await topUp('ops-1')).json().data.results[0].reason).toBe('not_allowed_for_station');
    expect((await setStationRole(db, String(row!.id), 'admin', 'ops:test')).code).toBe(2);
    expect((await setStationRole(db, '999999', 'topup', 'ops:test')).code).toBe(1);
    expect(await setStationRole(db, String(row!.id), 'topup', 'ops:test')).toEqual({
      code: 0,
      text: `Station ${row!.id} is now a topup station.`,
    });
    expect((await topUp('ops-2')).json().data.results[0].status).toBe('accepted');

    expect(
      (await setWalletTimes(db, 'festival-demo', ['--offline-window-minutes', '99999'], 'ops:test')).code,
    ).toBe(2);
    expect(
      (await setWalletTimes(db, 'no-such-event', ['--offline-window-minutes', '60'], 'ops:test')).code,
    ).toBe(1);
    try {
      const set = await setWalletTimes(
        db,
        'festival-demo',
        ['--opens-at', 'none', '--offline-window-minutes', '120'],
        'ops:test',
      );
      expect(set.code).toBe(0);
      const now = (await festival())!;
      expect([now.walletOpensAt, now.walletOfflineWindowMinutes]).toEqual([null, 120]);
    } finally {
      await db
        .update(events)
        .set({ walletOpensAt: ev.walletOpensAt, walletOfflineWindowMinutes: ev.walletOfflineWindowMinutes })
        .where(eq(events.id, ev.id));
    }
  });
});
