/**
 * Issue 27's webhook figure: 1,000 events for one endpoint whose receiver answers 503 for a
 * minute and then 200 are all delivered once it is back, each exactly once (counted by event
 * id at the receiver), none lost, none twice, with two dispatchers and two delivery workers
 * running at once throughout. Time is driven through the workers' `now` (the receiver reads
 * it from the signature's t=), not slept.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { events, wallets } from '../src/db/schema/index';
import { queryRows } from '../src/db/client';
import { dispatchWebhookEvents } from '../src/modules/integrations/webhook-dispatch.service';
import { deliverDueWebhooks, httpSender } from '../src/modules/integrations/webhook-delivery.service';
import { verifyWebhookSignature } from '../src/modules/integrations/webhook-signature';
import { asStaff, newOrganizer, staffAs } from './backoffice-sessions';
import { createTestApp, type TestApp } from './helpers';

const EVENTS = 1_000;
const DOWN_MS = 60_000;
/** how far the test clock moves between worker passes */
const TICK_MS = 15_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

it('delivers 1,000 events exactly once each after the receiver was down for a minute, with two workers', async () => {
  const db = t.database.db;
  const organizerId = await newOrganizer(t);
  const owner = await staffAs(t, { role: 'owner', organizerId });
  const t0 = new Date();
  const upAt = Math.floor((t0.getTime() + DOWN_MS) / 1000);

  let secret = '';
  const accepted = new Map<string, number>();
  let refused = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const signature = String(req.headers['bilheteira-signature']);
      const sentAt = Number(/t=(\d+)/.exec(signature)?.[1]);
      if (!verifyWebhookSignature(signature, body, secret, new Date(sentAt * 1000))) badSignatures++;
      if (sentAt < upAt) {
        refused++;
        res.statusCode = 503;
      } else {
        const id = String(req.headers['bilheteira-event-id']);
        expect(JSON.parse(body).id).toBe(id);
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const created = await asStaff(t, owner, {
      method: 'POST',
      url: `/api/backoffice/organizers/${organizerId}/webhooks`,
      payload: {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        events: ['wallet.transaction'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    secret = created.json().data.secret;

    // 1,000 ledger rows of one wallet (a fixture: how they are written is not what is measured)
    const [event] = await db
      .insert(events)
      .values({
        organizerId,
        slug: `figura-${organizerId}`,
        name: 'Figura',
        address: 'Lisboa',
        contactEmail: 'f@example.pt',
        startsAt: new Date(t0.getTime() + 86_400_000),
        endsAt: new Date(t0.getTime() + 2 * 86_400_000),
      })
      .returning();
    const [wallet] = await db
      .insert(wallets)
      .values({ eventId: event!.id, balanceCents: EVENTS * 100, onlineCents: 0 })
      .returning();
    await db.execute(sql`
      INSERT INTO wallet_transactions (wallet_id, type, amount_cents, idempotency_key, occurred_at)
      SELECT ${wallet!.id}, 'topup', 100, 'figure:' || g, now() FROM generate_series(1, ${EVENTS}) g`);

    const send = httpSender({ production: false });
    let clock = t0.getTime();
    const pass = async () => {
      const now = new Date(clock);
      // two dispatchers and two workers at once, each until it finds nothing more at this time
      for (;;) {
        const [a, b] = await Promise.all([dispatchWebhookEvents(db, now), dispatchWebhookEvents(db, now)]);
        if (a + b === 0) break;
      }
      for (;;) {
        const [a, b] = await Promise.all([
          deliverDueWebhooks(db, now, send),
          deliverDueWebhooks(db, now, send),
        ]);
        if (a + b === 0) break;
      }
    };
    while (accepted.size < EVENTS && clock < t0.getTime() + 3_600_000) {
      await pass();
      clock += TICK_MS;
    }
    // later passes (dispatch and delivery) send nothing more
    for (let i = 0; i < 3; i++) {
      clock += 3_600_000;
      await pass();
    }

    const [made] = await queryRows<{ events: number; deliveries: number; delivered: number; tries: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM webhook_events WHERE organizer_id = ${organizerId}) AS events,
        count(*)::int AS deliveries, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
        sum(attempts)::int AS tries
      FROM webhook_deliveries`,
    );
    const counts = [...accepted.values()];
    const figure = {
      events: made!.events,
      deliveries: made!.deliveries,
      delivered: made!.delivered,
      accepted_ids: accepted.size,
      accepted_more_than_once: counts.filter((n) => n > 1).length,
      refused_with_503: refused,
      bad_signatures: badSignatures,
      attempts: made!.tries,
      down_for_s: DOWN_MS / 1000,
    };
    console.log('webhook figure', JSON.stringify(figure));
    expect(figure).toMatchObject({
      events: EVENTS,
      deliveries: EVENTS,
      delivered: EVENTS,
      accepted_ids: EVENTS,
      accepted_more_than_once: 0,
      bad_signatures: 0,
    });
    // every event was refused while the receiver was down (at 0 s and 30 s), then accepted once
    expect(refused).toBe(2 * EVENTS);
    expect(made!.tries).toBe(3 * EVENTS);
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
}, 300_000);
