/**
 * Wallet transaction descriptions. What the system writes (a top-up, a refund, its fee, a
 * bracelet's balance…) is stored as a code with its parameters and rendered in the reader's
 * language when the API answers (rendering in the API, not the web: the web, the data export
 * and any other client read one text, and old rows need no second rule in the browser). A
 * till's own text (its item list) is stored as sent and shown as sent.
 */
import type { Locale } from '@bilheteira/shared/locales';
import { translate } from '../../i18n/messages';
import './transaction-description.messages';

export const TX_DESCRIPTION_CODES = [
  'consumption',
  'station_topup',
  'cash_refund',
  'online_topup',
  'refund_to_iban',
  'order_topup_refund',
  'refund_fee',
  'refund_rejected',
  'bracelet_to_account',
  'bracelet_balance',
] as const;
export type TxDescriptionCode = (typeof TX_DESCRIPTION_CODES)[number];

/** A system description: its code and the values its text names. */
export interface TxDescription {
  code: TxDescriptionCode;
  params?: Record<string, string>;
}

/** What a ledger write stores of its description (the columns description, description_*). */
export function descriptionColumns(described: TxDescription | string) {
  return typeof described === 'string'
    ? { description: described, descriptionCode: null, descriptionParams: null }
    : { description: '', descriptionCode: described.code, descriptionParams: described.params ?? null };
}

const isCode = (code: string): code is TxDescriptionCode =>
  (TX_DESCRIPTION_CODES as readonly string[]).includes(code);

/**
 * The text of a transaction for a reader: its code in the reader's language; else the text as
 * stored (a till's, or a row written before codes); else, for a bar payment sent without any
 * text (the bar's one-statement write stores none), its type's.
 */
export function describeTransaction(
  row: {
    type: string;
    description: string;
    descriptionCode: string | null;
    descriptionParams: Record<string, string> | null;
  },
  locale: Locale,
): string {
  if (row.descriptionCode && isCode(row.descriptionCode))
    return translate(locale, `wallet.tx.${row.descriptionCode}`, row.descriptionParams ?? {});
  if (row.description) return row.description;
  return row.type === 'consumption' ? translate(locale, 'wallet.tx.consumption') : '';
}
