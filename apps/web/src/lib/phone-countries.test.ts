import { describe, expect, it } from 'vitest';
import { filterCountries, fold, moveActive, namedCountries } from './phone-countries';

describe('country list', () => {
  const countries = namedCountries('pt-PT');

  it('pins PT, ES, BR, AO, MZ, then names and sorts every country in the page’s language', () => {
    expect(countries.length).toBeGreaterThan(230);
    expect(countries.find((c) => c.iso2 === 'ES')?.name).toBe('Espanha');
    expect(countries.slice(0, 5).map((c) => c.iso2)).toEqual(['PT', 'ES', 'BR', 'AO', 'MZ']);
    const names = countries.slice(5).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-PT')));
  });

  it('searches by folded name, ISO code and dial code', () => {
    expect(fold('Españ')).toBe('espan');
    expect(filterCountries(countries, 'brasil').map((c) => c.iso2)).toEqual(['BR']);
    expect(filterCountries(countries, 'ao').map((c) => c.iso2)).toContain('AO');
    expect(filterCountries(countries, '+244').map((c) => c.iso2)).toContain('AO');
    expect(filterCountries(countries, '  ')).toBe(countries);
    expect(filterCountries(countries, 'zzzz')).toEqual([]);
  });

  it('moves the highlighted option with the keyboard', () => {
    expect(moveActive('ArrowDown', false, 3, 10)).toBe(4);
    expect(moveActive('ArrowDown', false, 9, 10)).toBe(9);
    expect(moveActive('ArrowUp', false, 0, 10)).toBe(0);
    expect(moveActive('PageDown', false, 5, 10)).toBe(9);
    expect(moveActive('PageUp', false, 5, 10)).toBe(0);
    expect(moveActive('Home', true, 5, 10)).toBe(0);
    expect(moveActive('End', true, 5, 10)).toBe(9);
    expect(moveActive('Home', false, 5, 10)).toBeNull();
    expect(moveActive('Enter', false, 5, 10)).toBeNull();
  });
});
