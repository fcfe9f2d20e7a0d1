import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, ticketTypes } from '../src/db/schema/index';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Detail {
  ticket_types: {
    id: number;
    name: string;
    available: number;
    last_tickets: boolean;
    max_per_order: number;
  }[];
  sessions: { availability: Record<string, number>; last_tickets: number[] }[];
}
const detail = async (slug: string) =>
  (await t.app.inject(`/api/events/${slug}`)).json<{ data: Detail }>().data;

describe('the organiser hides low stock ("últimos bilhetes")', () => {
  it('shows the exact count above 50 and only "últimos bilhetes" at or below, capped to one order', async () => {
    const before = await detail('concerto-demo');
    const balcao = before.ticket_types.find((x) => x.name === 'Balcão')!;
    expect(balcao).toMatchObject({ available: 400, last_tickets: false });
    await t.database.db.update(ticketTypes).set({ sold: 370 }).where(eq(ticketTypes.id, balcao.id));
    try {
      const low = (await detail('concerto-demo')).ticket_types.find((x) => x.id === balcao.id)!;
      // 30 left is never revealed: the page may offer one order's worth
      expect(low).toMatchObject({ available: balcao.max_per_order, last_tickets: true });
      // an organiser who shows exact counts (0) gets them
      await t.database.db.update(events).set({ lastTicketsAt: 0 }).where(eq(events.slug, 'concerto-demo'));
      const exact = (await detail('concerto-demo')).ticket_types.find((x) => x.id === balcao.id)!;
      expect(exact).toMatchObject({ available: 30, last_tickets: false });
    } finally {
      await t.database.db.update(ticketTypes).set({ sold: 0 }).where(eq(ticketTypes.id, balcao.id));
      await t.database.db.update(events).set({ lastTicketsAt: 50 }).where(eq(events.slug, 'concerto-demo'));
    }
  });

  it('applies per session too: 40 student places are "últimos bilhetes" in every session', async () => {
    const e = await detail('teatro-demo');
    const student = e.ticket_types.find((x) => x.name === 'Estudante')!;
    const normal = e.ticket_types.find((x) => x.name === 'Normal')!;
    expect(student.last_tickets).toBe(true);
    for (const s of e.sessions) {
      expect(s.last_tickets).toEqual([student.id]);
      expect(s.availability[String(student.id)]).toBe(student.max_per_order);
      expect(s.availability[String(normal.id)]).toBeGreaterThan(50);
    }
  });
});

describe('"Desde" prices only where the price can still be paid', () => {
  it('lists no lowest price for a finished or sold-out event', async () => {
    const res = await t.app.inject('/api/events?per_page=50');
    const bySlug = Object.fromEntries(
      res.json<{ data: { slug: string; min_price_cents: number | null }[] }>().data.map((e) => [e.slug, e]),
    );
    expect(bySlug['festival-passado']!.min_price_cents).toBeNull();
    expect(bySlug['esgotado-demo']!.min_price_cents).toBeNull();
    expect(bySlug['festival-demo']!.min_price_cents).toBe(3900);
  });
});
