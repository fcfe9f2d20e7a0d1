/**
 * Issue 23 item 7: a support (impersonated) session cannot take the account over. It may
 * not change the email, mobile, IBAN or password, ask for a refund, transfer a ticket, or
 * export or erase the data; the customer can; what support does is audited in its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customers, customerTickets, events, refundRequests } from '../src/db/schema/index';
import { queryRows } from '../src/db/client';
import { creditOnlineTopUp } from '../src/modules/wallet/wallet-ledger.service';
import { createTestApp, DEMO, expectErrorShape, injectAs, login, type TestApp } from './helpers';
import { issueTickets } from './tickets.fixtures';

const OPERATOR_KEY = 'support-session-operator-key-01';
const ANA = '+351912345678';
const IBAN = 'PT50000201231234567890154';

let t: TestApp;
let anaId: number;
let festivalId: number;
let support: string;
let ana: string;

const ANA_FORM = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana.silva@example.pt',
  mobile_country_code: '351',
  mobile: '912345678',
  birthday: '1990-05-14',
  gender: 'female',
  name_billing: 'Ana Silva',
  document_billing: '123456789',
  postal_code: '1100-148',
  iban: '',
};

const post = (token: string, url: string, payload: Record<string, unknown>, locale = 'pt-pt') =>
  injectAs(t.app, token, { method: 'POST', url, payload, headers: { 'x-locale': locale } });

/** Ana's row and what hangs off it that a refused request must leave alone. */
async function anaState() {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, anaId));
  const [counts] = await queryRows<{ refunds: number; outbox: number; tickets: number }>(
    t.app.db,
    sql`SELECT (SELECT count(*)::int FROM refund_requests WHERE customer_id = ${anaId}) AS refunds,
               (SELECT count(*)::int FROM outbox) AS outbox,
               (SELECT count(*)::int FROM customer_tickets WHERE customer_id = ${anaId}) AS tickets`,
  );
  return { row, counts };
}

beforeAll(async () => {
  t = await createTestApp({ config: { OPERATOR_KEY, MAX_EVENT_LOOP_DELAY_MS: 60_000 } });
  const db = t.database.db;
  anaId = (await db.select().from(customers).where(eq(customers.mobile, ANA)))[0]!.id;
  festivalId = (await db.select().from(events).where(eq(events.slug, 'festival-demo')))[0]!.id;
  await db.transaction((tx) =>
    creditOnlineTopUp(
      tx,
      {
        customerId: anaId,
        eventId: festivalId,
        amountCents: 2000,
        idempotencyKey: 'test:support-session-topup',
        description: 'Carregamento online',
      },
      new Date(),
    ),
  );
  // a real support hand-off: the operator API, then the single-use link
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/operator/impersonations',
    headers: { 'x-operator-key': OPERATOR_KEY },
    payload: { mobile: '912345678', operator: 'maria' },
  });
  expect(issued.statusCode).toBe(200);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/customers/impersonate',
    payload: { token: issued.json().data.token },
  });
  support = started.json().accessToken;
  ana = await login(t.app, DEMO.ana);
});
afterAll(() => t.close());

