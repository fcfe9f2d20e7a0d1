/**
 * Operator command for wallet refunds, to be wired into `npm run ops` (apps/api/src/ops.ts):
 *
 *   npm run ops -- refunds list [requested|approved|paid|rejected] [--json]
 *   npm run ops -- refunds approve|reject|paid <id>
 *   npm run ops -- refunds export [file.xml]   (SEPA pain.001 of approved refunds)
 *
 * It talks to the running server's operator API (PUBLIC_URL + OPERATOR_KEY), which works
 * the same on embedded PGlite (only the server may open it) and on PostgreSQL.
 */
import fs from 'node:fs';
import { formatEur } from '@bilheteira/shared/money';
import { REFUND_STATUSES } from '@bilheteira/shared/wallet';
import { loadConfig } from '../../config';
import { formatTable, shortTime, takeJsonFlag, unknownWord, type Column } from '../../lib/cli-table';

export const REFUNDS_USAGE =
  'Usage: npm run ops -- refunds list [status] [--json] | refunds approve|reject|paid <id> | refunds export [file.xml]';

const ACTIONS = ['list', 'approve', 'reject', 'paid', 'export'];

/** A refund request as GET /api/operator/refunds lists it. */
export interface RefundListRow {
  id: number;
  status: string;
  amount_cents: number;
  fee_cents: number;
  iban: string;
  holder_name: string;
  event_slug: string;
  customer_email: string | null;
  customer_mobile: string | null;
  created_at: string;
}

const COLUMNS: Column<RefundListRow>[] = [
  { title: 'ID', value: (r) => r.id, align: 'right' },
  { title: 'Status', value: (r) => r.status },
  { title: 'Amount', value: (r) => formatEur(r.amount_cents), align: 'right' },
  { title: 'Fee', value: (r) => formatEur(r.fee_cents), align: 'right' },
  { title: 'Event', value: (r) => r.event_slug },
  { title: 'Holder', value: (r) => r.holder_name },
  { title: 'IBAN', value: (r) => r.iban },
  { title: 'Customer', value: (r) => r.customer_email ?? r.customer_mobile },
  { title: 'Requested (UTC)', value: (r) => shortTime(r.created_at) },
];

/** The refund requests as a table. */
export const formatRefundRows = (rows: RefundListRow[]) => formatTable(rows, COLUMNS, 'No refund requests.');

export interface RefundsOpsIo {
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  config?: { PUBLIC_URL: string; OPERATOR_KEY?: string };
}

/** What is wrong with the arguments, said plainly, or null when the command can run. */
function argumentError(action: string | undefined, arg: string | undefined): string | null {
  if (!ACTIONS.includes(action ?? '')) return unknownWord('refunds command', action, REFUNDS_USAGE);
  if (action === 'list' && arg && !(REFUND_STATUSES as readonly string[]).includes(arg))
    return `Unknown refund status "${arg}". One of: ${REFUND_STATUSES.join(', ')}.`;
  if ((action === 'approve' || action === 'reject' || action === 'paid') && !/^\d+$/.test(arg ?? ''))
    return arg ? `Not a refund id: "${arg}".\n${REFUNDS_USAGE}` : `Which refund? ${REFUNDS_USAGE}`;
  return null;
}

export async function runRefundsOps(
  argv: string[],
  io: RefundsOpsIo = { fetch: globalThis.fetch, out: console.log, err: console.error },
): Promise<number> {
  const { json, args } = takeJsonFlag(argv);
  const wrong = argumentError(args[0], args[1]);
  if (wrong) {
    io.err(wrong);
    return 2;
  }
  const config = io.config ?? loadConfig();
  if (!config.OPERATOR_KEY) {
    io.err('Set OPERATOR_KEY (the same for the server and this command).');
    return 2;
  }
  const base = `${config.PUBLIC_URL.replace(/\/$/, '')}/api/operator/refunds`;
  const headers = { 'x-operator-key': config.OPERATOR_KEY };
  try {
    return await request(io, base, headers, args, json);
  } catch (err) {
    // fetch rejects only when the server cannot be reached
    io.err(`Cannot reach the server at ${config.PUBLIC_URL} (${(err as Error).message}). Is it running?`);
    return 1;
  }
}

async function request(
  io: RefundsOpsIo,
  base: string,
  headers: Record<string, string>,
  [action, arg]: string[],
  json: boolean,
): Promise<number> {
  if (action === 'export') {
    const res = await io.fetch(`${base}/sepa-export`, { method: 'POST', headers });
    if (!res.ok) return refused(io, res);
    const xml = await res.text();
    if (arg) fs.writeFileSync(arg, xml);
    else process.stdout.write(xml);
    const cents = Number(res.headers.get('x-refund-total-cents') ?? 0);
    io.err(`${res.headers.get('x-refund-count')} refund(s), ${formatEur(cents)}`);
    return 0;
  }
  const res =
    action === 'list'
      ? await io.fetch(`${base}${arg ? `?status=${encodeURIComponent(arg)}` : ''}`, { headers })
      : await io.fetch(`${base}/${arg}/${action}`, { method: 'POST', headers });
  if (!res.ok) return refused(io, res);
  const body = (await res.json()) as { data: RefundListRow[] | { id: number; status: string } };
  if (json) io.out(JSON.stringify(body.data, null, 2));
  else if (Array.isArray(body.data)) io.out(formatRefundRows(body.data));
  else io.out(`Refund #${body.data.id} is now ${body.data.status}.`);
  return 0;
}

async function refused(io: RefundsOpsIo, res: Response): Promise<number> {
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  io.err(`Refused (${res.status}): ${body.message ?? 'unknown error'}`);
  return 1;
}
