/**
 * The payouts CSV: one row per event of the period and a total row, every figure in euros
 * with two decimals. As the attendee export: UTF-8 with a byte-order mark, `;` between fields
 * and a decimal comma for pt-PT and es (Excel there), `,` and a decimal point for en.
 */
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '@bilheteira/shared/locales';
import { PAYOUT_LINE_KEYS, type PayoutFigures } from '@bilheteira/shared/schemas/backoffice-payouts';
import { translate } from '../../i18n/messages';
import { lineCents, lineLabel } from './payouts.service';
import './payouts.messages';

const euros = (cents: number, locale: Locale) => {
  const text = (cents / 100).toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
};

/** A text cell that would start a formula is written after an apostrophe. */
const plain = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export function payoutsCsv(
  rows: { event: { id: number; name: string }; figures: PayoutFigures }[],
  totals: PayoutFigures,
  period: { from: string | null; to: string | null },
  locale: Locale,
): string {
  const heading = [
    translate(locale, 'payouts.csv.event_id'),
    translate(locale, 'payouts.csv.event'),
    translate(locale, 'payouts.csv.from'),
    translate(locale, 'payouts.csv.to'),
    translate(locale, 'payouts.csv.orders'),
    ...PAYOUT_LINE_KEYS.map((k) => `${lineLabel(locale, k)} (EUR)`),
  ];
  const line = (id: string, name: string, f: PayoutFigures) => [
    id,
    plain(name),
    period.from ?? '',
    period.to ?? '',
    String(f.orders),
    ...PAYOUT_LINE_KEYS.map((k) => euros(lineCents(f, k), locale)),
  ];
  const records = [
    heading,
    ...rows.map((r) => line(String(r.event.id), r.event.name, r.figures)),
    ...(rows.length > 1 ? [line('', translate(locale, 'payouts.csv.total'), totals)] : []),
  ];
  return stringify(records, {
    bom: true,
    delimiter: locale === 'en' ? ',' : ';',
    record_delimiter: 'windows',
  });
}
