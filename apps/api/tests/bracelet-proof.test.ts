import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { auditLog, bracelets, customers, events, wallets } from '../src/db/schema/index';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';
import { BRACELET_LINK_LIMITS } from '../src/modules/wallet/bracelet-proof';

/**
 * Issue 23 item 3: a bracelet is linked only with proof of possession (the secret printed
 * inside or the NFC UID), failures answer alike and are throttled per customer and per IP,
 * and an anonymous balance moves only with proof, audited with its amounts.
 */
let t: TestApp;
let festivalId: number;
let ruiId: number;
let ruiToken: string;
let anaToken: string;
const spare = DEMO_BRACELETS.spare;
const LINK = '/api/customers/wallet/bracelets';

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
  ruiId = (await db.select().from(customers).where(eq(customers.mobile, '+351913456789')))[0]!.id;
  ruiToken = await login(t.app, DEMO.rui);
  anaToken = await login(t.app, DEMO.ana);
});
afterAll(() => t.close());

let ipSeq = 0;
/** Each test its own client IP, so the per-IP counter of one test does not leak into the next. */
const freshIp = () => `198.51.100.${++ipSeq}`;

function link(token: string, payload: Record<string, unknown>, ip: string, locale = 'pt-pt') {
  return injectAs(t.app, token, {
    method: 'POST',
    url: LINK,
    remoteAddress: ip,
    headers: { 'x-locale': locale },
    payload: { event_id: festivalId, ...payload },
  });
}

async function braceletOf(code: string) {
  return (await t.database.db.select().from(bracelets).where(eq(bracelets.code, code)))[0]!;
}

async function cashTopUp(uid: string, cents: number, id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: { 'x-station-key': DEMO_STATION_KEYS.topup },
    payload: {
      transactions: [
        { id, bracelet: uid, type: 'topup', amount_cents: cents, occurred_at: new Date().toISOString() },
      ],
    },
  });
  expect(res.json().data.results[0].status).toBe('accepted');
}

