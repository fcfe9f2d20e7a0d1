import { useEffect } from 'react';

const SITE_NAME = 'Bilheteira';
/** spec §2: the page title defaults to 'Events' */
const DEFAULT_TITLE = 'Events';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Sets the page title ("<title> | Bilheteira", or the default 'Events' of spec §2 when the
 * page has none, as on the home page) and meta description while the page is shown. The server already sends them for
 * event and organiser pages; this keeps them right during client navigation.
 */
export function usePageMeta(
  title: string | null | undefined,
  description?: string | null,
  /** the title already names the brand (the home page): no " | Bilheteira" after it */
  { branded = false }: { branded?: boolean } = {},
) {
  useEffect(() => {
    document.title = title ? (branded ? title : `${title} | ${SITE_NAME}`) : DEFAULT_TITLE;
    if (description) {
      setMeta('meta[name="description"]', 'name', 'description', description);
      setMeta('meta[property="og:title"]', 'property', 'og:title', title ?? DEFAULT_TITLE);
      setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    }
  }, [title, description, branded]);
}
