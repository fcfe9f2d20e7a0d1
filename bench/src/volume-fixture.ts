/**
 * The back-office volume fixture (issue 27's first figure), built with set-based SQL on a
 * migrated database: one festival happening now with 100,000 paid tickets, 40,000 bracelets
 * and wallets, 2,000,000 ledger rows, its check-ins, tills, refund requests and webhook
 * deliveries, among thousands of other organisers' events with their own orders, tickets,
 * check-ins and ledgers (so an index that does not lead with the event is found out).
 *
 * Consistent where the back office reads it: every ticket belongs to a paid order with one
 * ticket line and an approved payment, each type's `sold` counts its paid tickets, each
 * wallet's balance and online part are the sums of its ledger rows, each bracelet is linked
 * to one wallet, each admission has its door scan.
 */
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { insertStaffUser } from '../../apps/api/src/modules/staff/staff.repository';
import { startStaffSession } from '../../apps/api/src/modules/staff/staff-session.service';
import { organizerMembers } from '../../apps/api/src/db/schema/index';
import type { Database } from '../../apps/api/src/db/client';

export const VOLUME = {
  tickets: 100_000,
  bracelets: 40_000,
  ledgerRows: 2_000_000,
  /** ledger rows per festival wallet: 4 top-ups then bar and shop payments */
  rowsPerWallet: 50,
  gates: 40,
  stations: 60,
  refundRequests: 3_000,
  webhookDeliveries: 100_000,
  /** the organiser's audit entries (when the audit log has its organiser column) */
  auditEntries: 200_000,
  otherOrganizers: 300,
  otherEvents: 3_000,
  otherOrders: 150_000,
  otherWallets: 20_000,
  otherLedgerRows: 400_000,
  customers: 150_000,
} as const;

export interface VolumeFixture {
  organizerId: number;
  eventId: number;
  /** a paid order of the festival, its reference and its buyer's mobile and name */
  order: { id: number; reference: string; mobile: string; name: string };
  endpointId: number;
  stationId: number;
  deviceId: number;
  braceletCode: string;
  braceletId: number;
  /** the owner's back-office session cookie (bh_staff) */
  ownerCookie: string;
  /** statement → ms, in build order */
  steps: [string, number][];
}

const FIRST = ['Ana', 'Maria', 'João', 'Pedro', 'Inês', 'Rui', 'Carla', 'Tiago', 'Sofia', 'Miguel'];
const LAST = [
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Oliveira',
  'Costa',
  'Rodrigues',
  'Martins',
  'Sousa',
  'Gomes',
];
const arr = (a: string[]) => `array[${a.map((s) => `'${s}'`).join(',')}]`;

