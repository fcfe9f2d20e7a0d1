import { describe, expect, it } from 'vitest';
import { likePrefix, readOrderSearch } from './order-search-terms';

describe('order search text', () => {
  it('reads a Portuguese mobile in any spelling as E.164, and a plain number as an id too', () => {
    for (const typed of ['912345678', '912 345 678', '+351 912 345 678', '00351912345678'])
      expect(readOrderSearch(typed)?.mobile, typed).toBe('+351912345678');
    expect(readOrderSearch('912345678')?.id).toBe(912345678);
    expect(readOrderSearch('+34 612 345 678')?.mobile).toBe('+34612345678');
    expect(readOrderSearch('#42')).toMatchObject({ id: 42, mobile: null });
  });

  it('reads an email lower-cased and never as a name', () => {
    expect(readOrderSearch(' Ana.Silva@Example.PT ')).toMatchObject({
      email: 'ana.silva@example.pt',
      namePrefix: null,
      mobile: null,
    });
  });

  it('reads a name as a literal prefix: % and _ are letters, not patterns', () => {
    expect(readOrderSearch('Ana   Silva')?.namePrefix).toBe('ana silva%');
    expect(readOrderSearch('100%_off\\')?.namePrefix).toBe('100\\%\\_off\\\\%');
    expect(likePrefix('%')).toBe('\\%%');
    // one letter is too broad to be a name
    expect(readOrderSearch('a')?.namePrefix).toBeNull();
  });

  it('keeps the text for tokens and references (upper-cased for references), nothing for blanks', () => {
    expect(readOrderSearch('bx7k2m9qpa')).toMatchObject({ text: 'bx7k2m9qpa', reference: 'BX7K2M9QPA' });
    expect(readOrderSearch('   ')).toBeNull();
    expect(readOrderSearch('99999999999')?.id).toBeNull();
  });
});
