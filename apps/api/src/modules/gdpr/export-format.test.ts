import { describe, expect, it } from 'vitest';
import { toXml } from './export-format';

describe('portability XML', () => {
  it('nests objects, names list items in the singular and escapes text', () => {
    const xml = toXml('customer_data', {
      customer: { first_name: 'Ana <b>&"\'', birthday: null },
      orders: [{ reference: 'A1', lines: [{ qty: 2 }] }],
      wallets: [],
      'bad key': 'x',
    });
    expect(xml).toContain('<first_name>Ana &lt;b&gt;&amp;&quot;&apos;</first_name>');
    expect(xml).toContain('<birthday nil="true"/>');
    expect(xml).toMatch(/<orders>\s*<order>\s*<reference>A1<\/reference>\s*<lines>\s*<line>\s*<qty>2<\/qty>/);
    expect(xml).toContain('<wallets/>');
    expect(xml).toContain('<field name="bad key">x</field>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('drops characters XML cannot carry', () => {
    expect(toXml('r', { a: 'x\u0001y' })).toContain('<a>xy</a>');
  });
});
