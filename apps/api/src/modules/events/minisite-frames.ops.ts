/**
 * Operator command for the origins an organiser allows to embed its mini-sites:
 *
 *   npm run ops -- organizers frame-origins <organizer-slug> [https://origin …]
 *
 * Replaces the list (no origin: only the site itself may frame them) and prints it. Writes to
 * the database directly: PostgreSQL (DATABASE_URL), or the PGlite data folder with the server
 * stopped.
 */
import { loadConfig } from '../../config';
import { unknownWord } from '../../lib/cli-table';
import type { DbOrTx } from '../../db/client';
import { openDatabase } from '../../db/client';
import { parseFrameOrigin } from '../../plugins/minisite-frames';
import { setOrganizerFrameOrigins } from './minisite-frames.repository';

export const FRAME_ORIGINS_USAGE =
  'Usage: npm run ops -- organizers frame-origins <organizer-slug> [https://origin …]';

export type FrameOriginsResult =
  { ok: true; origins: string[] } | { ok: false; invalid: string[] } | { ok: false; unknownOrganizer: true };

/** Validates every origin (https://host[:port]) and replaces the organiser's list, or changes nothing. */
export async function replaceFrameOrigins(
  db: DbOrTx,
  organizerSlug: string,
  raw: string[],
): Promise<FrameOriginsResult> {
  const invalid = raw.filter((r) => !parseFrameOrigin(r));
  if (invalid.length) return { ok: false, invalid };
  const origins = [...new Set(raw.map((r) => parseFrameOrigin(r)!))];
  if (!(await setOrganizerFrameOrigins(db, organizerSlug, origins)))
    return { ok: false, unknownOrganizer: true };
  return { ok: true, origins };
}

export async function runOrganizersOps(args: string[]): Promise<number> {
  const [action, slug, ...raw] = args;
  if (action !== 'frame-origins' || !slug) {
    console.error(
      action === 'frame-origins'
        ? FRAME_ORIGINS_USAGE
        : unknownWord('organizers command', action, FRAME_ORIGINS_USAGE),
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const result = await replaceFrameOrigins(database.db, slug, raw);
    if (!result.ok) {
      console.error(
        'invalid' in result
          ? `Not an https origin (https://host[:port]): ${result.invalid.join(', ')}`
          : `No organiser with slug "${slug}".`,
      );
      return 1;
    }
    console.log(
      result.origins.length
        ? `Mini-sites of ${slug} may be framed by: ${result.origins.join(' ')}`
        : `Mini-sites of ${slug} may be framed only by this site.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
