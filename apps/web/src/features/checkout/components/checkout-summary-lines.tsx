import { formatEur } from '@bilheteira/shared/money';
import type { SummaryRow, SummaryTotal } from '../lib/checkout-rules';

/** The lines being bought and the totals under them; the last total is the one to pay. */
export function CheckoutSummaryLines({ rows, totals }: { rows: SummaryRow[]; totals: SummaryTotal[] }) {
  return (
    <div>
      <ul className="divide-y divide-slate-200" data-testid="checkout-summary-lines">
        {rows.map((r, i) => (
          <li key={i} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium">{r.label}</span>
              {r.sub && <span className="block text-slate-700">{r.sub}</span>}
            </span>
            <span className="tabular-nums">{formatEur(r.cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        {totals.map(([label, cents], i) => (
          <div
            key={label}
            className={`flex justify-between ${i === totals.length - 1 ? 'text-base font-bold' : ''}`}
          >
            <dt>{label}</dt>
            <dd className="tabular-nums" data-testid={i === totals.length - 1 ? 'checkout-total' : undefined}>
              {formatEur(cents)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
