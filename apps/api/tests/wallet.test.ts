import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { bracelets, customers, events, walletTransactions, wallets } from '../src/db/schema/index';
import { creditOnlineTopUp } from '../src/modules/wallet/wallet-ledger.service';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';

let t: TestApp;
let anaId: number;
let ruiId: number;
let festivalId: number;
let anaToken: string;
let ruiToken: string;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  anaId = (await db.select().from(customers).where(eq(customers.mobile, '+351912345678')))[0]!.id;
  ruiId = (await db.select().from(customers).where(eq(customers.mobile, '+351913456789')))[0]!.id;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
  anaToken = await login(t.app, DEMO.ana);
  ruiToken = await login(t.app, DEMO.rui);
});
afterAll(() => t.close());

async function walletOf(customerId: number) {
  const db = t.database.db;
  return (await db.select().from(wallets).where(eq(wallets.customerId, customerId)))[0];
}

describe('creditOnlineTopUp', () => {
  it('creates the wallet, credits online money and is idempotent by key', async () => {
    const db = t.database.db;
    const now = new Date();
    const input = {
      customerId: ruiId,
      eventId: festivalId,
      amountCents: 2000,
      idempotencyKey: 'test:order:1',
      description: 'Carregamento online',
      invoice: 'FT 2026/1',
    };
    await db.transaction((tx) => creditOnlineTopUp(tx, input, now));
    await db.transaction((tx) => creditOnlineTopUp(tx, input, now));
    await Promise.all([1, 2, 3].map(() => db.transaction((tx) => creditOnlineTopUp(tx, input, now))));
    const w = (await walletOf(ruiId))!;
    expect(w.balanceCents).toBe(2000);
    expect(w.onlineCents).toBe(2000);
    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.walletId, w.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'topup',
      amountCents: 2000,
      onlineDeltaCents: 2000,
      invoice: 'FT 2026/1',
    });
    expect(await ledgerSums(db, w.id)).toMatchObject({ balance: 2000, online: 2000 });
  });

  it('refuses a non-positive amount and writes nothing', async () => {
    const db = t.database.db;
    await expect(
      db.transaction((tx) =>
        creditOnlineTopUp(
          tx,
          {
            customerId: anaId,
            eventId: festivalId,
            amountCents: 0,
            idempotencyKey: 'test:zero',
            description: 'x',
          },
          new Date(),
        ),
      ),
    ).rejects.toMatchObject({ code: 'wallet_invalid_amount' });
    const rows = await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotencyKey, 'test:zero'));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/customers/wallet-event', () => {
  it('answers the demo wallet of the event given by the Event-Id header, ledger-consistent', async () => {
    const res = await injectAs(t.app, anaToken, {
      url: '/api/customers/wallet-event',
      headers: { 'event-id': String(festivalId) },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.event).toMatchObject({
      slug: 'festival-demo',
      wallet_enabled: true,
      online_topup_enabled: true,
    });
    expect(data.bracelets).toEqual([{ code: DEMO_BRACELETS.ana.code, status: 'active', blocked_at: null }]);
    expect(data.topup).toMatchObject({ min_cents: 500, max_cents: 50_000 });
    expect(data.refund.availability).toBe('allowed');
    expect(data.refund.fee_cents).toBe(75);
    expect(data.refund.refundable_cents).toBe(data.wallet.online_cents);
    const w = (await walletOf(anaId))!;
    const sums = await ledgerSums(t.database.db, w.id);
    expect(data.wallet.balance_cents).toBe(sums.balance);
    expect(data.wallet.online_cents).toBe(sums.online);
  });

  it('accepts ?slug and ?event_id, answers an empty wallet to a customer without one', async () => {
    const bySlug = await injectAs(t.app, ruiToken, { url: '/api/customers/wallet-event?slug=festival-demo' });
    expect(bySlug.statusCode).toBe(200);
    const byId = await injectAs(t.app, ruiToken, {
      url: `/api/customers/wallet-event?event_id=${festivalId}`,
    });
    expect(byId.json()).toEqual(bySlug.json());
    // Rui has no wallet at the past festival: an empty one, nothing refundable
    const past = await injectAs(t.app, ruiToken, {
      url: '/api/customers/wallet-event?slug=festival-passado',
    });
    expect(past.statusCode).toBe(200);
    expect(past.json().data.wallet.balance_cents).toBe(0);
    expect(past.json().data.bracelets).toEqual([]);
    expect(past.json().data.refund.availability).toBe('deadline_passed');
  });

  it('asks for an event, 404s an unknown one and 422s an event without wallet', async () => {
    const none = await injectAs(t.app, anaToken, { url: '/api/customers/wallet-event' });
    expect(none.statusCode).toBe(400);
    expect(expectErrorShape(none).code).toBe('event_required');
    const unknown = await injectAs(t.app, anaToken, { url: '/api/customers/wallet-event?event_id=999999' });
    expect(unknown.statusCode).toBe(404);
    const concert = await injectAs(t.app, anaToken, {
      url: '/api/customers/wallet-event?slug=concerto-demo',
      headers: { 'x-locale': 'en' },
    });
    expect(concert.statusCode).toBe(422);
    expect(expectErrorShape(concert).message).toBe('This event has no cashless wallet.');
    const bad = await injectAs(t.app, anaToken, { url: '/api/customers/wallet-event?event_id=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ url: `/api/customers/wallet-event?event_id=${festivalId}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/customers/wallet-transactions', () => {
  it('lists newest first with station, invoice and time, paginated by cursor without gaps or repeats', async () => {
    const all = await injectAs(t.app, anaToken, {
      url: `/api/customers/wallet-transactions?event_id=${festivalId}&limit=100`,
    });
    expect(all.statusCode).toBe(200);
    const rows = all.json().data as { id: number; occurred_at: string; station: string | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.station === 'Bar Palco Principal')).toBe(true);
    const times = rows.map((r) => r.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q = `/api/customers/wallet-transactions?event_id=${festivalId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await injectAs(t.app, anaToken, { url: q });
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().data.map((r: { id: number }) => r.id));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it('refuses a forged cursor with a 400, and shows nothing of another customer', async () => {
    const bad = await injectAs(t.app, anaToken, {
      url: `/api/customers/wallet-transactions?event_id=${festivalId}&cursor=bm9wZQ`,
    });
    expect(bad.statusCode).toBe(400);
    const rui = await injectAs(t.app, ruiToken, {
      url: `/api/customers/wallet-transactions?event_id=${festivalId}`,
    });
    const anaWallet = (await walletOf(anaId))!;
    const anaIds = (
      await t.database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.walletId, anaWallet.id))
    ).map((r) => r.id);
    for (const r of rui.json().data) expect(anaIds).not.toContain(r.id);
  });
});

describe('bracelets: link, block a lost one, replace it', () => {
  const spare = DEMO_BRACELETS.spare;

  it('links a spare bracelet by code and inside secret; a station top-up made before the link moves into the wallet', async () => {
    // cash top-up at the cash point on an unclaimed bracelet
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/stations/transactions',
      headers: { 'x-station-key': DEMO_STATION_KEYS.topup },
      payload: {
        transactions: [
          {
            id: 'cash-1',
            bracelet: spare[0]!.uid,
            type: 'topup',
            amount_cents: 1500,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(up.json().data.results[0].status).toBe('accepted');
    const before = (await walletOf(ruiId))!;
    const res = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      payload: { event_id: festivalId, code: spare[0]!.code, secret: spare[0]!.secret },
    });
    expect(res.statusCode).toBe(200);
    const after = (await walletOf(ruiId))!;
    expect(after.balanceCents).toBe(before.balanceCents + 1500);
    expect(after.onlineCents).toBe(before.onlineCents);
    expect(await ledgerSums(t.database.db, after.id)).toMatchObject({
      balance: after.balanceCents,
      online: after.onlineCents,
    });
    // linking again is a no-op
    const again = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      payload: { event_id: festivalId, code: spare[0]!.code, secret: spare[0]!.secret },
    });
    expect(again.statusCode).toBe(200);
    expect((await walletOf(ruiId))!.balanceCents).toBe(after.balanceCents);
  });

  it("refuses someone else's bracelet, an unknown code and a malformed code", async () => {
    const taken = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      payload: { event_id: festivalId, code: DEMO_BRACELETS.ana.code, secret: DEMO_BRACELETS.ana.secret },
    });
    // someone else's and unknown answer alike (issue 23: no oracle)
    expect(taken.statusCode).toBe(422);
    expect(expectErrorShape(taken).code).toBe('bracelet_no_match');
    const unknown = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      payload: { event_id: festivalId, code: '999999', secret: spare[0]!.secret },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(taken.json());
    const malformed = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets',
      headers: { 'x-locale': 'en' },
      payload: { event_id: festivalId, code: '12a45', secret: spare[0]!.secret },
    });
    expect(malformed.statusCode).toBe(400);
    expect(expectErrorShape(malformed).errors.code).toEqual(['The bracelet ID has 6 digits.']);
    // blocking another customer's bracelet answers like an unknown one
    const block = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/block',
      payload: { event_id: festivalId, code: DEMO_BRACELETS.ana.code },
    });
    expect(block.statusCode).toBe(404);
  });

  it('replaces a lost bracelet: the old one is refused at the bar, the new one pays from the same balance', async () => {
    const before = (await walletOf(ruiId))!;
    const res = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      payload: {
        event_id: festivalId,
        old_code: spare[0]!.code,
        new_code: spare[1]!.code,
        new_secret: spare[1]!.secret,
      },
    });
    expect(res.statusCode).toBe(200);
    const view = await injectAs(t.app, ruiToken, {
      url: `/api/customers/wallet-event?event_id=${festivalId}`,
    });
    const list = view.json().data.bracelets as { code: string; status: string }[];
    expect(list.find((b) => b.code === spare[0]!.code)?.status).toBe('blocked');
    expect(list.find((b) => b.code === spare[1]!.code)?.status).toBe('active');
    expect(view.json().data.wallet.balance_cents).toBe(before.balanceCents);

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/stations/transactions',
      headers: { authorization: `Bearer ${DEMO_STATION_KEYS.bar}` },
      payload: {
        transactions: [
          {
            id: 'lost-1',
            bracelet: spare[0]!.code,
            type: 'consumption',
            amount_cents: 100,
            occurred_at: new Date().toISOString(),
          },
          {
            id: 'new-1',
            bracelet: spare[1]!.code,
            type: 'consumption',
            amount_cents: 100,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    const [lost, fresh] = pay.json().data.results;
    expect(lost).toMatchObject({ status: 'rejected', reason: 'bracelet_blocked' });
    expect(fresh).toMatchObject({ status: 'accepted', balance_cents: before.balanceCents - 100 });
    const db = t.database.db;
    const b = (await db.select().from(bracelets).where(eq(bracelets.code, spare[1]!.code)))[0]!;
    expect(b.walletId).toBe(before.id);
  });

  it('refuses replacing with the same code', async () => {
    const res = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      payload: {
        event_id: festivalId,
        old_code: spare[1]!.code,
        new_code: spare[1]!.code,
        new_secret: spare[1]!.secret,
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/wallet/events/:slug (quick charge)', () => {
  it('answers promoters, partners and whether online top-up is on', async () => {
    const res = await t.app.inject('/api/wallet/events/festival-demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ online_topup_enabled: true, promoters: ['Promotora Demo'] });
    expect(res.json().data.partners.length).toBeGreaterThan(0);
    const off = await t.app.inject('/api/wallet/events/festival-passado');
    expect(off.json().data.online_topup_enabled).toBe(false);
    expect((await t.app.inject('/api/wallet/events/nope')).statusCode).toBe(404);
  });
});
