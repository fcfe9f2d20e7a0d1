/**
 * Issue 27 item 6: wallet refund requests as an organiser's workflow in the back office. The
 * queue shows only requests on the organiser's events (filtered, searched, paged); finance
 * approves, rejects with a reason (the money back in the wallet to the cent) and marks paid
 * many at once; the customer is emailed at each step in their language, from the back office
 * and from the operator's key alike; the SEPA file carries only the organiser's approved
 * requests, paid from its own IBAN. Another organiser's id refuses the whole decision; roles
 * without `orders.refund` get 403; bad input is a localised 400.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  events,
  organizers,
  outbox,
  refundRequests,
  walletTransactions,
  wallets,
} from '../src/db/schema/index';
import { normalizeIban } from '@bilheteira/shared/validation';
import { requestRefund } from '../src/modules/wallet/refunds.service';
import { creditOnlineTopUp } from '../src/modules/wallet/wallet-ledger.service';
import { ledgerSums } from '../src/modules/wallet/wallet.repository';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, expectErrorShape, type TestApp } from './helpers';

const OPERATOR_KEY = 'test-operator-key-refunds-0123';
const ORG_A_IBAN = 'PT50000201231234567890154';
const DAY = 86_400_000;

let t: TestApp;
let orgA: number;
let orgB: number;
let noIbanOrg: number;
let owner: StaffSession;
let finance: StaffSession;
let ownerB: StaffSession;
let eventA1: number;
let eventA2: number;
let eventB: number;

interface Person {
  id: number;
  email: string;
  mobile: string;
  firstName: string;
  lastName: string;
}

const base = (org: number) => `/api/backoffice/organizers/${org}/refunds`;

const call = (who: StaffSession, method: 'GET' | 'POST', url: string, payload?: object, locale = 'pt-pt') =>
  asStaff(t, who, { method, url, headers: { 'x-locale': locale }, ...(payload ? { payload } : {}) });

const decide = (who: StaffSession, org: number, body: object, locale = 'pt-pt') =>
  call(who, 'POST', `${base(org)}/decisions`, body, locale);

/** An event of the organiser, made in the back office, then opened for wallet refunds. */
async function walletEvent(org: number, who: StaffSession, name: string) {
  const res = await call(who, 'POST', `/api/backoffice/organizers/${org}/events`, {
    name,
    address: 'Parque da Cidade, Porto',
    contact_email: 'festival@example.pt',
    starts_at: new Date(Date.now() - 3 * DAY).toISOString(),
    ends_at: new Date(Date.now() - 2 * DAY).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  // published, with a wallet, refunds open since the end of the event
  await t.database.db
    .update(events)
    .set({
      status: 'published',
      walletEnabled: true,
      refundsAllowed: true,
      refundOpensAt: new Date(Date.now() - DAY),
      refundClosesAt: new Date(Date.now() + 30 * DAY),
    })
    .where(eq(events.id, id));
  return id;
}

async function newCustomer(first: string, last: string, locale: string): Promise<Person> {
  const mobile = `+3519${String(randomInt(10_000_000, 99_999_999))}`;
  const email = `${first.toLowerCase()}.${randomInt(1_000_000)}@example.pt`;
  const [row] = await t.database.db
    .insert(customers)
    .values({ firstName: first, lastName: last, email, mobile, locale, status: 'active' })
    .returning({ id: customers.id });
  return { id: row!.id, email, mobile, firstName: first, lastName: last };
}

/** The customer tops up `cents` online for the event and asks for it back to `iban`. */
async function refundRequest(who: Person, eventId: number, cents: number, iban: string) {
  const db = t.database.db;
  await db.transaction((tx) =>
    creditOnlineTopUp(
      tx,
      {
        customerId: who.id,
        eventId,
        amountCents: cents,
        idempotencyKey: `test:${who.id}:${eventId}:${randomInt(1e9)}`,
        description: 'Carregamento online',
      },
      new Date(),
    ),
  );
  const { refund } = await requestRefund(
    db,
    { id: who.id, firstName: who.firstName, lastName: who.lastName, nameBilling: null },
    // as the customer route reads it (ibanField)
    { eventId, iban: normalizeIban(iban) },
    new Date(),
  );
  return refund.id;
}

const statusOf = async (id: number) =>
  (await t.database.db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!.status;

const mailsTo = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.id));

let ana: Person;
let john: Person;
let lucia: Person;
let bea: Person;
let rita: Person;
const ids = { ana: 0, john: 0, lucia: 0, bea: 0, extra: 0 };

beforeAll(async () => {
  t = await createTestApp({ config: { OPERATOR_KEY } });
  orgA = await newOrganizer(t);
  orgB = await newOrganizer(t);
  noIbanOrg = await newOrganizer(t);
  await t.database.db
    .update(organizers)
    .set({ iban: ORG_A_IBAN, name: 'Festivais do Norte, Lda.' })
    .where(eq(organizers.id, orgA));
  await t.database.db
    .update(organizers)
    .set({ iban: 'DE89370400440532013000' })
    .where(eq(organizers.id, orgB));
  owner = await staffAs(t, { role: 'owner', organizerId: orgA });
  finance = await staffAs(t, { role: 'finance', organizerId: orgA });
  ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  eventA1 = await walletEvent(orgA, owner, 'Festival do Norte');
  eventA2 = await walletEvent(orgA, owner, 'Noites do Douro');
  eventB = await walletEvent(orgB, ownerB, 'Festival do Sul');
  ana = await newCustomer('Ana', 'Sousa', 'pt-pt');
  john = await newCustomer('John', 'Smith', 'en');
  lucia = await newCustomer('Lucía', 'García', 'es');
  bea = await newCustomer('Beatriz', 'Lopes', 'pt-pt');
  ids.ana = await refundRequest(ana, eventA1, 2000, 'PT50 0035 0683 0000 0007 8431 1');
  ids.john = await refundRequest(john, eventA1, 1575, 'GB29 NWBK 6016 1331 9268 19');
  ids.lucia = await refundRequest(lucia, eventA2, 3010, 'ES91 2100 0418 4502 0005 1332');
  ids.bea = await refundRequest(bea, eventB, 1000, 'PT50 0002 0123 1234 5678 9015 4');
});
afterAll(() => t.close());

describe('the queue', () => {
  it("lists only the organiser's requests, newest first, masked, with the queue's counts", async () => {
    const res = await call(finance, 'GET', base(orgA));
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((r: { id: number }) => r.id)).toEqual([ids.lucia, ids.john, ids.ana]);
    expect(meta).toMatchObject({ page: 1, per_page: 25, total: 3, last_page: 1 });
    expect(meta.events).toEqual([
      { id: eventA1, name: 'Festival do Norte' },
      { id: eventA2, name: 'Noites do Douro' },
    ]);
    expect(meta.exportable).toEqual({ count: 0, amount_cents: 0 });
    expect(meta.debtor_iban_masked).toBe('PT50 •••• •••• 0154');
    expect(data[2]).toMatchObject({
      status: 'requested',
      event: { id: eventA1, name: 'Festival do Norte' },
      customer: { name: 'Ana Sousa', email: ana.email, mobile: ana.mobile },
      holder_name: 'Ana Sousa',
      iban_masked: 'PT50 •••• •••• 4311',
      amount_cents: 2000 - 75,
      fee_cents: 75,
      export_id: null,
      rejection_reason: null,
    });
    // the whole IBAN never appears in the list
    expect(res.body).not.toContain('PT50003506830000000784311');
    // another organiser sees only its own
    const other = (await call(ownerB, 'GET', base(orgB))).json();
    expect(other.data.map((r: { id: number }) => r.id)).toEqual([ids.bea]);
  });

  it('filters by status and event, and searches name, email and mobile as plain text', async () => {
    const list = async (qs: string) =>
      (await call(finance, 'GET', `${base(orgA)}?${qs}`)).json().data.map((r: { id: number }) => r.id);
    expect(await list(`event_id=${eventA2}`)).toEqual([ids.lucia]);
    expect(await list(`event_id=${eventB}`)).toEqual([]);
    expect(await list('status=requested')).toHaveLength(3);
    expect(await list('status=paid')).toEqual([]);
    expect(await list('q=smith')).toEqual([ids.john]);
    expect(await list(`q=${encodeURIComponent(lucia.email.toUpperCase())}`)).toEqual([ids.lucia]);
    expect(await list(`q=${ana.mobile.slice(4)}`)).toEqual([ids.ana]);
    expect(await list('q=lucía%20garcía')).toEqual([ids.lucia]);
    expect(await list('q=%25')).toEqual([]);
    expect(await list('q=_')).toEqual([]);
  });

  it('refuses bad filters with a localised 400, never a 500', async () => {
    for (const qs of ['status=nope', 'page=0', 'page=x', 'event_id=-1', `q=${'a'.repeat(300)}`, 'q=%00']) {
      const res = await call(finance, 'GET', `${base(orgA)}?${qs}`, undefined, 'en');
      expect(res.statusCode, qs).toBe(400);
      expect(expectErrorShape(res).message, qs).not.toMatch(/[ãçõ]/);
    }
  });
});

