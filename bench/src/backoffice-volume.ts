/**
 * `npm run bench -- backoffice-volume`: the back office at a festival's volume (issue 27's
 * first figure). Builds the volume fixture (volume-fixture.ts) on a fresh PostgreSQL
 * database, starts the real app on it, and measures p50/p99 of every dashboard and list
 * endpoint of the festival with its owner's session. Each endpoint's runs follow a run of the
 * cheapest signed-in back-office read (`GET /api/backoffice/auth/me`) measured alongside.
 *
 * An endpoint is one line of ENDPOINTS; one whose route is not in the OpenAPI document yet is
 * listed as skipped. Asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/seed/seed';
import { startChild, type Child } from './child';
import { httpLoad, type LoadSpec } from './http-load';
import { readOptions } from './options';
import { machineLine } from './report';
import { benchAppEnv, repoRoot } from './setup';
import { median, medianOfRuns, type RunFigures } from './stats';
import { buildVolumeFixture, VOLUME, type VolumeFixture } from './volume-fixture';

/** [name, GET route as in the OpenAPI document, query, what the answer is read from] */
type Endpoint = [name: string, route: string, query: string, reads: string];

const O = '/api/backoffice/organizers/{organizerId}';
const E = `${O}/events/{eventId}`;
const V = VOLUME;
const k = (n: number) => n.toLocaleString('en-US');

/**
 * Every back-office dashboard and list endpoint of the festival: adding one is one line. The
 * route's and the query's {placeholders} are filled from the fixture (`fill`).
 */
// prettier-ignore
export const ENDPOINTS: Endpoint[] = [
  ['dashboard', `${E}/dashboard`, '', `${k(V.tickets)} tickets, ${k(V.ledgerRows)} ledger rows, check-ins, wallets`],
  ['orders', `${O}/orders`, '', "the organiser's 55,000 orders, newest first"],
  ['orders-event', `${O}/orders`, '?event_id={eventId}&status=paid', "the festival's 50,000 paid orders"],
  ['orders-by-total', `${O}/orders`, '?event_id={eventId}&sort=total_cents&dir=desc', "the festival's orders by total"],
  ['orders-page-100', `${O}/orders`, '?event_id={eventId}&page=100', "page 100 of the festival's orders"],
  ['orders-search-reference', `${O}/orders`, '?q={reference}', 'one order by reference'],
  ['orders-search-mobile', `${O}/orders`, '?q={mobile}', 'one buyer by mobile'],
  ['orders-search-name', `${O}/orders`, '?q={name}', 'a buyer by full name'],
  ['orders-search-name-prefix', `${O}/orders`, '?q=maria%20santos', 'a common name prefix (1,500 customers)'],
  ['order-story', `${O}/orders/{orderId}`, '', "one order's lines, payments, tickets, check-ins, audit"],
  ['refunds', `${O}/refunds`, '', `${k(V.refundRequests)} refund requests`],
  ['refunds-requested', `${O}/refunds`, '?status=requested&event_id={eventId}', 'the requested ones of the festival'],
  ['door-scans', `${E}/door/scans`, '', '80,000 scans over 40 gates'],
  ['door-scans-gate', `${E}/door/scans`, '?device_id={deviceId}&page=20', "one gate's scans, page 20"],
  ['door-devices', `${E}/door/devices`, '', '40 gates with their scan counts'],
  ['stations', `${E}/stations`, '', `${V.stations} tills`],
  ['station-totals', `${E}/stations/totals`, '', 'the last 24 h of the ledger per till (about 870,000 rows)'],
  ['bracelets', `${E}/bracelets`, '', `${k(V.bracelets)} bracelets`],
  ['bracelets-search', `${E}/bracelets`, '?q={braceletCode}', 'one bracelet by printed code'],
  ['bracelet-lookup', `${E}/bracelets/lookup`, '?ref={braceletCode}', 'one bracelet by printed code, with its wallet'],
  ['bracelet-history', `${E}/bracelets/{braceletId}/transactions`, '', "one bracelet's 49 ledger rows"],
  ['float-reconciliation', `${E}/wallet/reconciliation`, '', `${k(V.ledgerRows)} ledger rows, ${k(V.bracelets)} wallets`],
  ['attendees', `${E}/attendees`, '', `${k(V.tickets)} tickets`],
  ['attendees-search', `${E}/attendees`, '?q={name}', 'a holder by full name'],
  ['payouts', `${O}/payouts`, '', "the organiser's events in the period"],
  ['payout-event', `${O}/payouts/events/{eventId}`, '', "the festival's statement: 50,000 orders, its ledger"],
  ['payment-refunds', `${O}/refunds/payments`, '', 'cancellation and failed provider refunds'],
  ['activity', `${O}/activity`, '', `the organiser's ${k(V.auditEntries)} audit entries`],
  ['webhooks', `${O}/webhooks`, '', `an endpoint with ${k(V.webhookDeliveries)} deliveries`],
  ['webhook-deliveries', `${O}/webhooks/{endpointId}/deliveries`, '', 'its latest 50 deliveries'],
  ['events', `${O}/events`, '', "the organiser's 4 events"],
];