export async function buildVolumeFixture(url: string, database: Database): Promise<VolumeFixture> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const steps: [string, number][] = [];
  const run = async (name: string, text: string, params: unknown[] = []) => {
    const t = performance.now();
    const res = await c.query(text, params);
    steps.push([name, Math.round(performance.now() - t)]);
    return res;
  };
  const V = VOLUME;
  const one = async <T>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows[0] as T;
  try {
    // A bulk load: fewer WAL flushes, and no foreign-key checks (session_replication_role,
    // superuser) since every reference is made consistent by construction; the rows, indexes
    // and the ledger's totals trigger are the app's.
    await c.query(`set synchronous_commit = off`);
    await c.query(`set session_replication_role = replica`);
    // …but the ledger's totals trigger fires as in production (restored below)
    await c.query(`alter table wallet_transactions enable always trigger wallet_transactions_totals`);
    await c.query(`set maintenance_work_mem = '256MB'`);
    await c.query(`set work_mem = '64MB'`);

    await run(
      'customers',
      `insert into customers (first_name, last_name, email, mobile, mobile_country_code, status, mobile_verified_at, locale, created_at)
       select (${arr(FIRST)})[1 + g % 10], (${arr(LAST)})[1 + (g / 10) % 10] || ' ' || g,
         'vol' || g || '@example.test', '+3519' || lpad(g::text, 8, '0'), '351', 'active', now(), 'pt-pt',
         now() - interval '200 days' + g * interval '100 seconds'
       from generate_series(1, ${V.customers}) g`,
    );
    const { cmin } = await one<{ cmin: number }>(
      `select min(id) as cmin from customers where mobile like '+3519%' and email like 'vol%'`,
    );

    // Other organisers and their events, one ticket type each (a tenth of them cashless).
    await run(
      'organizers and events',
      `with o as (
         insert into organizers (slug, name, email)
         select 'vol-org-' || g, 'Promotora ' || g, 'org' || g || '@example.test' from generate_series(1, ${V.otherOrganizers}) g
         returning id)
       insert into events (organizer_id, slug, name, address, starts_at, ends_at, contact_email, status, visibility, wallet_enabled, published_at, created_at)
       select o.id, 'vol-ev-' || o.id || '-' || k, 'Evento ' || o.id || '-' || k, 'Lisboa',
         now() + ((o.id * 7 + k * 13) % 120 - 60) * interval '1 day',
         now() + ((o.id * 7 + k * 13) % 120 - 60) * interval '1 day' + interval '6 hours',
         'ev@example.test', 'published', 'public', k = 1, now() - interval '90 days', now() - interval '90 days'
       from o, generate_series(1, ${V.otherEvents / V.otherOrganizers}) k`,
    );
    await run(
      'other ticket types',
      `insert into ticket_types (event_id, name, price_cents, quantity, sold)
       select id, 'Geral', 1500, 100000, 0 from events where slug like 'vol-ev-%'`,
    );

    // The festival: its organiser, three past events of it, the festival itself (day 3 of 3).
    const org = await one<{ id: number }>(
      `insert into organizers (slug, name, email) values ('vol-festival', 'Festival Volume, Lda', 'festival@example.test') returning id`,
    );
    await c.query(
      `insert into events (organizer_id, slug, name, address, starts_at, ends_at, contact_email, wallet_enabled)
       select $1, 'vol-festival-' || y, 'Festival Volume ' || y, 'Lisboa', now() - (2027 - y) * interval '365 days',
         now() - (2027 - y) * interval '365 days' + interval '3 days', 'festival@example.test', true
       from generate_series(2023, 2025) y`,
      [org.id],
    );
    const ev = await one<{ id: number }>(
      `insert into events (organizer_id, slug, name, address, starts_at, ends_at, contact_email, wallet_enabled)
       values ($1, 'vol-festival', 'Festival Volume 2026', 'Lisboa', now() - interval '2 days 8 hours',
         now() + interval '16 hours', 'festival@example.test', true) returning id`,
      [org.id],
    );
    await c.query(
      `insert into ticket_types (event_id, name, price_cents, quantity, sort_order)
       select $1, 'Passe ' || g, 3000 + 500 * g, 20000, g from generate_series(0, 9) g`,
      [ev.id],
    );
    const types = (
      await c.query<{ id: number }>(`select id from ticket_types where event_id = $1 order by sort_order`, [
        ev.id,
      ])
    ).rows.map((r) => Number(r.id));

    // Festival orders: 50,000 paid (two tickets each) and 5,000 cancelled, over 60 days.
    const paidOrders = V.tickets / 2;
    const allOrders = paidOrders + paidOrders / 10;
    await run(
      'festival orders',
      `insert into orders (reference, customer_id, event_id, status, subtotal_cents, service_cents, total_cents,
         expires_at, paid_at, created_at)
       select 'VOLF' || lpad(g::text, 7, '0'), $2 + g - 1, $1, s.status, 2 * (3000 + 500 * (g % 10)), 100,
         2 * (3000 + 500 * (g % 10)) + 100, s.at + interval '15 minutes',
         case when s.status = 'paid' then s.at + interval '1 minute' end, s.at
       from generate_series(1, ${allOrders}) g,
         lateral (select case when g % 11 = 0 then 'cancelled' else 'paid' end as status,
           now() - interval '62 days' + g * (interval '60 days' / ${allOrders}) as at) s`,
      [ev.id, cmin],
    );
    await run(
      'festival order lines',
      `insert into order_lines (order_id, kind, ticket_type_id, qty, unit_cents, description)
       select o.id, 'ticket', ($2::int[])[1 + (substr(o.reference, 5)::int % 10)], 2,
         3000 + 500 * (substr(o.reference, 5)::int % 10), 'Passe'
       from orders o where o.event_id = $1`,
      [ev.id, types],
    );
    await run(
      'festival payments',
      `insert into payments (order_id, provider, method, provider_ref, status, amount_cents, created_at, updated_at)
       select id, 'sandbox', case when id % 3 = 0 then 'card' else 'mbway' end, 'volpay-' || id,
         case when status = 'paid' then 'approved' else 'expired' end, total_cents, created_at, created_at
       from orders where event_id = $1`,
      [ev.id],
    );
    await run(
      'festival tickets',
      `insert into customer_tickets (token, customer_id, event_id, ticket_type_id, order_id, state, created_at)
       select 'volt-' || o.id || '-' || k, o.customer_id, o.event_id, l.ticket_type_id, o.id, 'active', o.paid_at
       from orders o join order_lines l on l.order_id = o.id, generate_series(1, 2) k
       where o.event_id = $1 and o.status = 'paid'`,
      [ev.id],
    );
    await c.query(
      `update ticket_types t set sold = s.n from (
         select ticket_type_id, count(*) as n from customer_tickets where event_id = $1 group by 1) s
       where t.id = s.ticket_type_id`,
      [ev.id],
    );

    // Other events' orders: one ticket each, paid, by the same customers.
    await run(
      'other orders, lines, payments, tickets',
      `with ev as (select id, row_number() over (order by id) - 1 as i from events where slug like 'vol-ev-%'),
       o as (
         insert into orders (reference, customer_id, event_id, status, subtotal_cents, service_cents, total_cents,
           expires_at, paid_at, created_at)
         select 'VOLO' || lpad(g::text, 7, '0'), $1 + (g * 7) % ${V.customers}, ev.id, 'paid', 1500, 50, 1550,
           now() - g * interval '30 seconds' + interval '15 minutes', now() - g * interval '30 seconds',
           now() - g * interval '30 seconds'
         from generate_series(1, ${V.otherOrders}) g join ev on ev.i = g % ${V.otherEvents}
         returning id, customer_id, event_id, paid_at),
       l as (
         insert into order_lines (order_id, kind, ticket_type_id, qty, unit_cents, description)
         select o.id, 'ticket', t.id, 1, 1500, 'Geral' from o join ticket_types t on t.event_id = o.event_id),
       p as (
         insert into payments (order_id, provider, method, provider_ref, status, amount_cents, created_at, updated_at)
         select id, 'sandbox', 'mbway', 'volpay-' || id, 'approved', 1550, paid_at, paid_at from o)
       insert into customer_tickets (token, customer_id, event_id, ticket_type_id, order_id, state, created_at)
       select 'volt-' || o.id || '-1', o.customer_id, o.event_id, t.id, o.id, 'active', o.paid_at
       from o join ticket_types t on t.event_id = o.event_id`,
      [cmin],
    );
    await c.query(
      `update ticket_types t set sold = s.n from (
         select ticket_type_id, count(*) as n from customer_tickets t join events e on e.id = t.event_id
         where e.slug like 'vol-ev-%' group by 1) s
       where t.id = s.ticket_type_id`,
    );

    // The door: 40 gates; 70% of the festival's tickets admitted today, each with its scan,
    // plus one already-used scan for every seventh admission; the past events' gates too.
    await c.query(
      `insert into checkin_devices (event_id, name, key_hash)
       select $1::int, 'Porta ' || g, md5('vol-gate-' || $1::int || '-' || g) from generate_series(1, ${V.gates}) g`,
      [ev.id],
    );
    await c.query(
      `insert into checkin_devices (event_id, name, key_hash)
       select id, 'Porta', md5('vol-gate-' || id) from events where slug like 'vol-ev-%'`,
    );
    const gates = (
      await c.query<{ id: number }>(`select id from checkin_devices where event_id = $1 order by id`, [ev.id])
    ).rows.map((r) => Number(r.id));
    await run(
      'festival check-ins and scans',
      `with a as (
         select t.id, ($2::int[])[1 + t.id % ${V.gates}] as device,
           now() - interval '10 hours' + (t.id % 3600) * interval '10 seconds' as at
         from customer_tickets t where t.event_id = $1 and t.id % 10 < 7),
       s as (
         insert into checkin_scans (device_id, nonce, token_hash, ticket_id, result, scanned_at)
         select device, 'n-' || id, md5('volt-' || id), id, 'ok', at from a
         union all
         select device, 'r-' || id, md5('volt-' || id), id, 'already_used', at + interval '3 minutes' from a where id % 7 = 0)
       insert into checkins (ticket_id, day, device_id, nonce, scanned_at)
       select id, to_char(now() at time zone 'Europe/Lisbon', 'YYYY-MM-DD'), device, 'n-' || id, at from a`,
      [ev.id, gates],
    );
    await run(
      'other check-ins and scans',
      `with a as (
         select t.id, d.id as device, t.created_at + interval '1 day' as at
         from customer_tickets t join events e on e.id = t.event_id and e.slug like 'vol-ev-%'
         join checkin_devices d on d.event_id = t.event_id
         where t.id % 3 = 0),
       s as (
         insert into checkin_scans (device_id, nonce, token_hash, ticket_id, result, scanned_at)
         select device, 'n-' || id, md5('volt-' || id), id, 'ok', at from a)
       insert into checkins (ticket_id, day, device_id, nonce, scanned_at)
       select id, to_char(at, 'YYYY-MM-DD'), device, 'n-' || id, at from a`,
    );

    // Tills: 40 bars, 8 shops, 10 top-up points, 2 refund desks.
    await c.query(
      `insert into stations (event_id, name, key_hash, role)
       select $1::int, case when g <= 40 then 'Bar ' || g when g <= 48 then 'Loja ' || g - 40
         when g <= 58 then 'Carregamentos ' || g - 48 else 'Reembolsos ' || g - 58 end,
         md5('vol-station-' || $1::int || '-' || g),
         case when g <= 40 then 'bar' when g <= 48 then 'shop' when g <= 58 then 'topup' else 'refund_desk' end
       from generate_series(1, ${V.stations}) g`,
      [ev.id],
    );
    await c.query(
      `insert into stations (event_id, name, key_hash, role)
       select id, 'Bar', md5('vol-station-' || id), 'bar' from events where slug like 'vol-ev-%' and wallet_enabled`,
    );
    const tills = (
      await c.query<{ id: number; role: string }>(
        `select id, role from stations where event_id = $1 order by id`,
        [ev.id],
      )
    ).rows;
    const bars = tills.filter((s) => s.role === 'bar' || s.role === 'shop').map((s) => Number(s.id));
    const topups = tills.filter((s) => s.role === 'topup').map((s) => Number(s.id));

    // 40,000 wallets, the first 30,000 a ticket holder's, each with its bracelet; 50 ledger
    // rows each over the three days: one online top-up, three at top-up points, 46 payments.
    const n = V.rowsPerWallet;
    await run(
      'festival wallets',
      `insert into wallets (customer_id, event_id, balance_cents, online_cents, created_at)
       select case when g <= 30000 then $2 + g - 1 end, $1, 4 * 2500 - ${n - 4} * 150, 2500,
         now() - interval '3 days'
       from generate_series(1, ${V.bracelets}) g`,
      [ev.id, cmin],
    );
    await run(
      'festival bracelets',
      `insert into bracelets (event_id, uid, code, wallet_id, status, linked_at, created_at)
       select $1, 'VOL' || lpad(rn::text, 7, '0'), (1000000 + rn)::text, id, 'active',
         now() - interval '3 days', now() - interval '4 days'
       from (select id, row_number() over (order by id) as rn from wallets where event_id = $1) w`,
      [ev.id],
    );
    await run(
      'festival ledger (2,000,000 rows)',
      `insert into wallet_transactions (wallet_id, type, amount_cents, online_delta_cents, station_id, bracelet_id,
         description, description_code, idempotency_key, occurred_at)
       select w.id, case when k <= 4 then 'topup' else 'consumption' end,
         case when k <= 4 then 2500 else -150 end,
         case when k = 1 then 2500 else 0 end,
         case when k = 1 then null when k <= 4 then ($2::int[])[1 + (w.id + k) % ${topups.length}]
           else ($3::int[])[1 + (w.id + k) % ${bars.length}] end,
         case when k = 1 then null else b.id end,
         case when k <= 4 then '' else '1 × Cerveja' end,
         case when k = 1 then 'online_topup' end,
         'vol:' || w.id || ':' || k,
         now() - interval '56 hours' + ((w.id % 997) * 0.001 + k) * (interval '56 hours' / ${n + 1})
       from wallets w join bracelets b on b.wallet_id = w.id, generate_series(1, ${n}) k
       where w.event_id = $1`,
      [ev.id, topups, bars],
    );

    // Other cashless events: 20,000 wallets, 20 ledger rows each.
    const otherRows = V.otherLedgerRows / V.otherWallets;
    await run(
      'other wallets, bracelets and ledger',
      `with ev as (select e.id, s.id as station, row_number() over (order by e.id) - 1 as i
                   from events e join stations s on s.event_id = e.id where e.slug like 'vol-ev-%' and e.wallet_enabled),
       w as (
         insert into wallets (customer_id, event_id, balance_cents, online_cents)
         select $1 + 40000 + g, ev.id, 2 * 2500 - ${otherRows - 2} * 150, 0
         from generate_series(1, ${V.otherWallets}) g join ev on ev.i = g % (select count(*) from ev)
         returning id, event_id),
       b as (
         insert into bracelets (event_id, uid, code, wallet_id, status)
         select event_id, 'VOLO' || lpad(id::text, 8, '0'), (20000000 + id)::text, id, 'active' from w
         returning id, wallet_id, event_id)
       insert into wallet_transactions (wallet_id, type, amount_cents, online_delta_cents, station_id, bracelet_id,
         description, idempotency_key, occurred_at)
       select b.wallet_id, case when k <= 2 then 'topup' else 'consumption' end,
         case when k <= 2 then 2500 else -150 end, 0, ev.station, b.id, '', 'volo:' || b.wallet_id || ':' || k,
         e.starts_at + k * interval '10 minutes'
       from b join ev on ev.id = b.event_id join events e on e.id = b.event_id, generate_series(1, ${otherRows}) k`,
      [cmin],
    );

    // Refund requests on the festival's holders' wallets (their balance left in the wallet).
    await run(
      'refund requests',
      `insert into refund_requests (wallet_id, customer_id, iban, holder_name, amount_cents, fee_cents, status,
         created_at, updated_at, approved_at, paid_at, rejected_at, export_id, rejection_reason)
       select w.id, w.customer_id, 'PT50000201231234567890154', c.first_name || ' ' || c.last_name, 2500, 0, s.status,
         now() - interval '1 day' + w.id % 1000 * interval '1 minute', now(),
         case when s.status in ('approved', 'paid') then now() end, case when s.status = 'paid' then now() end,
         case when s.status = 'rejected' then now() end, case when s.status = 'paid' then 'vol-export-1' end,
         case when s.status = 'rejected' then 'Pedido repetido' end
       from (select id, customer_id, row_number() over (order by id) as rn from wallets
             where event_id = $1 and customer_id is not null order by id limit ${V.refundRequests}) w
       join customers c on c.id = w.customer_id,
       lateral (select case when w.rn % 10 < 5 then 'requested' when w.rn % 10 < 7 then 'approved'
                  when w.rn % 10 < 9 then 'paid' else 'rejected' end as status) s`,
      [ev.id],
    );

    // The organiser's webhook endpoint and 100,000 deliveries of its events (a few failed).
    const endpoint = await one<{ id: number }>(
      `insert into webhook_endpoints (organizer_id, url, events, secret)
       values ($1, 'https://hooks.example.test/bilheteira', array['order.paid', 'checkin.created'], 'vol-secret')
       returning id`,
      [org.id],
    );
    await run(
      'webhook events and deliveries',
      `with e as (
         insert into webhook_events (id, organizer_id, type, source_id, body, occurred_at)
         select gen_random_uuid(), $1, 'checkin.created', g, '{"type":"checkin.created"}',
           now() - (${V.webhookDeliveries} - g) * interval '1 second'
         from generate_series(1, ${V.webhookDeliveries}) g
         returning id, source_id, occurred_at)
       insert into webhook_deliveries (endpoint_id, event_id, status, attempts, next_attempt_at, last_status,
         last_attempt_at, delivered_at, created_at)
       select $2, id, case when source_id % 500 = 0 then 'failed' else 'delivered' end, 1, occurred_at, 200,
         occurred_at, occurred_at, occurred_at
       from e order by source_id`,
      [org.id, endpoint.id],
    );

    // The organiser's activity: who did what to its orders and tills (once the audit log
    // carries the organiser and the event).
    const scoped = await one<{ n: number }>(
      `select count(*)::int as n from information_schema.columns
       where table_name = 'audit_log' and column_name in ('organizer_id', 'event_id')`,
    );
    if (scoped.n === 2)
      await run(
        'audit log',
        `insert into audit_log (actor, action, entity, entity_id, data, created_at, organizer_id, event_id)
         select case when g % 5 = 0 then 'staff:1' else 'customer:' || ($3::int + g % 50000) end,
           case when g % 5 = 0 then 'station.updated' else 'order.paid' end,
           case when g % 5 = 0 then 'station' else 'order' end, g::text, '{}'::jsonb,
           now() - (${V.auditEntries} - g) * interval '20 seconds', $1::int, $2::int
         from generate_series(1, ${V.auditEntries}) g`,
        [org.id, ev.id, cmin],
      );

    await c.query(`alter table wallet_transactions enable trigger wallet_transactions_totals`);
    await run('analyze', `analyze`);

    // The owner, signed in (second factor done) through the app's own session code.
    const user = await insertStaffUser(database.db, {
      email: `owner-${Date.now()}@vol.example.test`,
      name: 'Dona do Festival',
      passwordHash: 'not-a-password-hash',
      platformRole: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    await database.db
      .insert(organizerMembers)
      .values({ organizerId: org.id, userId: user.id, role: 'owner' });
    const { token } = await startStaffSession(
      database.db,
      { userId: user.id, userAgent: 'bench', ip: '127.0.0.1', secondFactorDone: true },
      new Date(),
    );

    const order = await one<{ id: number; reference: string; mobile: string; name: string }>(
      `select o.id, o.reference, c.mobile, c.first_name || ' ' || c.last_name as name
       from orders o join customers c on c.id = o.customer_id
       where o.event_id = $1 and o.status = 'paid' order by o.id limit 1 offset 20000`,
      [ev.id],
    );
    const bracelet = await one<{ id: number; code: string }>(
      `select id, code from bracelets where event_id = $1 order by id limit 1 offset 12345`,
      [ev.id],
    );
    return {
      organizerId: Number(org.id),
      eventId: Number(ev.id),
      order: { ...order, id: Number(order.id) },
      endpointId: Number(endpoint.id),
      stationId: bars[0]!,
      deviceId: gates[0]!,
      braceletCode: bracelet.code,
      braceletId: Number(bracelet.id),
      ownerCookie: token,
      steps,
    };
  } finally {
    await c.end();
  }
}
