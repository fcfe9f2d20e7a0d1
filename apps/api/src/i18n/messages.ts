import { DEFAULT_LOCALE, type Locale } from '@bilheteira/shared/locales';

export type MessageCatalogue = Record<string, Record<Locale, string>>;

const catalogue: MessageCatalogue = {};

/**
 * Each module declares its own messages (`defineMessages` in `<module>.messages.ts`) so no
 * one file is edited by every feature. Keys are stable codes; texts are per locale.
 */
export function defineMessages<T extends MessageCatalogue>(messages: T): T {
  for (const [key, texts] of Object.entries(messages)) {
    if (catalogue[key]) throw new Error(`Duplicate message key ${key}`);
    catalogue[key] = texts;
  }
  return messages;
}

export function hasMessage(key: string): boolean {
  return key in catalogue;
}

/** Localised text for a key with {name} placeholders; the key itself if unknown. */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const texts = catalogue[key];
  const text = texts?.[locale] ?? texts?.[DEFAULT_LOCALE] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const allMessages = (): Readonly<MessageCatalogue> => catalogue;
