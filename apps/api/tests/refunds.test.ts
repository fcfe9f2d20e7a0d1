import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { customers, events, walletTransactions, wallets } from '../src/db/schema/index';
import { creditOnlineTopUp } from '../src/modules/wallet/wallet-ledger.service';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';

const OPERATOR_KEY = 'test-operator-key-0123456789';
const VALID_IBAN = 'PT50 0002 0123 1234 5678 9015 4';
let t: TestApp;
let festivalId: number;
let ruiId: number;
let anaToken: string;
let ruiToken: string;

beforeAll(async () => {
  t = await createTestApp({ config: { OPERATOR_KEY, MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
  ruiId = (await db.select().from(customers).where(eq(customers.mobile, '+351913456789')))[0]!.id;
  anaToken = await login(t.app, DEMO.ana);
  ruiToken = await login(t.app, DEMO.rui);
  const anaId = (await db.select().from(customers).where(eq(customers.mobile, '+351912345678')))[0]!.id;
  // an online top-up for Ana whatever the commerce seed did
  await db.transaction((tx) =>
    creditOnlineTopUp(
      tx,
      {
        customerId: anaId,
        eventId: festivalId,
        amountCents: 2000,
        idempotencyKey: 'test:ana-topup',
        description: 'Carregamento online',
      },
      new Date(),
    ),
  );
});
afterAll(() => t.close());

const walletEvent = (token: string) =>
  injectAs(t.app, token, { url: `/api/customers/wallet-event?event_id=${festivalId}` });
const requestRefund = (token: string, payload: Record<string, unknown>, locale = 'pt-pt') =>
  injectAs(t.app, token, {
    method: 'POST',
    url: '/api/customers/wallet/refund-requests',
    headers: { 'x-locale': locale },
    payload: { event_id: festivalId, ...payload },
  });
const operator = (method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { 'x-operator-key': OPERATOR_KEY } });

describe('refund request', () => {
  it('refuses an invalid IBAN per field and changes nothing', async () => {
    const before = (await walletEvent(anaToken)).json().data.wallet;
    const res = await requestRefund(anaToken, { iban: 'PT50 0002 0123 1234 5678 9015 5' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(expectErrorShape(res).errors.iban).toEqual([expect.stringMatching(/IBAN/)]);
    expect((await walletEvent(anaToken)).json().data.wallet).toEqual(before);
  });

  it('refuses a confirmation of a stale quote', async () => {
    const res = await requestRefund(anaToken, { iban: VALID_IBAN, expected_refund_cents: 1 });
    expect(res.statusCode).toBe(409);
    expect(expectErrorShape(res).code).toBe('refund_quote_changed');
  });

  it('refunds the online part less the 0.75 EUR fee, from the ledger, and shows the progress', async () => {
    const view = (await walletEvent(anaToken)).json().data;
    const { refundable_cents, refund_cents, fee_cents } = view.refund;
    expect(refundable_cents).toBe(view.wallet.online_cents);
    expect(refund_cents).toBe(refundable_cents - 75);
    expect(fee_cents).toBe(75);
    const res = await requestRefund(anaToken, { iban: VALID_IBAN, expected_refund_cents: refund_cents });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'requested', amount_cents: refund_cents, fee_cents: 75 });
    expect(res.json().data.iban_masked).toBe('PT50 •••• •••• 0154');
    expect(res.json().message).toContain('Pedido de reembolso registado');

    const after = (await walletEvent(anaToken)).json().data;
    expect(after.wallet.online_cents).toBe(0);
    expect(after.wallet.balance_cents).toBe(view.wallet.balance_cents - refundable_cents);
    expect(after.refund.open_request).toMatchObject({ status: 'requested', amount_cents: refund_cents });
    expect(after.refund.refund_cents).toBe(0);

    const again = await requestRefund(anaToken, { iban: VALID_IBAN });
    expect(again.statusCode).toBe(409);
    expect(expectErrorShape(again).code).toBe('refund_open');
  });

  it('two concurrent requests: one refund, refund ≤ refundable − fee, ledger consistent', async () => {
    const db = t.database.db;
    await db.transaction((tx) =>
      creditOnlineTopUp(
        tx,
        {
          customerId: ruiId,
          eventId: festivalId,
          amountCents: 1000,
          idempotencyKey: 'test:rui-topup',
          description: 'Carregamento online',
        },
        new Date(),
      ),
    );
    const [a, b] = await Promise.all([
      requestRefund(ruiToken, { iban: VALID_IBAN }),
      requestRefund(ruiToken, { iban: 'DE89 3704 0044 0532 0130 00' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = (a.statusCode === 200 ? a : b).json().data;
    expect(ok.amount_cents).toBe(1000 - 75);
    const w = (await db.select().from(wallets).where(eq(wallets.customerId, ruiId)))[0]!;
    expect(w.balanceCents).toBe(0);
    const sums = await ledgerSums(db, w.id);
    expect(sums).toMatchObject({ balance: 0, online: 0, n: 3 });
    const rows = await db.select().from(walletTransactions).where(eq(walletTransactions.walletId, w.id));
    expect(rows.map((r) => [r.type, r.amountCents]).sort()).toEqual(
      [
        ['fee', -75],
        ['refund', -925],
        ['topup', 1000],
      ].sort(),
    );
  });

  it('follows the event rules: not allowed, not yet available, deadline passed', async () => {
    const db = t.database.db;
    const original = (await db.select().from(events).where(eq(events.id, festivalId)))[0]!;
    const day = 24 * 3600 * 1000;
    const cases = [
      [{ refundsAllowed: false }, 'refund_not_allowed'],
      [{ refundOpensAt: new Date(Date.now() + day) }, 'refund_not_yet_available'],
      [{ refundClosesAt: new Date(Date.now() - day) }, 'refund_deadline_passed'],
    ] as const;
    try {
      for (const [set, code] of cases) {
        await db.update(events).set(set).where(eq(events.id, festivalId));
        const res = await requestRefund(ruiToken, { iban: VALID_IBAN });
        expect(res.statusCode).toBe(422);
        expect(expectErrorShape(res).code).toBe(code);
        const view = (await walletEvent(ruiToken)).json().data;
        expect(view.refund.availability).toBe(code.replace('refund_', ''));
        await db
          .update(events)
          .set({
            refundsAllowed: original.refundsAllowed,
            refundOpensAt: original.refundOpensAt,
            refundClosesAt: original.refundClosesAt,
          })
          .where(eq(events.id, festivalId));
      }
    } finally {
      await db
        .update(events)
        .set({
          refundsAllowed: original.refundsAllowed,
          refundOpensAt: original.refundOpensAt,
          refundClosesAt: original.refundClosesAt,
        })
        .where(eq(events.id, festivalId));
    }
  });
});

describe('operator: approve, SEPA export, paid, reject', () => {
  it('needs the operator key', async () => {
    const res = await t.app.inject({ url: '/api/operator/refunds' });
    expect(res.statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/api/operator/refunds',
      headers: { 'x-operator-key': 'wrong-key-wrong-key' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('approves, exports one pain.001 file, marks paid; the customer sees each step', async () => {
    const list = (await operator('GET', '/api/operator/refunds?status=requested')).json().data as {
      id: number;
      customer_mobile: string;
    }[];
    const ana = list.find((r) => r.customer_mobile === '+351912345678')!;
    expect((await operator('POST', `/api/operator/refunds/${ana.id}/approve`)).json().data.status).toBe(
      'approved',
    );
    expect((await operator('POST', `/api/operator/refunds/${ana.id}/approve`)).statusCode).toBe(409);
    expect((await walletEvent(anaToken)).json().data.refund.open_request.status).toBe('approved');

    const file = await operator('POST', '/api/operator/refunds/sepa-export');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    const xml = file.body;
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain('<IBAN>PT50000201231234567890154</IBAN>');
    expect(xml).toContain('<NbOfTxs>1</NbOfTxs>');
    expect(xml).toMatch(/<InstdAmt Ccy="EUR">\d+\.\d{2}<\/InstdAmt>/);
    expect(xml).toContain('<Nm>Ana Silva</Nm>');
    // nothing left to export: a business state (422), not a missing resource
    expect((await operator('POST', '/api/operator/refunds/sepa-export')).statusCode).toBe(422);

    expect((await operator('POST', `/api/operator/refunds/${ana.id}/reject`)).statusCode).toBe(409);
    expect((await operator('POST', `/api/operator/refunds/${ana.id}/paid`)).json().data.status).toBe('paid');
    const view = (await walletEvent(anaToken)).json().data.refund;
    expect(view.open_request).toBeNull();
    expect(view.last_request.status).toBe('paid');
    expect((await operator('POST', '/api/operator/refunds/999999/approve')).statusCode).toBe(404);
  });

  it('a rejected request puts the refund and the fee back into the online part', async () => {
    const list = (await operator('GET', '/api/operator/refunds?status=requested')).json().data as {
      id: number;
      customer_mobile: string;
    }[];
    const rui = list.find((r) => r.customer_mobile === '+351913456789')!;
    const res = await operator('POST', `/api/operator/refunds/${rui.id}/reject`);
    expect(res.json().data.status).toBe('rejected');
    const view = (await walletEvent(ruiToken)).json().data;
    expect(view.wallet).toMatchObject({ balance_cents: 1000, online_cents: 1000 });
    expect(view.refund.last_request.status).toBe('rejected');
    // rejecting twice gives nothing back twice
    expect((await operator('POST', `/api/operator/refunds/${rui.id}/reject`)).statusCode).toBe(409);
    expect((await walletEvent(ruiToken)).json().data.wallet.balance_cents).toBe(1000);
  });
});
