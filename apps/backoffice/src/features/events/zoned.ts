import { zonedTimeToUtc } from '@bilheteira/shared/timezone';

/**
 * Date and time inputs (`datetime-local`, `date`) hold the wall clock of the event's time
 * zone; the API takes and answers instants. These convert both ways.
 */

const parts = (iso: string, timeZone: string) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );

/** "2027-07-10T18:00" in `timeZone` of an instant ('' for none). */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const p = parts(iso, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(iso: string, timeZone: string): string {
  return toLocalInput(iso, timeZone).slice(0, 10);
}

/**
 * The instant of a `datetime-local` value in `timeZone` (ISO, UTC); '' is null; what does not
 * parse is handed on as typed, for the shared schema to refuse with its own message.
 */
export function fromLocalInput(value: string, timeZone: string): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!m) return value;
  try {
    return zonedTimeToUtc(m[1]!, m[2]!, timeZone).toISOString();
  } catch {
    return value;
  }
}

/** Every calendar day from `from` to `to` (YYYY-MM-DD, both included; at most 62). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return out;
  for (let t = start; t <= end && out.length < 62; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
