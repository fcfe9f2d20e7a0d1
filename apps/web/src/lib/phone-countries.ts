import { COUNTRIES, phoneDigits, PINNED_COUNTRIES, type Country } from '@bilheteira/shared/phone';

/** A country with its name in the page's language (and that name folded for searching). */
export interface NamedCountry extends Country {
  name: string;
  folded: string;
}

/** Removes accents and case for searching country names ("Españ" finds "España"). */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Where a country goes in the list: the pinned ones first, in their order, then the rest. */
const pinRank = (iso2: string) => {
  const i = PINNED_COUNTRIES.indexOf(iso2);
  return i === -1 ? PINNED_COUNTRIES.length : i;
};

/** All countries named in `lang` (BCP 47): PT, ES, BR, AO, MZ first, then sorted by name. */
export function namedCountries(lang: string): NamedCountry[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = undefined;
  }
  return COUNTRIES.map((c) => {
    const name = names?.of(c.iso2) ?? c.iso2;
    return { ...c, name, folded: fold(name) };
  }).sort((a, b) => pinRank(a.iso2) - pinRank(b.iso2) || a.name.localeCompare(b.name, lang));
}

/** Countries whose name contains the query, whose ISO code is it, or whose dial code starts with it. */
export function filterCountries(countries: NamedCountry[], query: string): NamedCountry[] {
  const q = fold(query.trim());
  if (!q) return countries;
  const digits = phoneDigits(q);
  return countries.filter(
    (c) =>
      c.folded.includes(q) ||
      c.iso2.toLowerCase() === q ||
      (digits !== '' && /^\+?\d+$/.test(q) && c.dialCode.startsWith(digits)),
  );
}

/**
 * Where a key moves the highlighted option of a list of `count` (arrows by one, Page keys by
 * eight, Ctrl+Home/End to the ends); null when the key does not move it.
 */
export function moveActive(key: string, ctrlKey: boolean, active: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, active + 1);
    case 'ArrowUp':
      return Math.max(0, active - 1);
    case 'PageDown':
      return Math.min(count - 1, active + 8);
    case 'PageUp':
      return Math.max(0, active - 8);
    case 'Home':
      return ctrlKey ? 0 : null;
    case 'End':
      return ctrlKey ? count - 1 : null;
    default:
      return null;
  }
}