/** The request of an endpoint line for this fixture. */
function fill(template: string, f: VolumeFixture): string {
  const values: Record<string, string | number> = {
    organizerId: f.organizerId,
    eventId: f.eventId,
    orderId: f.order.id,
    endpointId: f.endpointId,
    deviceId: f.deviceId,
    reference: f.order.reference,
    mobile: f.order.mobile,
    name: f.order.name,
    braceletCode: f.braceletCode,
    braceletId: f.braceletId,
  };
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`no fixture value for {${key}} in ${template}`);
    return encodeURIComponent(String(values[key]));
  });
}

interface EndpointRow {
  name: string;
  request: string;
  reads: string;
  figures: RunFigures | null;
  /** the auth/me runs measured alongside (one before each run) */
  baseline?: RunFigures;
  /** median over the runs of this p99 / the p99 of the baseline run just before it */
  p99Ratio?: number;
  /** bytes of one answer */
  bytes?: number;
  skipped?: string;
}

export async function runBackofficeVolume(argv: string[]) {
  const opts = readOptions(argv, process.env);
  const log = (m: string) => console.log(m);
  if (!opts.databaseUrl) throw new Error('backoffice-volume runs on PostgreSQL only: set DATABASE_URL');
  const connections = Math.round(Number(process.env.BENCH_CONNECTIONS ?? 2));
  const seconds = opts.quick ? 2 : Number(process.env.BENCH_DURATION ?? 5);
  const runs = opts.quick ? 1 : opts.runs;
  const startedAt = new Date();
  log(
    `Bilheteira bench — back office at volume: ${runs} run(s) × ${seconds} s per endpoint, ${connections} connection(s)`,
  );
  log(`machine: ${machineLine()}`);

  const dbName = `bench_volume_${startedAt.toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(opts.databaseUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();

  let app: Child | undefined;
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    await seedDemo(database.db, startedAt);
    const tMigrated = performance.now();
    const fixture = await buildVolumeFixture(dbUrl, database);
    await database.close();
    const buildMs = performance.now() - tMigrated;
    log(
      `  database ${dbName}: migrated and seeded in ${Math.round(tMigrated - t0)} ms, fixture built in ${(buildMs / 1000).toFixed(1)} s`,
    );
    for (const [step, ms] of fixture.steps) log(`    ${step.padEnd(40)} ${(ms / 1000).toFixed(1)} s`);
    const sizes = await tableSizes(dbUrl);
    log(`  rows: ${sizes.map(([t, n]) => `${t} ${k(n)}`).join(', ')}`);

    app = await startChild(
      'apps/api/src/server.ts',
      { ...benchAppEnv(), DATABASE_URL: dbUrl },
      '/api/ready',
      90_000,
    );
    log(`  app on ${app.url}`);
    const doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths))
      for (const m of Object.keys(methods)) routes.add(`${m.toUpperCase()} ${p}`);

    const headers = { cookie: `bh_staff=${fixture.ownerCookie}`, 'x-locale': 'pt-pt' };
    const spec = (p: string): LoadSpec => ({ method: 'GET', path: () => p, headers: () => headers });
    const baselineSpec = spec('/api/backoffice/auth/me');
    const load = (s: LoadSpec, secs = seconds) => httpLoad(app!.url, s, { seconds: secs, connections });
    const rows: EndpointRow[] = [];
    log('\nendpoints');
    for (const [name, route, query, reads] of ENDPOINTS) {
      if (opts.only && !opts.only.includes(name)) continue;
      const p = fill(route + query, fixture);
      const row: EndpointRow = {
        name,
        request: `GET ${p.replace(/^\/api\/backoffice\/organizers\/\d+/, '…')}`,
        reads,
        figures: null,
      };
      rows.push(row);
      if (!routes.has(`GET ${route}`)) {
        row.skipped = `GET ${route} not in the API yet`;
        log(`  ${name.padEnd(26)} skipped: ${row.skipped}`);
        continue;
      }
      const first = await fetch(app.url + p, { headers });
      const body = await first.text();
      if (first.status !== 200) {
        row.skipped = `answers ${first.status}: ${body.slice(0, 120)}`;
        log(`  ${name.padEnd(26)} skipped: ${row.skipped}`);
        continue;
      }
      row.bytes = Buffer.byteLength(body);
      await load(spec(p), 1); // warm-up
      const all: RunFigures[] = [];
      const bases: RunFigures[] = [];
      for (let i = 0; i < runs; i++) {
        bases.push(await load(baselineSpec, Math.min(2, seconds)));
        all.push(await load(spec(p)));
      }
      row.figures = medianOfRuns(all);
      row.baseline = medianOfRuns(bases);
      row.p99Ratio = median(all.map((r, i) => r.p99 / Math.max(bases[i]!.p99, 0.01)));
      const other = Object.entries(row.figures.other)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      log(
        `  ${name.padEnd(26)} p50 ${row.figures.p50.toFixed(1).padStart(7)} ms  p99 ${row.figures.p99.toFixed(1).padStart(7)} ms  ${row.figures.ok} answers  (auth/me alongside p99 ${row.baseline.p99.toFixed(1)} ms)${other ? `  not ok: ${other}` : ''}`,
      );
    }

    const report = {
      date: startedAt.toISOString().slice(0, 10),
      startedAt: startedAt.toISOString(),
      database: `PostgreSQL, database ${dbName} on ${url.host}`,
      machine: machineLine(),
      settings: { seconds, runs, connections },
      fixtureBuildSeconds: Math.round(buildMs / 100) / 10,
      fixtureSteps: fixture.steps,
      tables: Object.fromEntries(sizes),
      endpoints: rows,
    };
    const md = markdown(report, rows);
    log('\n' + md);
    if (!opts.quick && !opts.only) {
      const base = path.join(repoRoot, 'bench/results', `${report.date}-postgres-backoffice-volume`);
      fs.writeFileSync(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
      fs.writeFileSync(`${base}.md`, md);
      log(`written: ${path.relative(repoRoot, base)}.{json,md}`);
    }
  } finally {
    await app?.stop();
    if (!opts.keepDb) {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    } else log(`kept: ${dbUrl}`);
  }
}

async function tableSizes(url: string): Promise<[string, number][]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const tables = [
    'customers',
    'events',
    'orders',
    'order_lines',
    'payments',
    'customer_tickets',
    'checkins',
    'checkin_scans',
    'wallets',
    'bracelets',
    'wallet_transactions',
    'refund_requests',
    'webhook_deliveries',
  ];
  const out: [string, number][] = [];
  for (const t of tables) out.push([t, Number((await c.query(`select count(*) as n from ${t}`)).rows[0].n)]);
  await c.end();
  return out;
}

function markdown(
  r: {
    date: string;
    database: string;
    machine: string;
    settings: { seconds: number; runs: number; connections: number };
    fixtureBuildSeconds: number;
    tables: Record<string, number>;
  },
  rows: EndpointRow[],
) {
  const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  return [
    `# Bench ${r.date} — the back office at a festival's volume`,
    '',
    `- Database: ${r.database}; fixture built in ${r.fixtureBuildSeconds} s`,
    `- Rows: ${Object.entries(r.tables)
      .map(([t, n]) => `${t} ${k(n)}`)
      .join(', ')}`,
    `- Machine: ${r.machine}`,
    `- Each figure is the median of ${r.settings.runs} run(s) of ${r.settings.seconds} s at ${r.settings.connections} connection(s), the owner's session; each run follows a run of GET /api/backoffice/auth/me (alongside).`,
    '',
    '| endpoint | request | reads | p50 ms | p99 ms | answers | bytes | auth/me p99 alongside | p99 ratio | not ok |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((x) =>
      x.figures
        ? `| ${x.name} | \`${x.request}\` | ${x.reads} | ${ms(x.figures.p50)} | ${ms(x.figures.p99)} | ${x.figures.ok} | ${k(x.bytes ?? 0)} | ${ms(x.baseline!.p99)} | ${x.p99Ratio!.toFixed(1)}× | ${Object.entries(
            x.figures.other,
          )
            .map(([s, n]) => `${s}×${n}`)
            .join(' ')} |`
        : `| ${x.name} | \`${x.request}\` | ${x.reads} | – | – | – | – | – | – | skipped: ${x.skipped} |`,
    ),
    '',
  ].join('\n');
}
