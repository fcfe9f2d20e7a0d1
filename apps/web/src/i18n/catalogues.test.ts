import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@bilheteira/shared/locales';

const dir = path.resolve(__dirname, 'locales');

function flatten(obj: unknown, prefix = ''): Record<string, unknown> {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return { [prefix]: obj };
  return Object.entries(obj).reduce<Record<string, unknown>>(
    (acc, [k, v]) => Object.assign(acc, flatten(v, prefix ? `${prefix}.${k}` : k)),
    {},
  );
}

const namespaces = new Set(LOCALES.flatMap((l) => fs.readdirSync(path.join(dir, l))));

describe('i18n catalogues', () => {
  for (const ns of namespaces) {
    it(`${ns}: every key exists and is non-empty in pt-pt, en and es`, () => {
      const keys = LOCALES.map((l) => {
        const file = path.join(dir, l, ns);
        expect(fs.existsSync(file), `${l}/${ns} missing`).toBe(true);
        const flat = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
        for (const [k, v] of Object.entries(flat)) {
          expect(typeof v === 'string' && v.trim().length > 0, `${l}/${ns}: ${k} is empty`).toBe(true);
        }
        return Object.keys(flat).sort();
      });
      expect(keys[1], `en/${ns} keys differ from pt-pt`).toEqual(keys[0]);
      expect(keys[2], `es/${ns} keys differ from pt-pt`).toEqual(keys[0]);
    });
  }
});
