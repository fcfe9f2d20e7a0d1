/**
 * Where the public finds an event (/events/{path}): a public event's slug, or a private
 * event's random link token — the secret that proves a buyer was given the link (a private
 * event's slug proves nothing). A private event from before link tokens keeps its slug.
 */
export const eventPublicPath = (e: { visibility: string; slug: string; linkToken: string | null }): string =>
  e.visibility === 'private' && e.linkToken ? e.linkToken : e.slug;
