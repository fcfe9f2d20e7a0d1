import fp from 'fastify-plugin';
import { parseFrameOrigin } from '@bilheteira/shared/frame-origin';
import { findFrameOriginsOfEvent } from '../modules/events/minisite-frames.repository';

export { parseFrameOrigin };

/** Mini-site pages that organisers may embed in their own sites (issue 9). */
export const MINISITE_PATH = /^\/(site|sitemail)(\/|$|\?)/;
/** The event slug of a mini-site path: /site/<slug>/… or /sitemail/<slug>/… */
const MINISITE_SLUG = /^\/(?:site|sitemail)\/([a-z0-9][a-z0-9-]{0,119})(?:[/?#]|$)/i;

/**
 * Keeps only well-formed CSP source expressions (host sources, schemes, 'self', *), so a
 * configuration typo cannot inject other directives into the header.
 */
export function frameAncestorSources(configured: string): string {
  const sources = configured
    .split(/\s+/)
    .filter((s) =>
      /^(\*|'self'|'none'|[a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9.-]+(:\d+|:\*)?)$/i.test(
        s,
      ),
    );
  return sources.length ? sources.join(' ') : "'none'";
}

/** The sources of one mini-site's frame-ancestors: the global ones plus the organiser's origins. */
export function minisiteFrameAncestors(global: string, organiserOrigins: readonly string[]): string {
  const sources = global.split(' ').filter((s) => s !== "'none'");
  for (const raw of organiserOrigins) {
    const origin = parseFrameOrigin(raw);
    if (origin && !sources.includes(origin)) sources.push(origin);
  }
  return sources.length ? sources.join(' ') : "'none'";
}

/**
 * The global CSP forbids framing (frame-ancestors 'none', X-Frame-Options). The HTML of
 * /site/<slug>/* and /sitemail/<slug>/* may be framed by the site itself (or the sources of
 * MINISITE_FRAME_ANCESTORS when set) and by the origins the event's organiser listed, so an
 * organiser embeds its mini-site on its own pages and nobody else can frame a page that takes
 * a password or money; everything else stays unframeable.
 */
export const minisiteFramesPlugin = fp(async (app) => {
  const global = app.config.MINISITE_FRAME_ANCESTORS
    ? frameAncestorSources(app.config.MINISITE_FRAME_ANCESTORS)
    : "'self'";
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
    if (!MINISITE_PATH.test(req.url)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      const slug = MINISITE_SLUG.exec(req.url)?.[1]?.toLowerCase();
      // A page must not fail because this lookup did: without it, only the global sources.
      const origins = slug ? await findFrameOriginsOfEvent(app.db, slug).catch(() => []) : [];
      reply.header(
        'content-security-policy',
        csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${minisiteFrameAncestors(global, origins)}`),
      );
    }
    reply.removeHeader('x-frame-options');
    return payload;
  });
});
