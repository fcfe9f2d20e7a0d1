import type { BackendModule } from 'i18next';

/** An app's `import.meta.glob` of its catalogues: module path → loader. */
export type CatalogueLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * The i18next backend of both apps: the catalogue of a language and namespace is the module
 * `./locales/<language>/<namespace>.json` of `catalogues` (the app's import.meta.glob of its
 * locales folder, next to its i18n.ts), downloaded only when i18next asks for it. A
 * namespace without a catalogue is empty; a failed download is reported to i18next.
 */
export function lazyCatalogues(catalogues: CatalogueLoaders): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const load = catalogues[`./locales/${language}/${namespace}.json`];
      if (!load) {
        callback(null, {});
        return;
      }
      load().then(
        (m) => callback(null, m.default),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
      );
    },
  };
}
