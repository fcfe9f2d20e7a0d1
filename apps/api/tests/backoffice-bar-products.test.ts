/**
 * Issue 27 item 5, the bar's products and menus, a bracelet's history and the float reconciled.
 * A bar manager adds products (VAT 0/6/13/23 %, optional stock) and a station's menu; the till
 * reads its menu with its key; a sale naming a product counts its stock down and is never
 * refused for stock, one naming another event's product is refused with a reason; a bracelet
 * is found by UID or code with its ledger paged by keyset; the finance user's reconciliation
 * balances to the cent. Another organiser's ids are 404.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { productSalesOfEvent, tillMenu } from '../src/modules/stations/bar-products.repository';
import { walletLedgerPage } from '../src/modules/wallet/bracelets.admin.repository';
import { eventLedgerSums, eventRefundSums } from '../src/modules/wallet/reconciliation.repository';
import {
  inDays,
  newDraftEvent,
  newOrganizer,
  staffAs,
  staffCall,
  type StaffSession,
} from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let org: number;
let event: number;
let manager: StaffSession;
let finance: StaffSession;
let base: string;
let bar: { id: number; key: string };
let cash: { id: number; key: string };
const bracelet = { uid: '04AB12CD34EF56', code: '731001' };
const other = { uid: '04AB12CD34EF57', code: '731002' };

const call = (
  who: StaffSession,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
  locale?: string,
) => staffCall(t, who, method, url, payload, locale);

let seq = 0;
/** One transaction sent by a till; its result. */
async function till(
  key: string,
  tx: { type: string; amount_cents: number; items?: object[]; bracelet?: string; id?: string },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stations/transactions',
    headers: { 'x-station-key': key },
    payload: {
      transactions: [
        {
          id: tx.id ?? `bp-${++seq}`,
          bracelet: tx.bracelet ?? bracelet.code,
          type: tx.type,
          amount_cents: tx.amount_cents,
          occurred_at: new Date().toISOString(),
          items: tx.items ?? [],
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results[0];
}

const products = async () => (await call(manager, 'GET', `${base}/products`)).json().data;

beforeAll(async () => {
  t = await createTestApp();
  org = await newOrganizer(t);
  const owner = await staffAs(t, { role: 'owner', organizerId: org });
  manager = await staffAs(t, { role: 'bar_manager', organizerId: org });
  finance = await staffAs(t, { role: 'finance', organizerId: org });
  // tills record from 48 h before the doors open: an event tomorrow
  event = await newDraftEvent(t, owner, org, {
    name: 'Festa do Bar',
    starts_at: inDays(1),
    ends_at: inDays(2),
    wallet_enabled: true,
  });
  base = `/api/backoffice/organizers/${org}/events/${event}`;
  const station = async (name: string, role: string) =>
    (await call(manager, 'POST', `${base}/stations`, { name, role })).json().data;
  bar = await station('Bar Palco', 'bar');
  cash = await station('Caixa', 'topup');
  const csv = `${bracelet.uid},${bracelet.code}\n${other.uid},${other.code}`;
  expect((await call(manager, 'POST', `${base}/bracelets/import`, { csv })).statusCode).toBe(201);
});
afterAll(() => t.close());

describe('products and menus', () => {
  let beer: { id: number };
  let water: { id: number };

  it('a bar manager adds products and refuses bad ones in the caller’s language', async () => {
    const made = await call(manager, 'POST', `${base}/products`, {
      name: 'Imperial',
      price_cents: 300,
      vat_rate: 23,
      stock: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().message).toBe('Produto «Imperial» criado.');
    beer = made.json().data;
    expect(beer).toMatchObject({
      name: 'Imperial',
      price_cents: 300,
      vat_rate: 23,
      stock: 2,
      active: true,
      sold: 0,
      remaining: 2,
    });
    water = (
      await call(manager, 'POST', `${base}/products`, { name: 'Água', price_cents: 150, vat_rate: 6 })
    ).json().data;
    expect(water).toMatchObject({ stock: null, remaining: null });

    const bad = await call(
      manager,
      'POST',
      `${base}/products`,
      { name: ' ', price_cents: -1, vat_rate: 7, stock: 1.5 },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'price_cents', 'stock', 'vat_rate']);
    expect(bad.json().errors.vat_rate).toEqual(['Choose a VAT rate: 0, 6, 13 or 23 %.']);
    expect(await products()).toHaveLength(2);

    const changed = await call(manager, 'PATCH', `${base}/products/${water.id}`, {
      price_cents: 200,
      vat_rate: 13,
    });
    expect(changed.json().data).toMatchObject({ price_cents: 200, vat_rate: 13 });
    expect((await call(manager, 'PATCH', `${base}/products/${water.id}`, {})).statusCode).toBe(400);
    expect((await call(manager, 'PATCH', `${base}/products/999999`, { name: 'X' })).statusCode).toBe(404);
  });

  it('a station’s menu in order; the till reads its active products with prices and VAT', async () => {
    const set = await call(manager, 'PUT', `${base}/stations/${bar.id}/menu`, {
      product_ids: [water.id, beer.id],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(manager, 'GET', `${base}/stations/${bar.id}/menu`)).json().data.product_ids).toEqual([
      water.id,
      beer.id,
    ]);
    const menu = async () =>
      (await t.app.inject({ url: '/api/stations/menu', headers: { 'x-station-key': bar.key } })).json().data;
    expect(await menu()).toEqual({
      station_id: bar.id,
      station_name: 'Bar Palco',
      products: [
        { id: water.id, name: 'Água', price_cents: 200, vat_rate: 13, remaining: null },
        { id: beer.id, name: 'Imperial', price_cents: 300, vat_rate: 23, remaining: 2 },
      ],
    });
    // inactive: off the till's menu, still on the station's list
    await call(manager, 'PATCH', `${base}/products/${water.id}`, { active: false });
    expect((await menu()).products.map((p: { id: number }) => p.id)).toEqual([beer.id]);
    await call(manager, 'PATCH', `${base}/products/${water.id}`, { active: true });
    expect((await t.app.inject({ url: '/api/stations/menu' })).statusCode).toBe(401);

    const repeated = await call(manager, 'PUT', `${base}/stations/${bar.id}/menu`, {
      product_ids: [beer.id, beer.id],
    });
    expect(repeated.statusCode).toBe(400);
  });

  it('a sale naming a product counts its stock down, never refused for stock; a repeat counts once', async () => {
    expect(await till(cash.key, { type: 'topup', amount_cents: 5000 })).toMatchObject({ status: 'accepted' });
    const items = [
      { name: 'Imperial', qty: 3, unit_cents: 300, product_id: beer.id },
      { name: 'Água', qty: 1, unit_cents: 200, product_id: water.id },
      { name: 'Tremoços', qty: 1, unit_cents: 100 },
    ];
    const sold = await till(bar.key, { id: 'sale-1', type: 'consumption', amount_cents: 1200, items });
    expect(sold).toMatchObject({ status: 'accepted', balance_cents: 3800 });
    const again = await till(bar.key, { id: 'sale-1', type: 'consumption', amount_cents: 1200, items });
    expect(again).toMatchObject({ status: 'duplicate', first_status: 'accepted' });
    const list = await products();
    // stock 2, 3 sold: oversold, shown as -1 left
    expect(list.find((p: { id: number }) => p.id === beer.id)).toMatchObject({
      sold: 3,
      sales_cents: 900,
      remaining: -1,
    });
    expect(list.find((p: { id: number }) => p.id === water.id)).toMatchObject({ sold: 1, sales_cents: 200 });
    // a second sale of the oversold product still goes through
    const more = await till(bar.key, {
      type: 'consumption',
      amount_cents: 300,
      items: [{ name: 'Imperial', qty: 1, unit_cents: 300, product_id: beer.id }],
    });
    expect(more).toMatchObject({ status: 'accepted', balance_cents: 3500 });
    expect((await products()).find((p: { id: number }) => p.id === beer.id).remaining).toBe(-2);

    // the live dashboard's spend per product
    const owner = await staffAs(t, { role: 'owner', organizerId: org });
    const dash = (await call(owner, 'GET', `${base}/dashboard`)).json().data;
    expect(dash.wallet.products).toEqual([
      { id: beer.id, name: 'Imperial', sold: 4, spend_cents: 1200 },
      { id: water.id, name: 'Água', sold: 1, spend_cents: 200 },
    ]);
  });

  it('a product of another organiser’s event is refused with unknown_product and changes nothing', async () => {
    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const otherEvent = await newDraftEvent(t, otherOwner, otherOrg);
    const foreignBase = `/api/backoffice/organizers/${otherOrg}/events/${otherEvent}`;
    const foreign = (
      await call(otherOwner, 'POST', `${foreignBase}/products`, {
        name: 'Vinho',
        price_cents: 400,
        vat_rate: 13,
      })
    ).json().data;
    const refused = await till(bar.key, {
      type: 'consumption',
      amount_cents: 400,
      items: [{ name: 'Vinho', qty: 1, unit_cents: 400, product_id: foreign.id }],
    });
    expect(refused).toEqual({ id: expect.any(String), status: 'rejected', reason: 'unknown_product' });
    const found = await call(manager, 'GET', `${base}/bracelets/lookup?ref=${bracelet.code}`);
    expect(found.json().data.balance_cents).toBe(3500);
    // nor can a menu hold it, nor can another organiser see or change this event's products
    const menu = await call(manager, 'PUT', `${base}/stations/${bar.id}/menu`, { product_ids: [foreign.id] });
    expect(menu.statusCode).toBe(400);
    expect(
      (await call(otherOwner, 'GET', `/api/backoffice/organizers/${otherOrg}/events/${event}/products`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(otherOwner, 'PATCH', `${foreignBase}/products/${beer.id}`, { name: 'Roubado' })).statusCode,
    ).toBe(404);
    // finance has no bar.manage
    expect((await call(finance, 'GET', `${base}/products`)).statusCode).toBe(403);
  });
});

describe('a bracelet’s history', () => {
  it('found by UID or code, its ledger newest first with the balance after, paged by keyset', async () => {
    const byUid = (await call(manager, 'GET', `${base}/bracelets/lookup?ref=${bracelet.uid}`)).json().data;
    expect(byUid).toMatchObject({
      uid: bracelet.uid,
      code: bracelet.code,
      status: 'active',
      linked: false,
      holder_first_name: null,
      balance_cents: 3500,
    });
    // 55 small payments in one batch: two pages
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/transactions',
      headers: { 'x-station-key': bar.key },
      payload: {
        transactions: Array.from({ length: 55 }, (_, i) => ({
          id: `many-${i}`,
          bracelet: bracelet.uid,
          type: 'consumption',
          amount_cents: 10,
          occurred_at: new Date(Date.now() + i * 10).toISOString(),
        })),
      },
    });
    expect(res.json().data.accepted).toBe(55);
    const url = `${base}/bracelets/${byUid.id}/transactions`;
    const first = (await call(manager, 'GET', url, undefined, 'en')).json();
    expect(first.data).toHaveLength(50);
    const next = first.meta.next;
    expect(next).not.toBeNull();
    const second = (
      await call(
        manager,
        'GET',
        `${url}?before_at=${encodeURIComponent(next.before_at)}&before_id=${next.before_id}`,
      )
    ).json();
    const rows = [...first.data, ...second.data];
    expect(rows).toHaveLength(55 + 3);
    expect(second.meta.next).toBeNull();
    // oldest last: the top-up, then each row's balance is the previous one's plus its amount
    const oldest = rows.at(-1);
    expect(oldest).toMatchObject({
      type: 'topup',
      station: 'Caixa',
      amount_cents: 5000,
      balance_after_cents: 5000,
    });
    for (let i = rows.length - 2; i >= 0; i--)
      expect(rows[i].balance_after_cents).toBe(rows[i + 1].balance_after_cents + rows[i].amount_cents);
    expect(rows[0].balance_after_cents).toBe(3500 - 550);
    expect(rows.find((r) => r.amount_cents === -1200)).toMatchObject({
      type: 'consumption',
      station: 'Bar Palco',
      description: '3× Imperial, 1× Água, 1× Tremoços',
    });
    const bad = await call(manager, 'GET', `${url}?before_id=3`);
    expect(bad.statusCode).toBe(400);
  });

  it('is blocked and unblocked by the team; the till refuses it while blocked', async () => {
    const b = (await call(manager, 'GET', `${base}/bracelets/lookup?ref=${other.code}`)).json().data;
    expect(b).toMatchObject({ status: 'active', balance_cents: 0 });
    expect((await call(manager, 'GET', `${base}/bracelets/${b.id}/transactions`)).json()).toEqual({
      data: [],
      meta: { next: null },
    });
    const blocked = await call(manager, 'POST', `${base}/bracelets/${b.id}/block`);
    expect(blocked.json()).toMatchObject({
      data: { status: 'blocked' },
      message: 'Pulseira bloqueada: os postos recusam-na a partir de agora.',
    });
    expect(await till(cash.key, { type: 'topup', amount_cents: 100, bracelet: other.code })).toMatchObject({
      status: 'rejected',
      reason: 'bracelet_blocked',
    });
    const unblocked = await call(manager, 'POST', `${base}/bracelets/${b.id}/unblock`);
    expect(unblocked.json().data).toMatchObject({ status: 'active', blocked_at: null });
    expect(await till(cash.key, { type: 'topup', amount_cents: 100, bracelet: other.code })).toMatchObject({
      status: 'accepted',
    });
  });

  it('another organiser’s owner finds nothing: 404 for the lookup, the history and a block', async () => {
    const otherOrg = await newOrganizer(t);
    const otherOwner = await staffAs(t, { role: 'owner', organizerId: otherOrg });
    const b = (await call(manager, 'GET', `${base}/bracelets/lookup?ref=${bracelet.code}`)).json().data;
    const theirs = await newDraftEvent(t, otherOwner, otherOrg);
    for (const path of [`/events/${event}`, `/events/${theirs}`]) {
      const at = `/api/backoffice/organizers/${otherOrg}${path}/bracelets`;
      expect((await call(otherOwner, 'GET', `${at}/lookup?ref=${bracelet.code}`)).statusCode).toBe(404);
      expect((await call(otherOwner, 'GET', `${at}/${b.id}/transactions`)).statusCode).toBe(404);
      expect((await call(otherOwner, 'POST', `${at}/${b.id}/block`)).statusCode).toBe(404);
    }
    expect((await call(manager, 'GET', `${base}/bracelets/lookup?ref=000000`)).statusCode).toBe(404);
    // without a reference: 400 for the event's team, still 404 for another organiser
    expect((await call(manager, 'GET', `${base}/bracelets/lookup`)).statusCode).toBe(400);
    const stranger = `/api/backoffice/organizers/${otherOrg}/events/${event}/bracelets/lookup`;
    expect((await call(otherOwner, 'GET', stranger)).statusCode).toBe(404);
  });
});

describe('the float reconciled', () => {
  it('in − out = float to the cent for the finance user, with a CSV; not for the bar manager', async () => {
    const res = await call(finance, 'GET', `${base}/wallet/reconciliation`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.money_in).toEqual({
      topups_online_cents: 0,
      topups_onsite_cents: 5100,
      transfers_net_cents: 0,
      total_cents: 5100,
    });
    expect(r.money_out).toMatchObject({ consumption_cents: 1500 + 550, total_cents: 2050 });
    expect(r.float_cents).toBe(3050);
    expect(r.difference_cents).toBe(0);
    expect(r.money_in.total_cents - r.money_out.total_cents).toBe(r.float_cents);
    expect(r.liability_cents).toBe(0);
    const csv = await call(finance, 'GET', `${base}/wallet/reconciliation.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Saldo nas carteiras (float);30,50;3050');
    expect(csv.body).toContain('Diferença (entradas − saídas − float);0,00;0');
    expect((await call(manager, 'GET', `${base}/wallet/reconciliation`)).statusCode).toBe(403);
  });
});

describe('the reads', () => {
  it('reach the big tables through an index (EXPLAIN with sequential scans priced out)', async () => {
    const plans: string[] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explaining = {
        execute: async (query: SQL) => {
          const res = (await tx.execute(sql`explain (format text) ${query}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          plans.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
          return { rows: [] };
        },
      } as unknown as DbOrTx;
      await productSalesOfEvent(explaining, event);
      await tillMenu(explaining, bar.id);
      await walletLedgerPage(explaining, 1, 51, { at: new Date(), id: 10 });
      await eventLedgerSums(explaining, event);
      await eventRefundSums(explaining, event);
    });
    expect(plans).toHaveLength(5);
    for (const plan of plans)
      expect(plan).not.toMatch(
        /Seq Scan on (bar_product_sales|wallet_transactions|wallets|refund_requests)\b/,
      );
  });
});
