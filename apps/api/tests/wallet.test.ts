import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers';
import { customers, events, walletTransactions, wallets } from '../src/db/schema/index';
import { creditOnlineTopUp } from '../src/modules/wallet/wallet-ledger.service';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';

let t: TestApp;
let anaId: number;
let ruiId: number;
let festivalId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  anaId = (await db.select().from(customers).where(eq(customers.mobile, '+351912345678')))[0]!.id;
  ruiId = (await db.select().from(customers).where(eq(customers.mobile, '+351913456789')))[0]!.id;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
});
afterAll(() => t.close());

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
    const w = (await db.select().from(wallets).where(eq(wallets.customerId, ruiId)))[0]!;
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
