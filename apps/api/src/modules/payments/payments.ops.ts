/**
 * Operator command for payments owed back to customers, wired into `npm run ops`:
 *
 *   npm run ops -- payments refund-pending   (refund_pending and refund_failed: still owed)
 *   npm run ops -- payments refund-failed    (the refund job gave up: an operator acts)
 *   npm run ops -- payments refunded         (given back, with the provider's refund id)
 *   npm run ops -- payments retry-refund <id> (a refund_failed payment back to the refund job)
 *
 * Like `refunds list`, it asks the running server's operator API (PUBLIC_URL + OPERATOR_KEY),
 * which works the same on embedded PGlite (only the server may open it) and on PostgreSQL.
 */
import { formatEur } from '@bilheteira/shared/money';
import { loadConfig } from '../../config';

export const PAYMENTS_USAGE =
  'Usage: npm run ops -- payments refund-pending | refund-failed | refunded | retry-refund <id>';

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

/** One line per payment: what is owed, to which order, and where its refund stands. */
export function formatPaymentRows(rows: Row[]): string {
  if (!rows.length) return 'No payments.';
  return rows
    .map((r) =>
      [
        `#${r.id}`,
        r.status,
        formatEur(r.amount_cents),
        `order ${r.order_reference}`,
        `${r.provider} ${r.reference}`,
        r.refund_ref ? `refund ${r.refund_ref} at ${r.refunded_at ?? '?'}` : null,
        r.refund_attempts ? `attempts ${r.refund_attempts}` : null,
        r.refund_error ? `last error: ${r.refund_error}` : null,
        r.status === 'refund_pending' && r.refund_next_at ? `next try ${r.refund_next_at}` : null,
      ]
        .filter(Boolean)
        .join(' | '),
    )
    .join('\n');
}

export interface OpsIo {
  fetch: typeof fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  config?: { PUBLIC_URL: string; OPERATOR_KEY?: string };
}

export async function runPaymentsOps(
  args: string[],
  io: OpsIo = { fetch: globalThis.fetch, out: console.log, err: console.error },
): Promise<number> {
  const status = STATUS_OF[args[0] ?? ''];
  const retryId = args[0] === 'retry-refund' && /^\d+$/.test(args[1] ?? '') ? args[1] : undefined;
  if (!status && !retryId) {
    io.err(PAYMENTS_USAGE);
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
  io.out(
    Array.isArray(body.data)
      ? formatPaymentRows(body.data)
      : `#${body.data.id} is ${body.data.status}: the refund job tries again.`,
  );
  return 0;
}
