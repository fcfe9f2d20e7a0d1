/**
 * `npm run bench -- attendee-export` (PostgreSQL in DATABASE_URL; `--keep-db` keeps it): the attendee
 * export of issue 27 — 100,000 rows streamed at ≥ 20,000 rows/s with the app process growing by
 * less than 100 MB. On a fresh database (migrated, demo seed) it builds one event with 100,000
 * tickets in set-based SQL (50,000 buyers with two tickets each, 40 % of the tickets checked in
 * at one of 10 gates), starts the real app as a child process and downloads
 * `GET …/events/:id/attendees/export` as CSV and as XLSX with the owner's session, `BENCH_RUNS`
 * (3) times each: rows/s, bytes, and the growth of the app's resident memory (VmRSS sampled
 * every 20 ms over the download, against just before it). Then once more read slowly (a client
 * taking 512 KB/s for 5 s) to show that a slow reader does not make the app hold the rows.
 *
 * Baseline, measured in the same run before each export: the same 100,000 rows with the same
 * joins read by PostgreSQL and sent to this process in one statement (pg, no HTTP, no CSV):
 * what the database costs alone. The export's figure is printed as a ratio of it. Asserts
 * nothing; writes bench/results/<date>-postgres-attendee-export.{json,md}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { organizerMembers } from '../../apps/api/src/db/schema/index';
import { insertStaffUser } from '../../apps/api/src/modules/staff/staff.repository';
import { startStaffSession } from '../../apps/api/src/modules/staff/staff-session.service';
import { seedDemo } from '../../apps/api/src/seed/seed';
import { startChild, type Child } from './child';
import { repoRoot } from './paths';
import { machineLine } from './report';
import { median } from './stats';

const TICKETS = Number(process.env.BENCH_EXPORT_TICKETS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const GATES = 10;
/** what a browser asks for (the app compresses CSV with brotli); BENCH_ACCEPT_ENCODING=identity for none */
const ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';
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
const log = (msg: string) => console.log(msg);
const k = (n: number) => Math.round(n).toLocaleString('en-US');

/** The whole event's rows as the export reads them, in one statement (the baseline). */
const BASELINE_SQL = `
  SELECT t.id, t.state, t.customer_id, t.pending_mobile, t.created_at, t.ticket_type_id, tt.name,
         tt.period_days, t.session_id, s.date, s.hour, t.order_id, o.reference, c.first_name,
         c.last_name, c.email, c.mobile, c.status,
         (SELECT count(*) FROM checkins ch WHERE ch.ticket_id = t.id) AS checkins,
         (SELECT d.name FROM checkins l LEFT JOIN checkin_devices d ON d.id = l.device_id
          WHERE l.ticket_id = t.id ORDER BY l.scanned_at DESC LIMIT 1) AS gate
  FROM customer_tickets t
  JOIN ticket_types tt ON tt.id = t.ticket_type_id
  LEFT JOIN event_sessions s ON s.id = t.session_id
  LEFT JOIN orders o ON o.id = t.order_id
  LEFT JOIN customers c ON c.id = t.customer_id
  WHERE t.event_id = $1 ORDER BY t.id`;

async function buildFixture(c: pg.Client) {
  const one = async <T>(q: string, p: unknown[] = []) => (await c.query(q, p)).rows[0] as T;
  const org = await one<{ id: number }>(
    `insert into organizers (slug, name, email) values ('export-bench', 'Exportações, Lda', 'export@example.test') returning id`,
  );
  const ev = await one<{ id: number }>(
    `insert into events (organizer_id, slug, name, address, starts_at, ends_at, contact_email)
     values ($1, 'export-bench-festival', 'Festival das Exportações', 'Lisboa', now() - interval '4 hours',
       now() + interval '20 hours', 'export@example.test') returning id`,
    [org.id],
  );
  await c.query(
    `insert into ticket_types (event_id, name, price_cents, quantity, sold, sort_order)
     select $1, 'Passe ' || g, 3000 + 500 * g, ${TICKETS}, 0, g from generate_series(0, 3) g`,
    [ev.id],
  );
  const buyers = TICKETS / 2;
  const { cmin } = await one<{ cmin: number }>(
    `with c as (
       insert into customers (first_name, last_name, email, mobile, mobile_country_code, status, mobile_verified_at, locale)
       select (${arr(FIRST)})[1 + g % 10], (${arr(LAST)})[1 + (g / 10) % 10] || ' ' || g,
         'export' || g || '@example.test', '+3519' || lpad(g::text, 8, '0'), '351', 'active', now(), 'pt-pt'
       from generate_series(1, ${buyers}) g returning id)
     select min(id) as cmin from c`,
  );
  await c.query(
    `insert into orders (reference, customer_id, event_id, status, subtotal_cents, service_cents, total_cents, expires_at, paid_at, created_at)
     select 'EXPB' || lpad(g::text, 7, '0'), $2 + g - 1, $1, 'paid', 7000, 100, 7100, now(), now() - interval '1 day', now() - interval '1 day'
     from generate_series(1, ${buyers}) g`,
    [ev.id, cmin],
  );
  await c.query(
    `insert into customer_tickets (token, customer_id, event_id, ticket_type_id, order_id, state, created_at)
     select 'expt-' || o.id || '-' || n, o.customer_id, o.event_id,
       (select id from ticket_types where event_id = $1 order by sort_order offset (o.id % 4) limit 1), o.id,
       'active', o.paid_at
     from orders o, generate_series(1, 2) n where o.event_id = $1`,
    [ev.id],
  );
  await c.query(
    `insert into checkin_devices (event_id, name, key_hash)
     select $1::int, 'Porta ' || g, md5('export-gate-' || g) from generate_series(1, ${GATES}) g`,
    [ev.id],
  );
  await c.query(
    `insert into checkins (ticket_id, day, device_id, nonce, scanned_at)
     select t.id, to_char(now() at time zone 'Europe/Lisbon', 'YYYY-MM-DD'),
       (select min(id) from checkin_devices where event_id = $1) + t.id % ${GATES}, 'x-' || t.id,
       now() - (t.id % 3600) * interval '1 second'
     from customer_tickets t where t.event_id = $1 and t.id % 10 < 4`,
    [ev.id],
  );
  await c.query('analyze');
  return { organizerId: Number(org.id), eventId: Number(ev.id) };
}

