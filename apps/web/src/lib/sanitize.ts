import DOMPurify from 'dompurify';

/** Every HTML snippet from a server or an alert goes through here before it is rendered. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
