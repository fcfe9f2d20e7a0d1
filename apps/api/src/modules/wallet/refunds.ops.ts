/**
 * Operator command for wallet refunds, to be wired into `npm run ops` (apps/api/src/ops.ts):
 *
 *   npm run ops -- refunds list [requested|approved|paid|rejected]
 *   npm run ops -- refunds approve|reject|paid <id>
 *   npm run ops -- refunds export [file.xml]   (SEPA pain.001 of approved refunds)
 *
 * It talks to the running server's operator API (PUBLIC_URL + OPERATOR_KEY), which works
 * the same on embedded PGlite (only the server may open it) and on PostgreSQL.
 */
import fs from 'node:fs';
import { loadConfig } from '../../config';

export const REFUNDS_USAGE =
  'Usage: npm run ops -- refunds list [status] | refunds approve|reject|paid <id> | refunds export [file.xml]';

const ACTIONS = ['list', 'approve', 'reject', 'paid', 'export'];

export async function runRefundsOps(args: string[]): Promise<number> {
  if (!ACTIONS.includes(args[0] ?? '')) {
    console.error(REFUNDS_USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.OPERATOR_KEY) {
    console.error('Set OPERATOR_KEY (the same for the server and this command).');
    return 2;
  }
  const base = `${config.PUBLIC_URL.replace(/\/$/, '')}/api/operator/refunds`;
  const headers = { 'x-operator-key': config.OPERATOR_KEY };
  try {
    return await request(base, headers, args);
  } catch (err) {
    // fetch rejects only when the server cannot be reached
    console.error(
      `Cannot reach the server at ${config.PUBLIC_URL} (${(err as Error).message}). Is it running?`,
    );
    return 1;
  }
}

async function request(base: string, headers: Record<string, string>, args: string[]): Promise<number> {
  const [action, arg] = args;
  let res: Response;
  if (action === 'list') {
    res = await fetch(`${base}${arg ? `?status=${encodeURIComponent(arg)}` : ''}`, { headers });
  } else if ((action === 'approve' || action === 'reject' || action === 'paid') && /^\d+$/.test(arg ?? '')) {
    res = await fetch(`${base}/${arg}/${action}`, { method: 'POST', headers });
  } else if (action === 'export') {
    res = await fetch(`${base}/sepa-export`, { method: 'POST', headers });
    if (res.ok) {
      const xml = await res.text();
      if (arg) fs.writeFileSync(arg, xml);
      else process.stdout.write(xml);
      console.error(
        `${res.headers.get('x-refund-count')} refund(s), ${res.headers.get('x-refund-total-cents')} cents`,
      );
      return 0;
    }
  } else {
    console.error(REFUNDS_USAGE);
    return 2;
  }
  const body = await res.text();
  (res.ok ? console.log : console.error)(body);
  return res.ok ? 0 : 1;
}
