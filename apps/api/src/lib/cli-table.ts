/**
 * Output helpers for `npm run ops` (issue 25 item 19): lists print as aligned tables a person
 * can read, or as JSON with `--json` for scripts.
 */

export interface Column<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
  /** numbers and amounts line up on the right */
  align?: 'left' | 'right';
}

/** Rows under a header, columns padded to their widest cell; `empty` when there are none. */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[], empty: string): string {
  if (!rows.length) return empty;
  const cells = rows.map((row) => columns.map((c) => String(c.value(row) ?? '—')));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (columns[i]!.align === 'right' ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const header = line(columns.map((c) => c.title));
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [header, rule, ...cells.map(line)].join('\n');
}

/** Splits `--json` off the arguments. */
export function takeJsonFlag(args: readonly string[]): { json: boolean; args: string[] } {
  return { json: args.includes('--json'), args: args.filter((a) => a !== '--json') };
}

/** "2026-11-25T06:14:59.000Z" → "2026-11-25 06:14" (UTC, as the server logs). */
export function shortTime(iso: string | null | undefined): string | null {
  return iso ? iso.replace('T', ' ').slice(0, 16) : null;
}

/** What an operator is told about a word the command does not know, with the usage. */
export function unknownWord(kind: string, word: string | undefined, usage: string): string {
  return word ? `Unknown ${kind} "${word}".\n${usage}` : usage;
}