describe('a support session', () => {
  it('is refused every account-takeover action with 403, localised, and changes nothing', async () => {
    const [ticket] = (
      await issueTickets(t, { mobile: ANA, slug: 'festival-demo', typeName: 'Passe 3 dias', qty: 1 })
    ).ids;
    const before = await anaState();
    const refused: [string, Record<string, unknown>][] = [
      ['/api/customers/update', { ...ANA_FORM, email: 'atacante@example.pt' }],
      ['/api/customers/update', { ...ANA_FORM, iban: IBAN }],
      ['/api/customers/update', { ...ANA_FORM, mobile: '936000222', mobile_code: '123456' }],
      ['/api/customers/mobile-code', { mobile_country_code: '351', mobile: '936000222' }],
      [
        '/api/customers/change-password',
        { old_password: DEMO.ana.password, password: 'Hack!2026xx', password_confirmation: 'Hack!2026xx' },
      ],
      ['/api/customers/wallet/refund-requests', { event_id: festivalId, iban: IBAN }],
      [
        '/api/customers/transfer-ticket',
        { customer_ticket_id: ticket, mobile_country_code: '351', mobile: '913456789' },
      ],
      ['/api/customers/portable', { format: 'json' }],
      ['/api/customers/forget-data', {}],
      ['/api/customers/forget-data/confirm', { token: 'x'.repeat(43) }],
    ];
    for (const [url, payload] of refused) {
      const res = await post(support, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(403);
      const err = expectErrorShape(res);
      expect(err.code).toBe('impersonation_forbidden');
      expect(err.message).toBe(
        'Não é permitido numa sessão de apoio ao cliente: só o próprio cliente o pode fazer.',
      );
    }
    // the form names the locked field it tried to change
    const email = await post(support, '/api/customers/update', { ...ANA_FORM, email: 'x@example.pt' }, 'en');
    expect(email.statusCode).toBe(403);
    expect(expectErrorShape(email).message).toBe(
      'Not allowed in a customer-support session: only the customer can do this.',
    );
    expect(Object.keys(expectErrorShape(email).errors)).toEqual(['email']);
    const after = await anaState();
    expect(after).toEqual(before);
    const [still] = await t.database.db.select().from(customerTickets).where(eq(customerTickets.id, ticket!));
    expect(still!.customerId).toBe(anaId);
  });

  it('may still correct the other fields, and the audit log names the operator', async () => {
    const res = await post(support, '/api/customers/update', { ...ANA_FORM, last_name: 'Silva Santos' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ last_name: 'Silva Santos', impersonated: true });
    // blocking a lost bracelet is support's job: allowed, and logged as the operator's act
    const block = await post(support, '/api/customers/wallet/bracelets/block', {
      event_id: festivalId,
      code: '100001',
    });
    expect(block.statusCode).toBe(200);
    const [blocked] = await queryRows<{ actor: string }>(
      t.app.db,
      sql`SELECT actor FROM audit_log WHERE action = 'bracelet.block' ORDER BY id DESC LIMIT 1`,
    );
    expect(blocked!.actor).toBe('support:maria');
    await new Promise((r) => setTimeout(r, 50)); // the onResponse audit is written after the answer
    const rows = await queryRows<{ actor: string; action: string }>(
      t.app.db,
      sql`SELECT actor, action FROM audit_log WHERE entity = 'customer' AND entity_id = ${String(anaId)}
          AND (action = 'customer.updated' OR action LIKE 'impersonated.%') ORDER BY id`,
    );
    expect(rows.find((r) => r.action === 'customer.updated')?.actor).toBe(`support:maria:customer:${anaId}`);
    for (const r of rows) expect(r.actor, r.action).toMatch(/^support:maria/);
    // every refused attempt is in the log too, in the operator's name
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'impersonated.POST /api/customers/wallet/refund-requests',
        'impersonated.POST /api/customers/transfer-ticket',
        'impersonated.POST /api/customers/update',
      ]),
    );
  });
});

describe('the customer herself', () => {
  it('can set the IBAN, ask for the refund, transfer a ticket and export her data', async () => {
    const iban = await post(ana, '/api/customers/update', { ...ANA_FORM, iban: IBAN });
    expect(iban.statusCode).toBe(200);
    expect(iban.json().data.iban).toBe(IBAN);
    const refund = await post(ana, '/api/customers/wallet/refund-requests', {
      event_id: festivalId,
      iban: IBAN,
    });
    expect(refund.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(refundRequests).where(eq(refundRequests.customerId, anaId)),
    ).toHaveLength(1);
    const [ticket] = (
      await issueTickets(t, { mobile: ANA, slug: 'festival-demo', typeName: 'Passe 3 dias', qty: 1 })
    ).ids;
    const transfer = await post(ana, '/api/customers/transfer-ticket', {
      customer_ticket_id: ticket,
      mobile_country_code: '351',
      mobile: '913456789',
    });
    expect(transfer.statusCode).toBe(200);
    const exported = await post(ana, '/api/customers/portable', { format: 'json' });
    expect(exported.statusCode).toBe(200);
  });
});
