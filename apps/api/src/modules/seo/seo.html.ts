/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escapes text for XML (sitemap). */
export function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * JSON for a <script type="application/ld+json"> block: nothing in it can close the script
 * or open a comment, whatever the event's texts hold.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain one-line summary of at most `max` characters, cut at a word. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface HeadTags {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type?: 'website' | 'event' | 'profile';
  noindex?: boolean;
  jsonLd?: unknown;
  locale?: string;
}

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD, all escaped. */
export function renderHead(h: HeadTags): string {
  const a = escapeHtml;
  const tags = [
    `<title>${a(h.title)}</title>`,
    `<meta name="description" content="${a(h.description)}">`,
    `<link rel="canonical" href="${a(h.url)}">`,
    h.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="Bilheteira">`,
    `<meta property="og:type" content="${h.type ?? 'website'}">`,
    `<meta property="og:title" content="${a(h.title)}">`,
    `<meta property="og:description" content="${a(h.description)}">`,
    `<meta property="og:url" content="${a(h.url)}">`,
    `<meta property="og:locale" content="${a(h.locale ?? 'pt_PT')}">`,
    h.image ? `<meta property="og:image" content="${a(h.image)}">` : '',
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${a(h.title)}">`,
    `<meta name="twitter:description" content="${a(h.description)}">`,
    h.image ? `<meta name="twitter:image" content="${a(h.image)}">` : '',
    h.jsonLd ? `<script type="application/ld+json">${jsonForScript(h.jsonLd)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
