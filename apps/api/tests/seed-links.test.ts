import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema/index';
import { seedDemo } from '../src/seed/seed';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('demo data (issue 25 item 13)', () => {
  it('the seeded order email links to the site the app serves (PUBLIC_URL), not a fixed localhost:3000', async () => {
    await seedDemo(t.database.db, new Date(), { publicUrl: 'http://127.0.0.1:45678/' });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'ana.silva@example.pt'));
    const paid = mails.find((m) => m.meta.kind === 'order_paid');
    expect(paid?.body).toContain('http://127.0.0.1:45678/dashboard/tickets');
    expect(paid?.body).not.toContain('localhost:3000');
  });
});
