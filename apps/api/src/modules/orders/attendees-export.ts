/**
 * The attendee exports, written as they are read (attendees.admin.service.ts attendeeBatches):
 *
 * - CSV (csv-stringify, a batch at a time): UTF-8 with a byte-order mark, so Excel reads the accents; fields
 *   separated by `;` for pt-PT and es (Excel there uses the comma for decimals and reads `;`
 *   as the list separator; a comma-separated file opens as one column) and by `,` for en. A
 *   text cell that would start a formula (= + - @, tab, carriage return) is written after an
 *   apostrophe, so a name can never run in the spreadsheet; numbers stay numbers.
 * - XLSX (exceljs's streaming WorkbookWriter, no shared strings and no styles, which would be
 *   held until the end): each batch's rows are committed to the zip as they come; before the
 *   next batch is read the writer waits until the answer has taken what was written.
 *
 * Times are the event's local time (YYYY-MM-DD HH:MM); headings in the requester's language.
 */
import { PassThrough, Readable, type Readable as ReadableStream } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Locale } from '@bilheteira/shared/locales';
import type { AttendeeExportFormat } from '@bilheteira/shared/schemas/backoffice-attendees';
import { translate } from '../../i18n/messages';
import { attendeeView } from './attendees.admin.service';
import type { AttendeeRow } from './attendees.admin.repository';
import './attendees.admin.messages';

const COLUMNS = [
  ['ticket', 10],
  ['name', 28],
  ['email', 30],
  ['mobile', 16],
  ['type', 24],
  ['session', 18],
  ['order', 14],
  ['status', 14],
  ['issued', 17],
  ['checkins', 9],
  ['last_checkin', 17],
  ['gate', 16],
] as const;

/** Unwritten bytes an XLSX export may leave in its pipes before it reads the next batch. */
const XLSX_BUFFERED_MAX = 1 << 20;

export const csvDelimiter = (locale: Locale): string => (locale === 'en' ? ',' : ';');

/** YYYY-MM-DD HH:MM in the event's zone; a minute formatted once (an export's rows share them). */
function localTime(timezone: string) {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const minutes = new Map<number, string>();
  return (d: Date | string | null) => {
    if (!d) return '';
    const minute = Math.floor(new Date(d).getTime() / 60_000);
    let text = minutes.get(minute);
    if (text === undefined) {
      if (minutes.size > 10_000) minutes.clear();
      text = f.format(new Date(minute * 60_000));
      minutes.set(minute, text);
    }
    return text;
  };
}

/** One attendee's cells, in COLUMNS order. */
function cellsOf(locale: Locale, timezone: string) {
  const at = localTime(timezone);
  const t = (key: string) => translate(locale, key);
  const words = {
    active: t('attendees.status.active'),
    canceled: t('attendees.status.canceled'),
    pending: t('attendees.status.transfer_pending'),
    erased: t('attendees.erased'),
  };
  return (r: AttendeeRow): (string | number)[] => {
    const a = attendeeView(r);
    const status =
      a.status === 'canceled' ? words.canceled : a.transfer_pending ? words.pending : words.active;
    return [
      a.id,
      a.holder.erased ? words.erased : a.holder.name,
      a.holder.email ?? '',
      a.holder.mobile ?? '',
      a.ticket_type.name,
      a.session ? `${a.session.date} ${a.session.hour}` : a.days.join(' '),
      a.order?.reference ?? '',
      status,
      at(r.created_at),
      a.checkins,
      at(r.last_at),
      a.last_checkin?.gate ?? '',
    ];
  };
}

/** A text cell that a spreadsheet would read as a formula, made plain text. */
const plain = (v: string | number) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export interface ExportRun {
  batches: AsyncIterable<AttendeeRow[]>;
  locale: Locale;
  timezone: string;
  /** called once when the export ends, written whole or not (the client went away, an error) */
  done: (rows: number, complete: boolean) => Promise<void>;
}

export const headingsOf = (locale: Locale) =>
  COLUMNS.map(([key]) => translate(locale, `attendees.col.${key}`));

function csvExport(run: ExportRun): ReadableStream {
  const cells = cellsOf(run.locale, run.timezone);
  const options = { delimiter: csvDelimiter(run.locale), record_delimiter: 'windows' } as const;
  // a chunk per batch: the stream asks for the next one when the answer has taken this one
  async function* chunks() {
    let rows = 0;
    let complete = false;
    try {
      yield stringify([], { ...options, bom: true, header: true, columns: headingsOf(run.locale) });
      for await (const batch of run.batches) {
        rows += batch.length;
        yield stringify(
          batch.map((r) => cells(r).map(plain)),
          options,
        );
      }
      complete = true;
    } finally {
      await run.done(rows, complete);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

function xlsxExport(run: ExportRun): ReadableStream {
  const cells = cellsOf(run.locale, run.timezone);
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(translate(run.locale, 'attendees.sheet'));
  const headings = headingsOf(run.locale);
  sheet.columns = COLUMNS.map(([key, width], i) => ({ key, header: headings[i], width }));
  const zip = (book as unknown as { zip: { readableLength?: number } }).zip;
  const buffered = () => out.readableLength + out.writableLength + (zip.readableLength ?? 0);
  const room = async () => {
    while (!out.destroyed && buffered() > XLSX_BUFFERED_MAX) await new Promise((r) => setTimeout(r, 2));
  };
  void (async () => {
    let rows = 0;
    let complete = false;
    try {
      for await (const batch of run.batches) {
        for (const r of batch) sheet.addRow(cells(r)).commit();
        rows += batch.length;
        await room();
        if (out.destroyed) return;
      }
      sheet.commit();
      await book.commit();
      complete = true;
    } catch (err) {
      out.destroy(err as Error);
    } finally {
      await run.done(rows, complete);
    }
  })();
  return out;
}

export const EXPORT_TYPES: Record<AttendeeExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The export's bytes as a stream, written while the rows are read. */
export function attendeeExportStream(format: AttendeeExportFormat, run: ExportRun): ReadableStream {
  return format === 'xlsx' ? xlsxExport(run) : csvExport(run);
}

/** participantes-<event slug>-<date>.csv (in the requester's language). */
export const exportFileName = (locale: Locale, slug: string, format: AttendeeExportFormat, now: Date) =>
  `${translate(locale, 'attendees.file')}-${slug}-${now.toISOString().slice(0, 10)}.${format}`;
