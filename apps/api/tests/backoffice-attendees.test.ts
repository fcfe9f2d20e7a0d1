/**
 * An event's attendees in the back office (issue 27 item 2): every ticket with its holder, type,
 * order and last check-in (gate); search, filters and keyset pages; the CSV and XLSX exports
 * (localised headings, the same filters, audited); never the ticket's token; another
 * organiser's event is a 404, the door staff a 403; the page statement reaches every big table
 * through an index (EXPLAIN with sequential scans priced out).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendeeListResponse, type Attendee } from '@bilheteira/shared/schemas/backoffice-attendees';
import { queryRows } from '../src/db/client';
import { auditLog, customerTickets, customers, organizers, ticketTypes } from '../src/db/schema/index';
import { createSession } from '../src/modules/identity/session.service';
import { attendeePageQuery, type AttendeeQuery } from '../src/modules/orders/attendees.admin.repository';
import { attendeeBatches } from '../src/modules/orders/attendees.admin.service';
import { readOrderSearch } from '../src/modules/orders/order-search-terms';
import { asStaff, newOrganizer, staffAs, type StaffSession } from './backoffice-sessions';
import { createTestApp, injectAs, type TestApp } from './helpers';
import { DOOR_KEY, eventIdOf, festivalStartsToday } from './tickets.fixtures';

let t: TestApp;
let orgA: number;
let orgB: number;
let festival: number;
let dayType: number;
let passType: number;
const staff = {} as Record<
  'owner' | 'viewer' | 'door_supervisor' | 'door_staff' | 'finance' | 'ownerB',
  StaffSession
>;
const ines = {
  first: 'Inês',
  last: 'Attendee Quaresma',
  email: 'ines.quaresma@example.pt',
  mobile: '+351934555111',
};
const bruno = {
  first: 'Bruno',
  last: 'Attendee Quaresma',
  email: 'bruno.quaresma@example.pt',
  mobile: '+351934555222',
};
let inesOrder = { id: 0, reference: '' };
let inesTickets: { id: number; token: string }[] = [];

const base = (org = orgA, event = festival) => `/api/backoffice/organizers/${org}/events/${event}/attendees`;
const get = (who: StaffSession, url: string, locale = 'pt-pt') =>
  asStaff(t, who, { method: 'GET', url, headers: { 'x-locale': locale } });

async function list(query: string, who = staff.owner) {
  const res = await get(who, `${base()}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return attendeeListResponse.parse(res.json());
}
const ids = (rows: Attendee[]) => rows.map((r) => r.id);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function customer(p: typeof ines): Promise<string> {
  const [row] = await t.database.db
    .insert(customers)
    .values({
      firstName: p.first,
      lastName: p.last,
      email: p.email,
      mobile: p.mobile,
      status: 'active',
      emailVerifiedAt: new Date(),
      mobileVerifiedAt: new Date(),
    })
    .returning({ id: customers.id });
  return createSession(t.database.db, row!.id, new Date());
}

async function buy(token: string, items: object[]): Promise<{ id: number; reference: string }> {
  const created = await injectAs(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: { event_id: festival, include_cart: false, items },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const paid = await injectAs(t.app, token, {
    method: 'POST',
    url: `/api/orders/${id}/pay`,
    payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Comprador' } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { id, reference: paid.json().data.order.reference as string };
}

const typeOf = async (name: string) =>
  (
    await t.database.db
      .select({ id: ticketTypes.id })
      .from(ticketTypes)
      .where(and(eq(ticketTypes.eventId, festival), eq(ticketTypes.name, name)))
  )[0]!.id;

beforeAll(async () => {
  t = await createTestApp({ config: { MAX_EVENT_LOOP_DELAY_MS: 600_000 } });
  const db = t.database.db;
  orgA = (await db.select().from(organizers).where(eq(organizers.slug, 'promotora-demo')))[0]!.id;
  orgB = await newOrganizer(t);
  festival = await eventIdOf(t, 'festival-demo');
  await festivalStartsToday(t);
  for (const role of ['owner', 'viewer', 'door_supervisor', 'door_staff', 'finance'] as const)
    staff[role] = await staffAs(t, { role, organizerId: orgA });
  staff.ownerB = await staffAs(t, { role: 'owner', organizerId: orgB });
  dayType = await typeOf('Bilhete diário — dia 1');
  passType = await typeOf('Passe 3 dias');
  inesOrder = await buy(await customer(ines), [{ ticket_id: dayType, qty: 2 }]);
  await buy(await customer(bruno), [{ ticket_id: passType, qty: 1 }]);
  inesTickets = await db
    .select({ id: customerTickets.id, token: customerTickets.token })
    .from(customerTickets)
    .where(eq(customerTickets.orderId, inesOrder.id))
    .orderBy(customerTickets.id);
  expect(inesTickets).toHaveLength(2);
  // Inês's first ticket goes through the demo door
  const scan = await t.app.inject({
    method: 'POST',
    url: '/api/checkin',
    headers: { 'x-device-key': DOOR_KEY },
    payload: { token: inesTickets[0]!.token, nonce: randomUUID() },
  });
  expect(scan.statusCode, scan.body).toBe(200);
  expect(scan.json().data.result).toBe('ok');
});
afterAll(() => t.close());

describe('GET …/events/:eventId/attendees', () => {
  it('lists each ticket with its holder, type, order and check-in, never its token', async () => {
    const res = await get(staff.viewer, `${base()}?${q(ines.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const ticket of inesTickets) expect(res.body).not.toContain(ticket.token);
    const { data } = attendeeListResponse.parse(res.json());
    expect(ids(data)).toEqual(inesTickets.map((x) => x.id));
    const [first, second] = data;
    expect(first).toMatchObject({
      status: 'active',
      transfer_pending: false,
      holder: { name: 'Inês Attendee Quaresma', email: ines.email, mobile: ines.mobile, erased: false },
      ticket_type: { id: dayType, name: 'Bilhete diário — dia 1' },
      order: inesOrder,
      checkins: 1,
    });
    expect(first!.last_checkin?.gate).toBeTruthy();
    expect(first!.days).toHaveLength(1);
    expect(second).toMatchObject({ checkins: 0, last_checkin: null });
  });

  it('finds by name, surname, mobile, email, ticket id, order reference and token', async () => {
    const both = inesTickets.map((x) => x.id);
    expect(ids((await list(q('inês attendee'))).data)).toEqual(both);
    expect(ids((await list(q(ines.mobile))).data)).toEqual(both);
    expect(ids((await list(q('934 555 111'))).data)).toEqual(both);
    expect(ids((await list(q(ines.email.toUpperCase()))).data)).toEqual(both);
    expect(ids((await list(q(inesOrder.reference))).data)).toEqual(both);
    expect(ids((await list(q(String(both[1])))).data)).toEqual([both[1]]);
    expect(ids((await list(q(inesTickets[0]!.token))).data)).toEqual([both[0]]);
    // surname prefix: both buyers; % is a letter, not a pattern
    expect((await list(q('attendee quar'))).data.map((a) => a.holder.email).sort()).toEqual(
      [bruno.email, ines.email, ines.email].sort(),
    );
    expect((await list(q('%'))).data).toEqual([]);
  });

  it('filters by ticket type, status and checked in; pages by keyset', async () => {
    const surname = q('attendee quaresma');
    const passes = await list(`${surname}&ticket_type_id=${passType}`);
    expect(passes.data.map((a) => a.holder.email)).toEqual([bruno.email]);
    expect(passes.data[0]!.days.length).toBeGreaterThan(1);
    expect(ids((await list(`${surname}&checked_in=yes`)).data)).toEqual([inesTickets[0]!.id]);
    expect((await list(`${surname}&checked_in=no`)).data).toHaveLength(2);
    expect((await list(`${surname}&status=canceled`)).data).toEqual([]);
    expect((await list(`${surname}&status=active`)).data).toHaveLength(3);

    const first = await list(`${surname}&per_page=2`);
    expect(first.data).toHaveLength(2);
    expect(first.meta.next_after).toBe(first.data[1]!.id);
    const second = await list(`${surname}&per_page=2&after=${first.meta.next_after}`);
    expect(second.data).toHaveLength(1);
    expect(second.meta.next_after).toBeNull();
    expect(ids([...first.data, ...second.data])).toEqual(
      [...ids(first.data), ...ids(second.data)].sort((a, b) => a - b),
    );

    // the whole event in pages, without the search: every ticket once, in id order
    const all: number[] = [];
    let after: number | null = 0;
    while (after !== null) {
      const page = await list(`per_page=200&after=${after || ''}`.replace('&after=', after ? '&after=' : ''));
      all.push(...ids(page.data));
      after = page.meta.next_after;
    }
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from customer_tickets where event_id = ${festival}`,
    );
    expect(all).toHaveLength(counted!.n);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it("filters a session event's attendees by session", async () => {
    const teatro = await eventIdOf(t, 'teatro-demo');
    const sessions = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from event_sessions where event_id = ${teatro} order by starts_at`,
    );
    const [normal] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from ticket_types where event_id = ${teatro} and name = 'Normal'`,
    );
    const token = await customer({ ...ines, email: 'ines.teatro@example.pt', mobile: '+351934555333' });
    const created = await injectAs(t.app, token, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        event_id: teatro,
        include_cart: false,
        items: [{ ticket_id: normal!.id, qty: 1, session_id: sessions[1]!.id }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const paid = await injectAs(t.app, token, {
      method: 'POST',
      url: `/api/orders/${created.json().data.id}/pay`,
      payload: { method: 'card', card: { number: '4242424242424242', expiry: '12/2099', name: 'Inês' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const url = (session: number) =>
      `/api/backoffice/organizers/${orgA}/events/${teatro}/attendees?q=ines.teatro%40example.pt&session_id=${session}`;
    const mine = attendeeListResponse.parse((await get(staff.owner, url(sessions[1]!.id))).json());
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]!.session).toMatchObject({ id: sessions[1]!.id });
    const other = attendeeListResponse.parse((await get(staff.owner, url(sessions[0]!.id))).json());
    expect(other.data).toEqual([]);
  });

  it('refuses bad input (localised 400), another organiser (404) and the door staff (403)', async () => {
    const bad = await get(staff.owner, `${base()}?per_page=0&status=lost`, 'en');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
    expect((await get(staff.ownerB, base())).statusCode).toBe(404);
    expect((await get(staff.ownerB, base(orgB))).statusCode).toBe(404);
    expect((await get(staff.ownerB, `${base(orgB)}/export`)).statusCode).toBe(404);
    expect((await get(staff.door_staff, base())).statusCode).toBe(403);
    expect((await get(staff.door_staff, `${base()}/export`)).statusCode).toBe(403);
    expect((await get(staff.door_supervisor, base())).statusCode).toBe(200);
  });
});

describe('GET …/attendees/export', () => {
  it('streams a CSV Excel reads: BOM, ; in pt-PT, the filters, headings in the language asked', async () => {
    const res = await get(staff.owner, `${base()}/export?format=csv&${q('attendee quaresma')}&checked_in=no`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="participantes-festival-demo-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Bilhete;Nome;Email;Telemóvel;Tipo de bilhete;Sessão / dias;Encomenda;Estado;Emitido em;Entradas;Última entrada;Porta',
    );
    expect(lines).toHaveLength(3);
    const ticket2 = lines.find((l) => l.startsWith(`${inesTickets[1]!.id};`))!.split(';');
    expect(ticket2).toEqual([
      String(inesTickets[1]!.id),
      'Inês Attendee Quaresma',
      ines.email,
      // a mobile starts with +: written as text so a spreadsheet never reads a formula
      `'${ines.mobile}`,
      'Bilhete diário — dia 1',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      inesOrder.reference,
      'Válido',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      '0',
      '',
      '',
    ]);
    for (const ticket of inesTickets) expect(res.body).not.toContain(ticket.token);

    const en = await get(staff.owner, `${base()}/export?format=csv&${q(ines.email)}`, 'en');
    const enLines = en.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(enLines[0]).toBe(
      'Ticket,Name,Email,Mobile,Ticket type,Session / days,Order,Status,Issued at,Check-ins,Last check-in,Gate',
    );
    expect(enLines).toHaveLength(3);
    expect(enLines[1]).toMatch(/,Valid,.*,1,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
  });

  it('streams an XLSX that opens, in Spanish, and audits every export with its row count', async () => {
    const res = await get(
      staff.door_supervisor,
      `${base()}/export?format=xlsx&${q('attendee quaresma')}`,
      'es',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="asistentes-festival-demo-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Asistentes')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Entrada');
    expect(sheet.getRow(1).getCell(12).value).toBe('Puerta');
    const rows = [2, 3, 4].map((n) => sheet.getRow(n).values as unknown[]);
    expect(rows.map((r) => r[3]).sort()).toEqual([bruno.email, ines.email, ines.email].sort());
    expect(rows.find((r) => r[1] === inesTickets[0]!.id)?.[10]).toBe(1);
    expect(sheet.getRow(5).values).toEqual([]);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attendees.exported'), eq(auditLog.entityId, String(festival))));
    const xlsx = entries.find((e) => e.data.format === 'xlsx')!;
    expect(xlsx).toMatchObject({ actor: `staff:${staff.door_supervisor.userId}`, entity: 'event' });
    // written when the stream ended, still in the request's scope (the activity log's organiser and event)
    expect(xlsx).toMatchObject({ organizerId: orgA, eventId: festival });
    expect(xlsx.staffSessionId).toBeTruthy();
    expect(xlsx.data).toMatchObject({ rows: 3, complete: true, filters: { search: true, status: 'all' } });
    // the search text (a name, an email) is not copied into the log
    expect(JSON.stringify(entries)).not.toContain('quaresma');
    expect(
      entries
        .filter((e) => e.data.format === 'csv')
        .map((e) => e.data.rows)
        .sort(),
    ).toEqual([2, 2]);
  });

  it('reads the rows batch after batch by keyset, each once', async () => {
    const filters = { q: 'attendee quaresma', status: 'all', checked_in: 'all' } as const;
    const batches: number[][] = [];
    for await (const rows of attendeeBatches(t.database.db, festival, filters, 2)) batches.push(ids_(rows));
    expect(batches.map((b) => b.length)).toEqual([2, 1]);
    expect(batches.flat()).toHaveLength(new Set(batches.flat()).size);
  });
});
const ids_ = (rows: { id: number }[]) => rows.map((r) => r.id);

const BIG_TABLES = [
  'customer_tickets',
  'checkins',
  'orders',
  'customers',
  'revoked_tokens',
  'checkin_devices',
];

describe("the attendee list's statement", () => {
  it('reaches every big table through an index, whatever the filters (EXPLAIN, sequential scans priced out)', async () => {
    const indexes = (await t.database.db.execute(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] };
    const leading = new Map(
      indexes.rows.map((r) => [r.indexname, /USING \w+ \("?(\w+)"?/.exec(r.indexdef)?.[1] ?? '']),
    );
    const [session] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from event_sessions limit 1`,
    );
    const plain: AttendeeQuery = {
      eventId: festival,
      terms: null,
      ticketTypeId: null,
      sessionId: null,
      state: null,
      checkedIn: null,
    };
    const cases: [string, SQL][] = [
      ['all', attendeePageQuery(plain, 0, 50)],
      ['after', attendeePageQuery(plain, 1000, 2000)],
      ['type', attendeePageQuery({ ...plain, ticketTypeId: dayType }, 0, 50)],
      ['session', attendeePageQuery({ ...plain, sessionId: session?.id ?? 1 }, 0, 50)],
      ['status, checked in', attendeePageQuery({ ...plain, state: 'active', checkedIn: true }, 0, 50)],
      ['not checked in', attendeePageQuery({ ...plain, checkedIn: false }, 0, 50)],
      ['name', attendeePageQuery({ ...plain, terms: readOrderSearch('ana s') }, 0, 50)],
      ['mobile', attendeePageQuery({ ...plain, terms: readOrderSearch('+351912345678') }, 0, 50)],
      [
        'email, type',
        attendeePageQuery({ ...plain, ticketTypeId: 1, terms: readOrderSearch('a@b.pt') }, 0, 50),
      ],
      ['id', attendeePageQuery({ ...plain, terms: readOrderSearch('123') }, 0, 50)],
    ];
    const plans: [string, unknown][] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [name, query] of cases) {
        const res = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
          rows: Record<string, unknown>[];
        };
        plans.push([name, res.rows[0]]);
      }
    });
    const wholeReads = (node: unknown, parent = ''): string[] => {
      if (!node || typeof node !== 'object') return [];
      const n = node as Record<string, unknown>;
      const type = String(n['Node Type'] ?? '');
      const table = BIG_TABLES.find(
        (b) => n['Relation Name'] === b || String(n['Index Name'] ?? '').startsWith(`${b}_`),
      );
      const first = leading.get(String(n['Index Name'] ?? ''));
      const cond = String(n['Index Cond'] ?? '');
      // an expression index (lower(name) prefixes) leads with its function
      const indexed = !!first && (new RegExp(`\\b${first} [=<>]`).test(cond) || cond.includes(`${first}(`));
      const whole =
        table &&
        (type === 'Seq Scan' ||
          (/^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(type) && !indexed && parent !== 'Limit'));
      const children = Object.values(n).flatMap((v) =>
        Array.isArray(v) ? v.flatMap((c) => wholeReads(c, type)) : wholeReads(v, type),
      );
      return whole ? [`${type} ${table}`, ...children] : children;
    };
    for (const [name, plan] of plans) expect(wholeReads(plan), name).toEqual([]);
  });
});
