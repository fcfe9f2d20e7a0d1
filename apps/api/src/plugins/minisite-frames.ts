import fp from 'fastify-plugin';

/** Mini-site pages that organisers may embed in their own sites (issue 9). */
export const MINISITE_PATH = /^\/(site|sitemail)(\/|$|\?)/;

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

/**
 * The global CSP forbids framing (frame-ancestors 'none', X-Frame-Options). The HTML of
 * /site/* and /sitemail/* may be framed by MINISITE_FRAME_ANCESTORS (default any site), so
 * organisers can embed their event's mini-site; everything else stays unframeable.
 */
export const minisiteFramesPlugin = fp(async (app) => {
  const ancestors = frameAncestorSources(app.config.MINISITE_FRAME_ANCESTORS);
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
    if (!MINISITE_PATH.test(req.url)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header(
        'content-security-policy',
        csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`),
      );
    }
    reply.removeHeader('x-frame-options');
    return payload;
  });
});
