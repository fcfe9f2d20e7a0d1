/** Plain data for the portability export: no Dates or undefined, only JSON values. */
export type ExportValue = string | number | boolean | null | ExportValue[] | { [key: string]: ExportValue };

const XML_NAME = /^[A-Za-z_][\w.-]*$/;

function escapeXml(s: string): string {
  return (
    s
      // Characters XML 1.0 cannot carry at all are dropped.
      .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Singular element name for the items of a list ("orders" → "order"). */
function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('s')) return name.slice(0, -1);
  return 'item';
}

function element(name: string, value: ExportValue, depth: number): string {
  const tag = XML_NAME.test(name) ? name : 'field';
  const pad = '  '.repeat(depth);
  const attr = tag === name ? '' : ` name="${escapeXml(name)}"`;
  if (value === null) return `${pad}<${tag}${attr} nil="true"/>`;
  if (Array.isArray(value)) {
    if (!value.length) return `${pad}<${tag}${attr}/>`;
    const item = singular(tag);
    return `${pad}<${tag}${attr}>\n${value.map((v) => element(item, v, depth + 1)).join('\n')}\n${pad}</${tag}>`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return `${pad}<${tag}${attr}/>`;
    return `${pad}<${tag}${attr}>\n${entries.map(([k, v]) => element(k, v, depth + 1)).join('\n')}\n${pad}</${tag}>`;
  }
  return `${pad}<${tag}${attr}>${escapeXml(String(value))}</${tag}>`;
}

/** The export as an XML 1.0 document with one element per field (lists get item elements). */
export function toXml(root: string, data: { [key: string]: ExportValue }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, data, 0)}\n`;
}
