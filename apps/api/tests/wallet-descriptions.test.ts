import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, events, walletTransactions, wallets } from '../src/db/schema/index';
import { buildExport } from '../src/modules/gdpr/gdpr.service';
import { createTestApp, DEMO, injectAs, login, type TestApp } from './helpers';

let t: TestApp;
let ana: string;
let anaId: number;
let festivalId: number;
let walletId: number;

const list = async (locale: string) => {
  const res = await injectAs(t.app, ana, {
    url: `/api/customers/wallet-transactions?event_id=${festivalId}&limit=100`,
    headers: { 'x-locale': locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number; type: string; description: string }[]).map((r) => r.description);
};

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  anaId = (await db.select().from(customers).where(eq(customers.mobile, '+351912345678')))[0]!.id;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
  walletId = (await db.select().from(wallets).where(eq(wallets.customerId, anaId))).find(
    (w) => w.eventId === festivalId,
  )!.id;
  ana = await login(t.app, DEMO.ana);
  const at = new Date(Date.now() - 60_000);
  // as the bar's one-statement write stores a payment sent without text; a row of before the codes
  await db.insert(walletTransactions).values([
    {
      walletId,
      type: 'consumption',
      amountCents: 0,
      description: '',
      idempotencyKey: 'test:bare',
      occurredAt: at,
    },
    {
      walletId,
      type: 'fee',
      amountCents: 0,
      description: 'Texto antigo',
      idempotencyKey: 'test:old',
      occurredAt: at,
    },
  ]);
});
afterAll(() => t.close());

describe('wallet transaction descriptions in the reader’s language (issue 25 item 11)', () => {
  it('stores system descriptions as codes and renders them per request; a till’s text stays as sent', async () => {
    const stored = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, walletId));
    const topUp = stored.find((r) => r.descriptionCode === 'online_topup');
    expect(topUp).toMatchObject({ type: 'topup', description: '' });
    expect(stored.find((r) => r.descriptionCode === 'station_topup')).toBeDefined();

    const pt = await list('pt-pt');
    const en = await list('en');
    const es = await list('es');
    expect(pt).toEqual(
      expect.arrayContaining(['Carregamento da carteira', 'Carregamento no local', 'Consumo']),
    );
    expect(en).toEqual(
      expect.arrayContaining(['Wallet top-up', 'Top-up at the event', 'Purchase at the event']),
    );
    expect(es).toEqual(expect.arrayContaining(['Recarga del monedero', 'Recarga en el recinto', 'Consumo']));
    expect(en.join('|')).not.toMatch(/Carregamento/);
    // the till's item list, and a row written before the codes, read as stored in every language
    for (const texts of [pt, en, es])
      expect(texts).toEqual(expect.arrayContaining(['2× Imperial', 'Texto antigo']));
  });

  it('the data export writes them in the language it is asked in', async () => {
    const data = (await buildExport(t.database.db, anaId, new Date(), 'en')) as {
      wallets: { event_slug: string; transactions: { description: string }[] }[];
    };
    const texts = data.wallets
      .find((w) => w.event_slug === 'festival-demo')!
      .transactions.map((x) => x.description);
    expect(texts).toEqual(expect.arrayContaining(['Wallet top-up', '2× Imperial']));
  });
});
