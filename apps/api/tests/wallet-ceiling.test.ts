import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WALLET_MAX_BALANCE_CENTS } from '@bilheteira/shared/wallet';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { bracelets, events, orders, wallets } from '../src/db/schema/index';
import { DEMO_BRACELETS, DEMO_STATION_KEYS } from '../src/seed/wallet.seed';

// Issue 23 item 10: the online top-up path keeps to the same wallet ceiling as the tills.
let t: TestApp;
let ana: string;
let festivalId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  ana = await login(t.app, DEMO.ana);
  festivalId = (await t.database.db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
});
afterAll(() => t.close());

async function anaBalance(): Promise<number> {
  const db = t.database.db;
  const b = (await db.select().from(bracelets).where(eq(bracelets.code, DEMO_BRACELETS.ana.code)))[0]!;
  return (await db.select().from(wallets).where(eq(wallets.id, b.walletId!)))[0]!.balanceCents;
}

const cashTopUp = (id: string, cents: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: { 'x-station-key': DEMO_STATION_KEYS.topup },
    payload: {
      transactions: [
        {
          id,
          bracelet: DEMO_BRACELETS.ana.code,
          type: 'topup',
          amount_cents: cents,
          occurred_at: new Date().toISOString(),
        },
      ],
    },
  });

const orderTopUp = (cents: number, locale?: string) =>
  injectAs(t.app, ana, {
    method: 'POST',
    url: '/api/orders',
    headers: locale ? { 'x-locale': locale } : {},
    payload: { event_id: festivalId, include_cart: false, topup_cents: cents },
  });

describe('online top-up and the wallet ceiling', () => {
  it('refuses, before payment, an online top-up that would take the balance over the ceiling', async () => {
    // the cash point loads Ana's wallet to 10.00 EUR under the ceiling
    const start = await anaBalance();
    const up = await cashTopUp('ceil-1', WALLET_MAX_BALANCE_CENTS - 1000 - start);
    expect(up.json().data.results[0]).toMatchObject({ status: 'accepted' });
    expect(await anaBalance()).toBe(WALLET_MAX_BALANCE_CENTS - 1000);
    const ordersBefore = (await t.database.db.select().from(orders)).length;
    // the wallet screen offers no more than fits
    const screen = await injectAs(t.app, ana, { url: `/api/customers/wallet-event?event_id=${festivalId}` });
    expect(screen.json().data.topup.max_cents).toBe(1000);

    const over = await orderTopUp(2000, 'en');
    expect(over.statusCode).toBe(422);
    const body = expectErrorShape(over);
    expect(body.code).toBe('wallet_balance_limit');
    expect(body.message).toBe(
      'This top-up would take the wallet balance above the maximum of 1000,00\u00a0€. You can top up to 10,00\u00a0€.',
    );
    expect(over.json().details).toEqual({ max_cents: WALLET_MAX_BALANCE_CENTS, available_cents: 1000 });
    const pt = await orderTopUp(2000);
    expect(expectErrorShape(pt).message).toMatch(
      /^Este carregamento levaria o saldo da carteira acima do máximo/,
    );
    const es = await orderTopUp(2000, 'es');
    expect(expectErrorShape(es).message).toMatch(/^Esta recarga llevaría el saldo del monedero/);
    // nothing was created to be paid
    expect((await t.database.db.select().from(orders)).length).toBe(ordersBefore);

    // up to the ceiling is fine
    const exact = await orderTopUp(1000);
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('checks the ceiling again when the order is paid, after a till loaded the wallet', async () => {
    // the previous test left Ana 10.00 EUR under the ceiling and an order for exactly that
    const order = await orderTopUp(1000);
    expect(order.statusCode, order.body).toBe(201);
    const orderId: number = order.json().data.id;
    const cash = await cashTopUp('ceil-race', 500);
    expect(cash.json().data.results[0]).toMatchObject({ status: 'accepted' });
    const pay = await injectAs(t.app, ana, {
      method: 'POST',
      url: `/api/orders/${orderId}/pay`,
      headers: { 'x-locale': 'en' },
      payload: { method: 'google_pay' },
    });
    expect(pay.statusCode).toBe(422);
    expect(expectErrorShape(pay).code).toBe('wallet_balance_limit');
    expect(pay.json().details).toEqual({ max_cents: WALLET_MAX_BALANCE_CENTS, available_cents: 500 });
    expect(await anaBalance()).toBe(WALLET_MAX_BALANCE_CENTS - 500);
  });

  it('the tills keep to the same ceiling', async () => {
    const balance = await anaBalance();
    const over = await cashTopUp('ceil-2', WALLET_MAX_BALANCE_CENTS - balance + 1);
    expect(over.json().data.results[0]).toMatchObject({
      status: 'rejected',
      reason: 'balance_limit',
      balance_cents: balance,
    });
  });
});