describe('decisions', () => {
  it('finance approves two at once; each customer is emailed in their language; audited', async () => {
    const res = await decide(finance, orgA, { ids: [ids.ana, ids.john], decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      done: [
        { id: ids.ana, status: 'approved' },
        { id: ids.john, status: 'approved' },
      ],
      skipped: [],
    });
    expect(res.json().message).toBe('Pedidos atualizados: 2 de 2.');
    const [toAna] = await mailsTo(ana.email);
    expect(toAna).toMatchObject({
      channel: 'email',
      customerId: ana.id,
      subject: 'Reembolso aprovado: Festival do Norte',
    });
    expect(toAna!.body).toContain('19,25\u00a0€');
    expect(toAna!.body).toContain('PT50 •••• •••• 4311');
    expect(toAna!.meta).toMatchObject({ kind: 'refund_approved', refund_id: ids.ana, locale: 'pt-pt' });
    const [toJohn] = await mailsTo(john.email);
    expect(toJohn!.subject).toBe('Refund approved: Festival do Norte');
    expect(toJohn!.body).toMatch(/^Hello John,/);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'refund.approve'),
          inArray(auditLog.entityId, [String(ids.ana), String(ids.john)]),
        ),
      );
    expect(audits.map((a) => a.actor)).toEqual([`staff:${finance.userId}`, `staff:${finance.userId}`]);
    const meta = (await call(finance, 'GET', base(orgA))).json().meta;
    expect(meta.exportable).toEqual({ count: 2, amount_cents: 1925 + 1500 });
  });

  it('a rejection needs the reason, gives the money back to the cent and tells the customer why', async () => {
    const db = t.database.db;
    const missing = await decide(finance, orgA, { ids: [ids.lucia], decision: 'reject' }, 'es');
    expect(missing.statusCode).toBe(400);
    expect(expectErrorShape(missing).errors.reason).toEqual(['Campo obligatorio.']);
    const blank = await decide(finance, orgA, { ids: [ids.lucia], decision: 'reject', reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(await statusOf(ids.lucia)).toBe('requested');

    const wallet = (await db.select().from(wallets).where(eq(wallets.customerId, lucia.id)))[0]!;
    expect(wallet).toMatchObject({ balanceCents: 0, onlineCents: 0 });
    const reason = 'O IBAN indicado pertence a outra pessoa.';
    const res = await decide(finance, orgA, { ids: [ids.lucia], decision: 'reject', reason });
    expect(res.json().data.done).toEqual([{ id: ids.lucia, status: 'rejected' }]);
    const after = (await db.select().from(wallets).where(eq(wallets.id, wallet.id)))[0]!;
    expect(after).toMatchObject({ balanceCents: 3010, onlineCents: 3010 });
    expect(await ledgerSums(db, wallet.id)).toMatchObject({ balance: 3010, online: 3010 });
    const ledger = await db
      .select({ type: walletTransactions.type, amount: walletTransactions.amountCents })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, wallet.id))
      .orderBy(asc(walletTransactions.id));
    expect(ledger).toEqual([
      { type: 'topup', amount: 3010 },
      { type: 'refund', amount: -2935 },
      { type: 'fee', amount: -75 },
      { type: 'refund', amount: 3010 },
    ]);
    const [mail] = await mailsTo(lucia.email);
    expect(mail!.subject).toBe('Solicitud de reembolso rechazada: Noites do Douro');
    expect(mail!.body).toContain(`Motivo: ${reason}`);
    expect(mail!.body).toContain('(30,10\u00a0€)');
    const row = (await call(finance, 'GET', `${base(orgA)}?status=rejected`)).json().data[0];
    expect(row).toMatchObject({ id: ids.lucia, rejection_reason: reason });
    expect(row.rejected_at).toEqual(expect.any(String));
    // rejecting again changes nothing and says why
    const again = await decide(finance, orgA, { ids: [ids.lucia], decision: 'reject', reason: 'Outra vez' });
    expect(again.json().data).toEqual({
      done: [],
      skipped: [
        { id: ids.lucia, status: 'rejected', code: 'refund_bad_transition', message: 'Já foi recusado.' },
      ],
    });
    expect((await db.select().from(wallets).where(eq(wallets.id, wallet.id)))[0]!.balanceCents).toBe(3010);
    expect(await mailsTo(lucia.email)).toHaveLength(1);
  });

  it("refuses the whole decision when one id is another organiser's, and changes nothing", async () => {
    rita = await newCustomer('Rita', 'Cruz', 'pt-pt');
    const extra = await refundRequest(rita, eventA1, 900, 'PT50 0002 0123 1234 5678 9015 4');
    const before = await t.database.db.select().from(outbox);
    for (const list of [[extra, ids.bea], [ids.bea], [extra, 2_000_000_000]]) {
      const res = await decide(finance, orgA, { ids: list, decision: 'approve' }, 'en');
      expect(res.statusCode, String(list)).toBe(404);
      expect(expectErrorShape(res).message).toBe('Refund request not found.');
    }
    expect(await statusOf(extra)).toBe('requested');
    expect(await statusOf(ids.bea)).toBe('requested');
    expect(await t.database.db.select().from(outbox)).toHaveLength(before.length);
    // B's owner cannot reach A's queue at all
    expect((await call(ownerB, 'GET', base(orgA))).statusCode).toBe(404);
    expect((await decide(ownerB, orgA, { ids: [extra], decision: 'approve' })).statusCode).toBe(404);
    expect((await call(ownerB, 'POST', `${base(orgA)}/sepa-export`)).statusCode).toBe(404);
    // kept for the concurrency test
    ids.extra = extra;
  });

  it('refuses bad decisions with a localised 400, never a 500', async () => {
    const bodies: unknown[] = [
      {},
      { ids: [], decision: 'approve' },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1), decision: 'approve' },
      { ids: [ids.ana, ids.ana], decision: 'approve' },
      { ids: ['abc'], decision: 'approve' },
      { ids: [0], decision: 'approve' },
      { ids: [1.5], decision: 'approve' },
      { ids: [ids.ana], decision: 'refund' },
      { ids: [ids.ana], decision: 'approve', extra: true },
      { ids: [ids.ana], decision: 'reject', reason: 'x'.repeat(501) },
      { ids: ids.ana, decision: 'approve' },
    ];
    for (const body of bodies) {
      const res = await asStaff(t, finance, {
        method: 'POST',
        url: `${base(orgA)}/decisions`,
        headers: { 'x-locale': 'en' },
        payload: body as object,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(res);
    }
    expect(await statusOf(ids.ana)).toBe('approved');
  });

  it('two people approving the same request at once: one approval, one email, one audit', async () => {
    const id = ids.extra;
    const [a, b] = await Promise.all([
      decide(finance, orgA, { ids: [id], decision: 'approve' }),
      decide(owner, orgA, { ids: [id], decision: 'approve' }),
    ]);
    const results = [a.json().data, b.json().data];
    expect(results.map((r) => r.done.length).sort()).toEqual([0, 1]);
    expect(results.flatMap((r) => r.skipped)).toEqual([
      { id, status: 'approved', code: 'refund_bad_transition', message: 'Já estava aprovado.' },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.approve'), eq(auditLog.entityId, String(id))));
    expect(audits).toHaveLength(1);
    const mails = await mailsTo(rita.email);
    expect(mails.map((m) => (m.meta as { kind?: string }).kind)).toEqual(['refund_approved']);
  });
});

