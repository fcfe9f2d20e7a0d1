import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/** The html alert payloads of the XSS e2e (e2e/tests/10b-xss.spec.ts), as markup this time. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  '"><iframe src="javascript:window.top.__xss=1">',
  '<a href="javascript:window.__xss=1">x</a>',
  '</script><script>window.__xss=1</script>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
];

/** What the sanitised html becomes once parsed: anything that could run. */
function dangerous(html: string): string[] {
  // an inert document: nothing in it runs while it is inspected
  const root = new DOMParser().parseFromString(html, 'text/html').documentElement;
  return [...root.querySelectorAll('*')].flatMap((el) => {
    const found: string[] = [];
    if (/^(script|iframe|object|embed|form|style)$/i.test(el.tagName)) found.push(el.tagName);
    for (const a of el.attributes) {
      if (/^on/i.test(a.name) || a.name === 'style') found.push(`${el.tagName}[${a.name}]`);
      if (/^(href|src|action|formaction|xlink:href)$/i.test(a.name) && /^\s*javascript:/i.test(a.value))
        found.push(`${el.tagName}[${a.name}=javascript:]`);
    }
    return found;
  });
}

describe('sanitizeHtml (alerts with html)', () => {
  it('leaves nothing that runs from any payload', () => {
    for (const payload of PAYLOADS) {
      expect(dangerous(payload), payload).not.toEqual([]); // the check itself sees them
      expect(dangerous(sanitizeHtml(`<p>Olá ${payload}</p>`)), payload).toEqual([]);
    }
  });

  it('keeps ordinary formatting and safe links', () => {
    const out = sanitizeHtml(
      '<p>Pagamento <strong>recusado</strong>. <a href="https://x.pt/ajuda">Ajuda</a></p>',
    );
    expect(out).toBe('<p>Pagamento <strong>recusado</strong>. <a href="https://x.pt/ajuda">Ajuda</a></p>');
  });
});
