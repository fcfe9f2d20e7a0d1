/**
 * Operator commands for support staff:
 *
 *   npm run ops -- impersonate <mobile> [--operator <name>]
 *   npm run ops -- refunds list [status] | approve|reject|paid <id> | export [file.xml]
 *   npm run ops -- payments refund-pending | refund-failed | refunded | retry-refund <id>
 *   npm run ops -- organizers frame-origins <organizer-slug> [https://origin …]
 *   npm run ops -- stations list <event-slug> | role <station-id> <role> | wallet-times <event-slug> …
 *
 * Lists print as tables; add `--json` for scripts. A command or word it does not know is named.
 *
 * `impersonate` prints a single-use link (valid 5 minutes) that opens the customer's dashboard in an
 * audited support session. <mobile> is E.164 (+351912345678) or a Portuguese number.
 *
 * With DATABASE_URL the command writes to PostgreSQL directly. On embedded PGlite the
 * database belongs to the running server, so the command asks that server through the
 * operator API (PUBLIC_URL + OPERATOR_KEY); with the server stopped it opens the data folder.
 */
import os from 'node:os';
import { findCountryByDialCode, isValidPhone, phoneDigits, splitE164 } from '@bilheteira/shared/phone';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { unknownWord } from './lib/cli-table';
import { AppError } from './lib/errors';
import { issueImpersonationToken } from './modules/identity/impersonation.service';
import { REFUNDS_USAGE, runRefundsOps } from './modules/wallet/refunds.ops';
import { PAYMENTS_USAGE, runPaymentsOps } from './modules/payments/payments.ops';
import { FRAME_ORIGINS_USAGE, runOrganizersOps } from './modules/events/minisite-frames.ops';
import { STATIONS_USAGE, runStationsOps } from './modules/stations/stations.ops';

const USAGE = `Usage: npm run ops -- impersonate <mobile> [--operator <name>]\n${REFUNDS_USAGE}\n${FRAME_ORIGINS_USAGE}\n${PAYMENTS_USAGE}\n${STATIONS_USAGE}`;

/** "+351912345678", "351912345678", "912345678" (PT) or "+44 7700 900123" → E.164 parts. */
export function parseMobileArg(arg: string): { dialCode: string; national: string } | undefined {
  const digits = phoneDigits(arg);
  const parts =
    arg.trim().startsWith('+') || digits.length > 9
      ? splitE164(digits)
      : { dialCode: '351', national: digits };
  if (!parts || !isValidPhone(findCountryByDialCode(parts.dialCode), parts.national)) return undefined;
  return parts;
}

async function serverAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function impersonate(args: string[]): Promise<number> {
  const mobileArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--operator');
  const opIndex = args.indexOf('--operator');
  const config = loadConfig();
  const operator = opIndex >= 0 ? args[opIndex + 1] : (config.OPERATOR_NAME ?? os.userInfo().username);
  const parts = mobileArg ? parseMobileArg(mobileArg) : undefined;
  if (!parts || !operator) {
    console.error(
      mobileArg && !parts
        ? `Not a mobile number: "${mobileArg}".`
        : `Usage: npm run ops -- impersonate <mobile> [--operator <name>]`,
    );
    return 2;
  }
  const mobile = `+${parts.dialCode}${parts.national}`;
  const publicUrl = config.PUBLIC_URL.replace(/\/$/, '');

  if (!config.DATABASE_URL && (await serverAnswers(publicUrl))) {
    if (!config.OPERATOR_KEY) {
      console.error(
        'The server is running on embedded PGlite, which only it may open. Set OPERATOR_KEY (the same ' +
          'for the server and this command) so the command uses the operator API, or stop the server.',
      );
      return 1;
    }
    const res = await fetch(`${publicUrl}/api/operator/impersonations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': config.OPERATOR_KEY },
      body: JSON.stringify({ mobile_country_code: parts.dialCode, mobile: parts.national, operator }),
    });
    const body = (await res.json()) as { data?: { url: string; expires_at: string }; message?: string };
    if (!res.ok || !body.data) {
      console.error(`Refused (${res.status}): ${body.message ?? 'unknown error'}`);
      return 1;
    }
    console.log(`${body.data.url}\n(single use, valid until ${body.data.expires_at})`);
    return 0;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const result = await issueImpersonationToken(
      database.db,
      { mobile, operator, publicUrl, via: 'ops' },
      new Date(),
    );
    console.log(`${result.url}\n(single use, valid until ${result.expiresAt.toISOString()})`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`Refused: ${err.code}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'impersonate') return impersonate(rest);
  if (command === 'refunds') return runRefundsOps(rest);
  if (command === 'payments') return runPaymentsOps(rest);
  if (command === 'organizers') return runOrganizersOps(rest);
  if (command === 'stations') return runStationsOps(rest);
  console.error(unknownWord('command', command, USAGE));
  return 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
