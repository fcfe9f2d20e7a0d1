import { describe, expect, it } from 'vitest';
import { formatTable } from '../src/lib/cli-table';
import { runRefundsOps, type RefundListRow } from '../src/modules/wallet/refunds.ops';

const ROW: RefundListRow = {
  id: 7,
  status: 'requested',
  amount_cents: 1250,
  fee_cents: 75,
  iban: 'PT50000201231234567890154',
  holder_name: 'Ana Silva',
  event_slug: 'festival-demo',
  customer_email: 'ana@example.pt',
  customer_mobile: '+351912345678',
  created_at: '2026-11-25T06:14:59.000Z',
};

/** The command with a fake server that answers `data` and records the URLs asked. */
function harness(data: unknown, status = 200) {
  const out: string[] = [];
  const err: string[] = [];
  const urls: string[] = [];
  const io = {
    fetch: (async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(status === 200 ? { data } : { message: 'Nope.' }), { status });
    }) as typeof fetch,
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    config: { PUBLIC_URL: 'http://127.0.0.1:9', OPERATOR_KEY: 'k' },
  };
  return { io, out, err, urls };
}

describe('npm run ops (issue 25 item 19)', () => {
  it('aligns a table under its header, numbers to the right', () => {
    const text = formatTable(
      [
        { n: 5, s: 'a' },
        { n: 120, s: 'longer' },
      ],
      [
        { title: 'N', value: (r) => r.n, align: 'right' },
        { title: 'Name', value: (r) => r.s },
      ],
      'none',
    );
    expect(text.split('\n')).toEqual(['  N  Name', '───  ──────', '  5  a', '120  longer']);
    expect(formatTable([], [], 'none')).toBe('none');
  });

  it('lists refunds as a table, or as JSON with --json', async () => {
    const h = harness([ROW]);
    expect(await runRefundsOps(['list', 'requested'], h.io)).toBe(0);
    const [header, , line] = h.out[0]!.split('\n');
    expect(header).toMatch(/^ID +Status +Amount +Fee +Event/);
    expect(line).toMatch(/^ 7 +requested +12,50\s€ +0,75\s€ +festival-demo +Ana Silva +PT50/);
    expect(h.urls[0]).toContain('?status=requested');

    const j = harness([ROW]);
    expect(await runRefundsOps(['list', '--json'], j.io)).toBe(0);
    expect(JSON.parse(j.out[0]!)).toEqual([ROW]);
  });

  it('names a wrong subcommand, status or id instead of asking the server', async () => {
    const h = harness([]);
    expect(await runRefundsOps(['lsit'], h.io)).toBe(2);
    expect(h.err[0]).toMatch(/^Unknown refunds command "lsit"\.\nUsage:/);
    expect(await runRefundsOps(['list', 'pending'], h.io)).toBe(2);
    expect(h.err[1]).toBe('Unknown refund status "pending". One of: requested, approved, paid, rejected.');
    expect(await runRefundsOps(['approve', 'x7'], h.io)).toBe(2);
    expect(h.err[2]).toMatch(/^Not a refund id: "x7"/);
    expect(h.urls).toEqual([]);
    expect(h.err.join('\n')).not.toMatch(/required fields/);
  });

  it('says what an action did, and what the server refused', async () => {
    const ok = harness({ id: 7, status: 'approved' });
    expect(await runRefundsOps(['approve', '7'], ok.io)).toBe(0);
    expect(ok.out).toEqual(['Refund #7 is now approved.']);
    const no = harness(null, 409);
    expect(await runRefundsOps(['paid', '7'], no.io)).toBe(1);
    expect(no.err).toEqual(['Refused (409): Nope.']);
  });
});
