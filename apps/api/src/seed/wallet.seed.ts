import type { DemoContext } from './seed';
import { sha256 } from '../lib/crypto';
import { bracelets } from '../db/schema/index';
import { creditWallet, debitWallet } from '../modules/wallet/wallet-ledger.service';
import { getOrCreateCustomerWallet, lockWallet } from '../modules/wallet/wallet.repository';
import { insertStation } from '../modules/stations/stations.repository';
import { hashBraceletSecret } from '../modules/wallet/bracelet-proof';

/** Demo station keys (README): stored hashed, given here in clear for the demo only. */
export const DEMO_STATION_KEYS = {
  bar: 'demo-station-bar-key-0001',
  shop: 'demo-station-shop-key-0001',
  topup: 'demo-station-topup-key-0001',
} as const;

/**
 * Ana's bracelet at festival-demo, and spare bracelets anyone can link (with the secret
 * printed inside: README) or top up. Spare 20000n has secret SPARE + the n-th letter × 3.
 */
export const DEMO_BRACELETS = {
  ana: { uid: '04A1B2C3D4E501', code: '100001', secret: 'ANAX7K4Q' },
  spare: Array.from({ length: 8 }, (_, i) => ({
    uid: `04F0E0D0C0B0${String(i + 1).padStart(2, '0')}`,
    code: String(200001 + i),
    secret: `SPARE${'ABCDEFGH'[i]!.repeat(3)}`,
  })),
} as const;

const HOUR = 3600 * 1000;

/**
 * festival-demo: three stations, Ana's linked bracelet, spare bracelets and a few
 * consumptions. Ana's online top-up comes from the commerce seed (an order fulfilled
 * through creditOnlineTopUp); the demo consumptions are paid by a cash top-up at the cash
 * point, so the ledger is consistent whether that order exists or not and her online
 * (refundable) money stays whole.
 */
export async function seedWallet(ctx: DemoContext): Promise<void> {
  const { tx, now } = ctx;
  const eventId = ctx.catalog.events['festival-demo'];
  if (!eventId) return;
  const bar = await insertStation(tx, {
    eventId,
    name: 'Bar Palco Principal',
    keyHash: sha256(DEMO_STATION_KEYS.bar),
    role: 'bar',
  });
  const shop = await insertStation(tx, {
    eventId,
    name: 'Loja Oficial',
    keyHash: sha256(DEMO_STATION_KEYS.shop),
    role: 'shop',
  });
  const cash = await insertStation(tx, {
    eventId,
    name: 'Ponto de Carregamento',
    keyHash: sha256(DEMO_STATION_KEYS.topup),
    role: 'topup',
  });

  const wallet = await getOrCreateCustomerWallet(tx, ctx.customers.ana, eventId);
  const [anaBracelet] = await tx
    .insert(bracelets)
    .values({
      eventId,
      uid: DEMO_BRACELETS.ana.uid,
      code: DEMO_BRACELETS.ana.code,
      secretHash: hashBraceletSecret(DEMO_BRACELETS.ana.uid, DEMO_BRACELETS.ana.secret),
      walletId: wallet.id,
      // linked before the demo cash top-up below (51 h ago)
      linkedAt: new Date(now.getTime() - 52 * HOUR),
    })
    .returning();
  await tx.insert(bracelets).values(
    DEMO_BRACELETS.spare.map((b) => ({
      eventId,
      uid: b.uid,
      code: b.code,
      secretHash: hashBraceletSecret(b.uid, b.secret),
    })),
  );

  const consumptions = [
    { station: shop.id, cents: 2500, description: '1× T-shirt oficial', at: -50 },
    { station: bar.id, cents: 350, description: '1× Água 50 cl, 1× Café', at: -26 },
    { station: bar.id, cents: 500, description: '2× Imperial', at: -25 },
  ];
  const needed = consumptions.reduce((s, c) => s + c.cents, 0);
  const current = (await lockWallet(tx, wallet.id))!;
  if (current.balance_cents - current.online_cents < needed) {
    await creditWallet(
      tx,
      {
        walletId: wallet.id,
        type: 'topup',
        amountCents: needed - (current.balance_cents - current.online_cents),
        onlineCents: 0,
        idempotencyKey: `seed:station:${cash.id}:ana-cash`,
        description: { code: 'station_topup' },
        stationId: cash.id,
        braceletId: anaBracelet!.id,
      },
      new Date(now.getTime() - 51 * HOUR),
    );
  }
  for (const [i, c] of consumptions.entries()) {
    await debitWallet(
      tx,
      {
        walletId: wallet.id,
        type: 'consumption',
        amountCents: c.cents,
        source: 'offline-first',
        idempotencyKey: `seed:station:${c.station}:ana-${i + 1}`,
        description: c.description,
        stationId: c.station,
        braceletId: anaBracelet!.id,
      },
      new Date(now.getTime() + c.at * HOUR),
    );
  }
}
