// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@bilheteira/shared/locales';
import { PERMISSIONS, ROLES } from '@bilheteira/shared/backoffice-roles';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const read = (locale: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;

/** Every leaf key of a catalogue, dotted (nested objects are i18next's key separator). */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

const namespaces = fs
  .readdirSync(path.join(dir, 'pt-pt'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace('.json', ''));

describe('back-office catalogues', () => {
  it.each(namespaces)('%s has the same keys, none empty, in pt-PT, en and es', (ns) => {
    const reference = keys(read('pt-pt', ns)).sort();
    for (const locale of LOCALES) {
      const catalogue = read(locale, ns);
      expect(keys(catalogue).sort(), `${locale}/${ns}`).toEqual(reference);
      for (const key of reference) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], catalogue);
        expect(typeof value === 'string' && value.trim().length > 0, `${locale}/${ns}: ${key}`).toBe(true);
      }
    }
  });

  it('names every role preset and every permission flag', () => {
    const common = keys(read('pt-pt', 'common'));
    for (const role of ROLES) expect(common).toContain(`roles.${role}`);
    for (const p of PERMISSIONS) expect(common).toContain(`permissions.${p.replace('.', '_')}`);
  });

  it('translates every message key of the shared back-office schemas', () => {
    const source = fs.readFileSync(
      path.join(dir, '../../../../../packages/shared/src/schemas/backoffice.ts'),
      'utf8',
    );
    const used = [...source.matchAll(/message: '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(3);
    const common = keys(read('pt-pt', 'common'));
    for (const key of new Set(used)) expect(common, key).toContain(key);
  });
});
