/**
 * Erasure and webhooks: the copies of webhook events kept for replays name the buyer; erasing
 * a customer empties the data of the events made from their rows, and no one else's.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkins, customerTickets, organizers, webhookEvents } from '../src/db/schema/index';
import { ERASURE_PLAN } from '../src/modules/gdpr/erasure.repository';
import { createTestApp, type TestApp } from './helpers';
import { issueTickets } from './tickets.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A new ticket of the demo customer, checked in, and the webhook event made from its check-in. */
async function checkinEvent(mobile: string, holder: string) {
  const db = t.database.db;
  const { ids } = await issueTickets(t, {
    mobile,
    slug: 'festival-demo',
    typeName: 'Bilhete diário — dia 1',
    qty: 1,
  });
  const [ticket] = await db.select().from(customerTickets).where(eq(customerTickets.id, ids[0]!));
  const [row] = await db
    .insert(checkins)
    .values({ ticketId: ticket!.id, day: '2099-01-01', nonce: randomUUID(), scannedAt: new Date() })
    .returning();
  const [org] = await db.select().from(organizers).limit(1);
  const id = randomUUID();
  await db.insert(webhookEvents).values({
    id,
    organizerId: org!.id,
    type: 'checkin.created',
    sourceId: row!.id,
    body: JSON.stringify({ id, type: 'checkin.created', data: { holder } }),
    occurredAt: new Date(),
  });
  return { customerId: ticket!.customerId!, eventId: id };
}

it('erasing a customer empties the data of the webhook events made from their rows, and only theirs', async () => {
  const ana = await checkinEvent('+351912345678', 'Ana Silva');
  const rui = await checkinEvent('+351913456789', 'Rui Costa');
  const step = ERASURE_PLAN.find((s) => s.table === 'webhook_events')!;
  const db = t.database.db;
  const who = { customerId: ana.customerId, mobile: null, confirmedEmail: null };
  expect(await step.run!(db, who, new Date())).toBe(1);
  const body = async (id: string) =>
    JSON.parse((await db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!.body) as {
      type: string;
      data: unknown;
    };
  expect(await body(ana.eventId)).toMatchObject({ type: 'checkin.created', data: { erased: true } });
  expect((await body(rui.eventId)).data).toEqual({ holder: 'Rui Costa' });
});