async function clearLimits() {
  await t.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'bracelet-link:%'`);
}

describe('linking a bracelet proves possession', () => {
  it('refuses the public code alone, and moves nothing', async () => {
    await cashTopUp(spare[2]!.uid, 1200, 'proof-cash-1');
    const res = await link(ruiToken, { code: spare[2]!.code }, freshIp(), 'en');
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.secret).toEqual([
      'Enter the secret code printed inside the bracelet (or read the bracelet by NFC).',
    ]);
    const b = await braceletOf(spare[2]!.code);
    const anon = (await t.database.db.select().from(wallets).where(eq(wallets.id, b.walletId!)))[0]!;
    expect(anon.customerId).toBeNull();
    expect(anon.balanceCents).toBe(1200);
  });

  it('answers an unknown code, a wrong secret and a bracelet of another account alike', async () => {
    const ip = freshIp();
    const unknown = await link(ruiToken, { code: '999999', secret: spare[3]!.secret }, ip);
    const wrong = await link(ruiToken, { code: spare[3]!.code, secret: 'WRQNG234' }, ip);
    const wrongUid = await link(ruiToken, { code: spare[3]!.code, uid: '04:00:00:00:00:00:99' }, ip);
    const taken = await link(ruiToken, { code: DEMO_BRACELETS.ana.code, secret: 'WRQNG234' }, ip);
    // even with Ana's real secret, her bracelet is not Rui's to take
    const takenRight = await link(
      ruiToken,
      { code: DEMO_BRACELETS.ana.code, secret: DEMO_BRACELETS.ana.secret },
      ip,
    );
    const all = [unknown, wrong, wrongUid, taken, takenRight];
    for (const r of all) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual(unknown.json());
    }
    expect(expectErrorShape(unknown)).toMatchObject({
      code: 'bracelet_no_match',
      message: expect.stringContaining('código secreto'),
    });
    const es = await link(ruiToken, { code: '999998', secret: 'WRQNG234' }, ip, 'es');
    expect(es.json().message).toContain('código secreto no corresponden');
    // Ana's bracelet stayed hers, spare 3 stayed unclaimed
    expect((await braceletOf(spare[3]!.code)).walletId).toBeNull();
    await clearLimits();
  });

  it('links with code + secret, moves the anonymous balance and audits the merge with its amounts', async () => {
    const before = (await t.database.db.select().from(wallets).where(eq(wallets.customerId, ruiId)))[0];
    const anonId = (await braceletOf(spare[2]!.code)).walletId!;
    // typed as printed: lower case, split by a hyphen
    const secret = `${spare[2]!.secret.slice(0, 4)}-${spare[2]!.secret.slice(4)}`.toLowerCase();
    const res = await link(ruiToken, { code: spare[2]!.code, secret }, freshIp());
    expect(res.statusCode).toBe(200);
    const after = (await t.database.db.select().from(wallets).where(eq(wallets.customerId, ruiId)))[0]!;
    expect(after.balanceCents).toBe((before?.balanceCents ?? 0) + 1200);
    expect((await braceletOf(spare[2]!.code)).walletId).toBe(after.id);
    const merges = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bracelet.merge'), eq(auditLog.actor, `customer:${ruiId}`)));
    expect(merges).toHaveLength(1);
    expect(merges[0]!.data).toMatchObject({
      code: spare[2]!.code,
      fromWalletId: anonId,
      toWalletId: after.id,
      amountCents: 1200,
      onlineCents: 0,
      proof: 'secret',
    });
  });

  it('links with the NFC UID the phone read (Web NFC form "04:f0:…")', async () => {
    const uid = spare[4]!.uid.match(/../g)!.join(':').toLowerCase();
    const res = await link(ruiToken, { code: spare[4]!.code, uid }, freshIp());
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'bracelet.link'),
          eq(auditLog.entityId, String((await braceletOf(spare[4]!.code)).id)),
        ),
      );
    expect(rows[0]!.data).toMatchObject({ proof: 'uid' });
  });

  it(`refuses everything for the customer after ${BRACELET_LINK_LIMITS.perCustomer.max} failures in an hour, the right secret included`, async () => {
    await cashTopUp(spare[5]!.uid, 700, 'proof-cash-2');
    for (let i = 0; i < BRACELET_LINK_LIMITS.perCustomer.max; i++) {
      // a different IP each time: the customer's own counter trips
      const r = await link(ruiToken, { code: spare[5]!.code, secret: 'WRQNG234' }, freshIp());
      expect(r.statusCode).toBe(422);
    }
    const right = await link(ruiToken, { code: spare[5]!.code, secret: spare[5]!.secret }, freshIp(), 'en');
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect(expectErrorShape(right).code).toBe('rate_limited');
    // nothing moved
    const b = await braceletOf(spare[5]!.code);
    const anon = (await t.database.db.select().from(wallets).where(eq(wallets.id, b.walletId!)))[0]!;
    expect(anon).toMatchObject({ customerId: null, balanceCents: 700 });
    // another customer is not locked out by Rui's failures
    const ana = await link(anaToken, { code: spare[6]!.code, secret: spare[6]!.secret }, freshIp());
    expect(ana.statusCode).toBe(200);
    await clearLimits();
  });

  it('throttles failures per IP across customers, and successes do not count', async () => {
    const ip = freshIp();
    // successes give their count back
    for (let i = 0; i < 3; i++) {
      const ok = await link(anaToken, { code: spare[6]!.code, secret: spare[6]!.secret }, ip);
      expect(ok.statusCode).toBe(200);
    }
    const max = BRACELET_LINK_LIMITS.perIp.max;
    for (let i = 0; i < max; i++) {
      // keep the customer's own counter below its limit: only the IP's trips
      if (i % (BRACELET_LINK_LIMITS.perCustomer.max - 1) === 0) await clearCustomer();
      const r = await link(ruiToken, { code: '999999', secret: 'WRQNG234' }, ip);
      expect(r.statusCode).toBe(422);
    }
    await clearCustomer();
    const right = await link(ruiToken, { code: spare[5]!.code, secret: spare[5]!.secret }, ip);
    expect(right.statusCode).toBe(429);
    // from another address the same customer gets through
    const elsewhere = await link(ruiToken, { code: spare[5]!.code, secret: spare[5]!.secret }, freshIp());
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts parallel guesses before they run: no burst overtakes the limit', async () => {
    await clearLimits();
    const ip = freshIp();
    const tries = BRACELET_LINK_LIMITS.perCustomer.max + 5;
    const answers = await Promise.all(
      Array.from({ length: tries }, () => link(ruiToken, { code: '999999', secret: 'WRQNG234' }, ip)),
    );
    const refused = answers.filter((r) => r.statusCode === 429).length;
    expect(answers.filter((r) => r.statusCode === 422).length).toBe(BRACELET_LINK_LIMITS.perCustomer.max);
    expect(refused).toBe(5);
    await clearLimits();
  });
});

describe('replacing a lost bracelet needs the same proof for the new one', () => {
  it('refuses the new code without its secret, and with a wrong one, like linking', async () => {
    const ip = freshIp();
    const base = { event_id: festivalId, old_code: spare[2]!.code, new_code: spare[7]!.code };
    const none = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      remoteAddress: ip,
      payload: base,
    });
    expect(none.statusCode).toBe(400);
    expect(expectErrorShape(none).errors.new_secret).toBeDefined();
    const wrong = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      remoteAddress: ip,
      payload: { ...base, new_secret: 'WRQNG234' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(expectErrorShape(wrong).code).toBe('bracelet_no_match');
    // the old bracelet was not blocked by the refused attempt
    expect((await braceletOf(spare[2]!.code)).status).toBe('active');
    const right = await injectAs(t.app, ruiToken, {
      method: 'POST',
      url: '/api/customers/wallet/bracelets/replace',
      remoteAddress: ip,
      payload: { ...base, new_secret: spare[7]!.secret },
    });
    expect(right.statusCode).toBe(200);
    expect((await braceletOf(spare[2]!.code)).status).toBe('blocked');
    expect((await braceletOf(spare[7]!.code)).walletId).toBe((await braceletOf(spare[4]!.code)).walletId);
  });
});

async function clearCustomer() {
  await t.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'bracelet-link:customer:%'`);
}