describe('the SEPA file and payment', () => {
  it("exports only the organiser's approved requests, paid from its own IBAN, once", async () => {
    // B has an approved request too: it must not be in A's file
    expect((await decide(ownerB, orgB, { ids: [ids.bea], decision: 'approve' })).statusCode).toBe(200);
    const res = await call(owner, 'POST', `${base(orgA)}/sepa-export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="BILH-\d{8}-[0-9a-f]{8}\.xml"$/,
    );
    expect(res.headers['x-refund-count']).toBe('3');
    expect(res.headers['x-refund-total-cents']).toBe(String(1925 + 1500 + 825));
    const xml = res.body;
    expect(xml).toContain('<Dbtr><Nm>Festivais do Norte, Lda.</Nm></Dbtr>');
    expect(xml).toContain(`<DbtrAcct><Id><IBAN>${ORG_A_IBAN}</IBAN></Id></DbtrAcct>`);
    expect(xml).toContain('<IBAN>PT50003506830000000784311</IBAN>');
    expect(xml).toContain('<IBAN>GB29NWBK60161331926819</IBAN>');
    expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
    expect(xml).not.toContain('DE89370400440532013000');
    expect(xml).not.toContain(`REEMB-${ids.bea}<`);
    expect(await statusOf(ids.bea)).toBe('approved');
    const row = (await call(owner, 'GET', `${base(orgA)}?status=approved`)).json();
    expect(row.data.every((r: { export_id: string }) => xml.includes(r.export_id))).toBe(true);
    expect(row.meta.exportable).toEqual({ count: 0, amount_cents: 0 });

    const again = await call(owner, 'POST', `${base(orgA)}/sepa-export`, undefined, 'en');
    expect(again.statusCode).toBe(422);
    expect(expectErrorShape(again)).toMatchObject({
      code: 'nothing_to_export',
      message: 'There are no approved refunds left to export.',
    });
    // B's own file carries B's request, from B's IBAN
    const fileB = await call(ownerB, 'POST', `${base(orgB)}/sepa-export`);
    expect(fileB.body).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
    expect(fileB.headers['x-refund-count']).toBe('1');
  });

  it('an organiser without an IBAN gets a clear 422', async () => {
    const who = await staffAs(t, { role: 'finance', organizerId: noIbanOrg });
    const res = await call(who, 'POST', `${base(noIbanOrg)}/sepa-export`, undefined, 'es');
    expect(res.statusCode).toBe(422);
    expect(expectErrorShape(res)).toMatchObject({ code: 'refund_no_debtor_iban' });
    expect(expectErrorShape(res).message).toMatch(/^El organizador no tiene IBAN/);
    expect((await call(who, 'GET', base(noIbanOrg))).json().meta.debtor_iban_masked).toBeNull();
  });

  it('an exported request is no longer rejected; marking paid emails each customer', async () => {
    const reject = await decide(finance, orgA, {
      ids: [ids.ana],
      decision: 'reject',
      reason: 'Tarde demais',
    });
    expect(reject.json().data.skipped).toEqual([
      expect.objectContaining({
        id: ids.ana,
        status: 'approved',
        message: 'Já está num ficheiro SEPA enviado ao banco: já não pode ser recusado.',
      }),
    ]);
    const paid = await decide(finance, orgA, { ids: [ids.ana, ids.john, ids.lucia], decision: 'paid' }, 'en');
    expect(paid.json().data.done).toEqual([
      { id: ids.ana, status: 'paid' },
      { id: ids.john, status: 'paid' },
    ]);
    expect(paid.json().data.skipped).toEqual([
      {
        id: ids.lucia,
        status: 'rejected',
        code: 'refund_bad_transition',
        message: 'It has already been rejected.',
      },
    ]);
    expect(paid.json().message).toBe('Requests updated: 2 of 3.');
    const anaMails = await mailsTo(ana.email);
    expect(anaMails.map((m) => (m.meta as { kind: string }).kind)).toEqual([
      'refund_approved',
      'refund_paid',
    ]);
    expect(anaMails[1]!.subject).toBe('Reembolso transferido: Festival do Norte');
    expect((await mailsTo(john.email)).at(-1)!.subject).toBe('Refund transferred: Festival do Norte');
    const row = (await call(finance, 'GET', `${base(orgA)}?status=paid&q=ana`)).json().data[0];
    expect(row.paid_at).toEqual(expect.any(String));
  });

  it("the operator's key takes the same path: its approval emails the customer too", async () => {
    const cris = await newCustomer('Cristina', 'Ramos', 'en');
    const id = await refundRequest(cris, eventB, 800, 'PT50 0002 0123 1234 5678 9015 4');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/refunds/${id}/approve`,
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(cris.email);
    expect(mail).toMatchObject({ subject: 'Refund approved: Festival do Sul' });
  });
});

describe('who may', () => {
  it('roles without orders.refund get 403 on every route; the page pages', async () => {
    for (const role of ['viewer', 'door_staff', 'event_manager', 'bar_manager'] as const) {
      const who = await staffAs(t, { role, organizerId: orgA });
      expect((await call(who, 'GET', base(orgA))).statusCode, role).toBe(403);
      expect((await decide(who, orgA, { ids: [ids.ana], decision: 'paid' })).statusCode, role).toBe(403);
      expect((await call(who, 'POST', `${base(orgA)}/sepa-export`)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: base(orgA) })).statusCode).toBe(401);
    // 26 more requests: 30 in two pages of 25
    for (let i = 0; i < 26; i++)
      await refundRequest(
        await newCustomer(`Cliente${i}`, 'Teste', 'pt-pt'),
        eventA2,
        500,
        'PT50 0002 0123 1234 5678 9015 4',
      );
    const page2 = (await call(finance, 'GET', `${base(orgA)}?page=2`)).json();
    expect(page2.meta).toMatchObject({ page: 2, total: 30, last_page: 2 });
    expect(page2.data).toHaveLength(5);
  });
});