/** The app's resident memory, in bytes (Linux). */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

interface Download {
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

/** Downloads the export, sampling the app's memory; `bytesPerSecond` reads slowly. */
async function download(app: Child, url: string, cookie: string, bytesPerSecond?: number): Promise<Download> {
  const pid = app.process.pid!;
  const rssBefore = rss(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rss(pid));
  }, 20);
  const t0 = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(url, {
      headers: { cookie: `bh_staff=${cookie}`, 'x-locale': 'pt-pt', 'accept-encoding': ENCODING },
    });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++;
      if (bytesPerSecond) {
        const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - t0);
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
    }
  } finally {
    clearInterval(sampler);
  }
  rssPeak = Math.max(rssPeak, rss(pid));
  // CSV: a line per row after the heading; XLSX rows are counted from the audit entry instead
  return { rows: newlines - 1, bytes, seconds: (performance.now() - t0) / 1000, rssBefore, rssPeak };
}

export async function runAttendeeExport(args: string[]) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error('DATABASE_URL (PostgreSQL) is required: the figure is taken on PostgreSQL');
  const startedAt = new Date();
  log(`Bilheteira bench — attendee export: ${k(TICKETS)} tickets, ${RUNS} run(s) per format`);
  log(`machine: ${machineLine()}`);
  const dbName = `bench_export_${startedAt.toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  let app: Child | undefined;
  const c = new pg.Client({ connectionString: dbUrl });
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    await seedDemo(database.db, startedAt);
    await c.connect();
    const tSeeded = performance.now();
    const f = await buildFixture(c);
    log(
      `  database ${dbName}: migrated and seeded in ${Math.round(tSeeded - t0)} ms, ${k(TICKETS)} tickets built in ${((performance.now() - tSeeded) / 1000).toFixed(1)} s`,
    );
    const user = await insertStaffUser(database.db, {
      email: `owner-${Date.now()}@export.example.test`,
      name: 'Dona das Exportações',
      passwordHash: 'not-a-password-hash',
      platformRole: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    await database.db
      .insert(organizerMembers)
      .values({ organizerId: f.organizerId, userId: user.id, role: 'owner' });
    const { token } = await startStaffSession(
      database.db,
      { userId: user.id, userAgent: 'bench', ip: '127.0.0.1', secondFactorDone: true },
      new Date(),
    );
    await database.close();

    app = await startChild(
      'apps/api/src/server.ts',
      {
        DATABASE_URL: dbUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        WORKER: 'false',
        SEED_DEMO: 'false',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ALLOW_DEMO_DATA: 'true',
        ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
        LINK_SIGNING_SECRET: randomBytes(32).toString('hex'),
        TRUSTED_PROXIES: '127.0.0.1',
        PUBLIC_URL: 'http://localhost:3000',
      },
      '/api/ready',
    );
    const base = `${app.url}/api/backoffice/organizers/${f.organizerId}/events/${f.eventId}/attendees/export`;
    log(`  app on ${app.url} (pid ${app.process.pid})`);

    // warm-up: the app's first export loads exceljs, csv-stringify and the statements' plans
    await download(app, `${base}?format=csv&ticket_type_id=1`, token);
    await download(app, `${base}?format=xlsx&q=export1@example.test`, token);

    const results: Record<
      string,
      { baseline: number[]; rowsPerS: number[]; growthMb: number[]; bytes: number }
    > = {};
    for (const format of ['csv', 'xlsx'] as const) {
      const r = (results[format] = {
        baseline: [] as number[],
        rowsPerS: [] as number[],
        growthMb: [] as number[],
        bytes: 0,
      });
      for (let i = 0; i < RUNS; i++) {
        const b0 = performance.now();
        const { rowCount } = await c.query(BASELINE_SQL, [f.eventId]);
        r.baseline.push((rowCount ?? 0) / ((performance.now() - b0) / 1000));
        const d = await download(app, `${base}?format=${format}`, token);
        const audited = await c.query<{ rows: number }>(
          `select (data->>'rows')::int as rows from audit_log where action = 'attendees.exported' order by id desc limit 1`,
        );
        const rows = audited.rows[0]!.rows;
        if (format === 'csv' && rows !== d.rows)
          throw new Error(`CSV has ${d.rows} lines, the audit says ${rows}`);
        if (rows !== TICKETS) throw new Error(`exported ${rows} rows, expected ${TICKETS}`);
        r.rowsPerS.push(rows / d.seconds);
        r.growthMb.push((d.rssPeak - d.rssBefore) / 2 ** 20);
        r.bytes = d.bytes;
        log(
          `  ${format} run ${i + 1}: ${k(rows)} rows in ${d.seconds.toFixed(2)} s = ${k(rows / d.seconds)} rows/s, ${(d.bytes / 2 ** 20).toFixed(1)} MB, app RSS ${(d.rssBefore / 2 ** 20).toFixed(0)} → peak ${(d.rssPeak / 2 ** 20).toFixed(0)} MB; baseline ${k(r.baseline.at(-1)!)} rows/s`,
        );
      }
    }
    // a slow reader: 512 KB/s for 5 s, then the connection is dropped (the export stops, audited incomplete)
    const slow = { rssBefore: 0, rssPeak: 0, seconds: 0 };
    {
      const pid = app.process.pid!;
      slow.rssBefore = rss(pid);
      slow.rssPeak = slow.rssBefore;
      const sampler = setInterval(() => (slow.rssPeak = Math.max(slow.rssPeak, rss(pid))), 20);
      const ac = new AbortController();
      const t0s = performance.now();
      const res = await fetch(`${base}?format=csv`, {
        headers: { cookie: `bh_staff=${token}`, 'accept-encoding': ENCODING },
        signal: ac.signal,
      });
      const reader = res.body!.getReader();
      let got = 0;
      while (performance.now() - t0s < 5000) {
        const { done, value } = await reader.read();
        if (done) break;
        got += value.length;
        const due = (got / (512 * 1024)) * 1000 - (performance.now() - t0s);
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      ac.abort();
      await new Promise((r) => setTimeout(r, 500));
      clearInterval(sampler);
      slow.seconds = (performance.now() - t0s) / 1000;
    }
    const lastAudit = (
      await c.query<{ data: { rows: number; complete: boolean } }>(
        `select data from audit_log where action = 'attendees.exported' order by id desc limit 1`,
      )
    ).rows[0]!.data;
    log(
      `  slow reader (512 KB/s, dropped after 5 s): app RSS ${(slow.rssBefore / 2 ** 20).toFixed(0)} → peak ${(slow.rssPeak / 2 ** 20).toFixed(0)} MB; audited ${k(lastAudit.rows)} rows, complete ${lastAudit.complete}`,
    );

    const lines = [
      `# Attendee export — ${startedAt.toISOString().slice(0, 10)}, PostgreSQL`,
      '',
      `${k(TICKETS)} tickets of one event (two per buyer, 40 % checked in), the real app as a child process, ` +
        `the owner's session, accept-encoding ${ENCODING}, ${RUNS} runs per format (medians). Baseline: the same rows and joins in one ` +
        `statement through pg, no HTTP (measured before each run). machine: ${machineLine()}`,
      '',
      '| format | rows/s | ratio to baseline | baseline rows/s | app RSS growth (MB, max of runs) | file MB | goal |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
      ...(['csv', 'xlsx'] as const).map((fmt) => {
        const r = results[fmt]!;
        const ratios = r.rowsPerS.map((v, i) => v / r.baseline[i]!);
        return `| ${fmt} | ${k(median(r.rowsPerS))} | ${(median(ratios) * 100).toFixed(0)} % | ${k(median(r.baseline))} | ${Math.max(...r.growthMb).toFixed(1)} | ${(r.bytes / 2 ** 20).toFixed(1)} | ≥ 20,000 rows/s, < 100 MB |`;
      }),
      '',
      `Slow reader (CSV at 512 KB/s, dropped after ${slow.seconds.toFixed(1)} s): app RSS growth ${((slow.rssPeak - slow.rssBefore) / 2 ** 20).toFixed(1)} MB; the audit entry says ${k(lastAudit.rows)} rows, complete ${lastAudit.complete}.`,
      '',
    ];
    log('');
    log(lines.join('\n'));
    const out = path.join(
      repoRoot,
      'bench',
      'results',
      `${startedAt.toISOString().slice(0, 10)}-postgres-attendee-export`,
    );
    fs.writeFileSync(`${out}.md`, lines.join('\n'));
    fs.writeFileSync(
      `${out}.json`,
      `${JSON.stringify({ startedAt, machine: machineLine(), tickets: TICKETS, runs: RUNS, results, slow, lastAudit }, null, 2)}\n`,
    );
    log(`written ${path.relative(repoRoot, out)}.{md,json}`);
  } finally {
    await app?.stop();
    await c.end().catch(() => {});
    if (!args.includes('--keep-db')) await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
    else log(`kept database ${dbName}`);
    await admin.end();
  }
}
