/**
 * Operator command for payments owed back to customers, wired into `npm run ops`:
 *
 *   npm run ops -- payments refund-pending   (refund_pending and refund_failed: still owed; --json for scripts)
 *   npm run ops -- payments refund-failed    (the refund job gave up: an operator acts)
 *   npm run ops -- payments refunded         (given back, with the provider's refund id)
 *   npm run ops -- payments retry-refund <id> (a refund_failed payment back to the refund job)
 *
 * Like `refunds list`, it asks the running server's operator API (PUBLIC_URL + OPERATOR_KEY),
 * which works the same on embedded PGlite (only the server may open it) and on PostgreSQL.
 */
import { formatEur } from '@bilheteira/shared/money';
import { loadConfig } from '../../config';
import { formatTable, shortTime, takeJsonFlag, unknownWord, type Column } from '../../lib/cli-table';

export const PAYMENTS_USAGE =
  'Usage: npm run ops -- payments refund-pending | refund-failed | refunded [--json] | retry-refund <id>';

const STATUS_OF: Record<string, string> = {
  'refund-pending': 'refund_pending',
  'refund-failed': 'refund_failed',
  refunded: 'refunded',
};

interface Row {
  id: number;
  reference: string;
  order_reference: string;
  provider: string;
  amount_cents: number;
  status: string;
  refund_ref: string | null;
  refund_attempts: number;
  refund_error: string | null;
  refund_next_at: string | null;
  refunded_at: string | null;
}

const COLUMNS: Column<Row>[] = [
  { title: 'ID', value: (r) => r.id, align: 'right' },
  { title: 'Status', value: (r) => r.status },
  { title: 'Amount', value: (r) => formatEur(r.amount_cents), align: 'right' },
  { title: 'Order', value: (r) => r.order_reference },
  { title: 'Payment', value: (r) => `${r.provider} ${r.reference}` },
  {
    title: 'Refund',
    value: (r) => (r.refund_ref ? `${r.refund_ref} ${shortTime(r.refunded_at) ?? ''}` : null),
  },
  { title: 'Tries', value: (r) => r.refund_attempts, align: 'right' },
  {
    title: 'Next try (UTC)',
    value: (r) => (r.status === 'refund_pending' ? shortTime(r.refund_next_at) : null),
  },
  { title: 'Last error', value: (r) => r.refund_error },
];

/** One row per payment: what is owed, to which order, and where its refund stands. */
export const formatPaymentRows = (rows: Row[]): string => formatTable(rows, COLUMNS, 'No payments.');

export interface OpsIo {
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  config?: { PUBLIC_URL: string; OPERATOR_KEY?: string };
}

export async function runPaymentsOps(
  argv: string[],
  io: OpsIo = { fetch: globalThis.fetch, out: console.log, err: console.error },
): Promise<number> {
  const { json, args } = takeJsonFlag(argv);
  const status = STATUS_OF[args[0] ?? ''];
  const retryId = args[0] === 'retry-refund' && /^\d+$/.test(args[1] ?? '') ? args[1] : undefined;
  if (!status && !retryId) {
    io.err(
      args[0] === 'retry-refund'
        ? `Which payment? ${PAYMENTS_USAGE}`
        : unknownWord('payments command', args[0], PAYMENTS_USAGE),
    );
    return 2;
  }
  const config = io.config ?? loadConfig();
  if (!config.OPERATOR_KEY) {
    io.err('Set OPERATOR_KEY (the same for the server and this command).');
    return 2;
  }
  const base = `${config.PUBLIC_URL.replace(/\/$/, '')}/api/operator/payments`;
  const headers = { 'x-operator-key': config.OPERATOR_KEY };
  let res: Response;
  try {
    res = retryId
      ? await io.fetch(`${base}/${retryId}/retry-refund`, { method: 'POST', headers })
      : await io.fetch(`${base}?status=${status}`, { headers });
  } catch (err) {
    // fetch rejects only when the server cannot be reached
    io.err(`Cannot reach the server at ${config.PUBLIC_URL} (${(err as Error).message}). Is it running?`);
    return 1;
  }
  const body = (await res.json().catch(() => ({}))) as {
    data?: Row[] | { id: number; status: string };
    message?: string;
  };
  if (!res.ok || !body.data) {
    io.err(`Refused (${res.status}): ${body.message ?? 'unknown error'}`);
    return 1;
  }
  if (json) io.out(JSON.stringify(body.data, null, 2));
  else
    io.out(
      Array.isArray(body.data)
        ? formatPaymentRows(body.data)
        : `#${body.data.id} is ${body.data.status}: the refund job tries again.`,
    );
  return 0;
}
