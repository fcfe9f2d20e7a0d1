/**
 * The cashless bar in the back office (issue 27 item 5): an event's stations (tills) and its
 * bracelet batches. The back office's forms and the API validate with these same schemas.
 */
import { z } from 'zod';
import { STATION_ROLES } from '../stations';
import { braceletCode, braceletSecret, braceletUid } from './wallet';
import { envelope } from './common';

/** Most rows one CSV import takes: a festival imports its bracelets in batches. */
export const BRACELET_IMPORT_MAX_ROWS = 5_000;

const stationName = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(80, { message: 'validation.too_big' });
const stationRole = z.enum(STATION_ROLES, { message: 'validation.invalid' });

export const createStationBody = z.strictObject({ name: stationName, role: stationRole });
export type CreateStationBody = z.output<typeof createStationBody>;

export const updateStationBody = z
  .strictObject({
    name: stationName.optional(),
    role: stationRole.optional(),
    status: z.enum(['active', 'disabled'], { message: 'validation.invalid' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'validation.required' });
export type UpdateStationBody = z.output<typeof updateStationBody>;

export const stationView = z.object({
  id: z.number(),
  name: z.string(),
  role: stationRole,
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
});
export type StationView = z.output<typeof stationView>;

/** A new or rotated station with its key: shown once, never stored in clear. */
export const stationWithKeyView = stationView.extend({ key: z.string() });
export type StationWithKeyView = z.output<typeof stationWithKeyView>;

export const stationsResponse = envelope(z.array(stationView));
export const stationResponse = envelope(stationView);
export const stationWithKeyResponse = envelope(stationWithKeyView);

/** Longest window of a till report. */
export const STATION_TOTALS_MAX_DAYS = 31;

/** A shift or a day: the till totals between two instants (without them: the last 24 hours). */
export const stationTotalsQuery = z.object({
  from: z.iso.datetime({ offset: true, message: 'backoffice_events.datetime' }).optional(),
  to: z.iso.datetime({ offset: true, message: 'backoffice_events.datetime' }).optional(),
});

/** What a till recorded in the window, in cents (sales and cash paid back as positive amounts). */
export const stationTotalsView = z.object({
  station_id: z.number(),
  name: z.string(),
  sales_cents: z.number(),
  sales: z.number(),
  topups_cents: z.number(),
  topups: z.number(),
  cash_back_cents: z.number(),
  cash_backs: z.number(),
});
export type StationTotalsView = z.output<typeof stationTotalsView>;
export const stationTotalsResponse = envelope(z.array(stationTotalsView));

/** One bracelet of a batch file: UID, printed code, printed secret (optional). */
export const braceletImportRow = z.object({
  uid: braceletUid,
  code: braceletCode,
  secret: braceletSecret.optional(),
});

/** The CSV file's text (`uid,code,secret` per line, a header line allowed). */
export const braceletImportBody = z.strictObject({
  csv: z
    .string({ message: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(BRACELET_IMPORT_MAX_ROWS * 120, { message: 'validation.too_big' }),
});

export const braceletImportView = z.object({ imported: z.number() });
export const braceletImportResponse = envelope(braceletImportView);

export const braceletView = z.object({
  id: z.number(),
  uid: z.string(),
  code: z.string(),
  status: z.enum(['active', 'blocked']),
  linked: z.boolean(),
  has_secret: z.boolean(),
  created_at: z.string(),
});
export type BraceletView = z.output<typeof braceletView>;

export const braceletsQuery = z.object({
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const braceletsResponse = z.object({
  data: z.array(braceletView),
  meta: z.object({
    total: z.number(),
    page: z.number(),
    per_page: z.number(),
    active: z.number(),
    linked: z.number(),
    blocked: z.number(),
  }),
});
export type BraceletsResponse = z.output<typeof braceletsResponse>;

/**
 * Reads a bracelet batch file: one bracelet per line as `uid,code[,secret]` (commas or
 * semicolons, as spreadsheets export them), an optional header line naming the columns.
 * Answers the rows, or the problems by line number (1-based) so a person can fix the file.
 */
export function parseBraceletCsv(
  csv: string,
):
  | { ok: true; rows: z.output<typeof braceletImportRow>[] }
  | { ok: false; problems: { line: number; field: string; message: string }[] } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: z.output<typeof braceletImportRow>[] = [];
  const problems: { line: number; field: string; message: string }[] = [];
  const seen = { uid: new Map<string, number>(), code: new Map<string, number>() };
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const cells = line.split(/[;,]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (i === 0 && /uid/i.test(cells[0] ?? '')) return;
    const parsed = braceletImportRow.safeParse({
      uid: cells[0] ?? '',
      code: cells[1] ?? '',
      secret: cells[2] ? cells[2] : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'uid');
        // the customer's wording ("hold it to the phone again") is not for a supplier's file
        const message = field === 'uid' ? 'backoffice_bar.uid_format' : issue.message;
        problems.push({ line: i + 1, field, message });
      }
      return;
    }
    for (const field of ['uid', 'code'] as const) {
      const value = parsed.data[field];
      if (seen[field].has(value))
        problems.push({ line: i + 1, field, message: 'backoffice_bar.duplicate_in_file' });
      seen[field].set(value, i + 1);
    }
    rows.push(parsed.data);
  });
  if (!rows.length && !problems.length)
    problems.push({ line: 1, field: 'csv', message: 'backoffice_bar.empty_file' });
  if (rows.length > BRACELET_IMPORT_MAX_ROWS)
    problems.push({
      line: BRACELET_IMPORT_MAX_ROWS + 1,
      field: 'csv',
      message: 'backoffice_bar.too_many_rows',
    });
  return problems.length ? { ok: false, problems } : { ok: true, rows };
}
