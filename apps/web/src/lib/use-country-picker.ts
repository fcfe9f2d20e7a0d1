import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Country } from '@bilheteira/shared/phone';
import { filterCountries, moveActive, type NamedCountry } from './phone-countries';

export interface CountryPickerRefs {
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  searchRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLUListElement | null>;
}

/**
 * The country list of the phone input as a combobox: open/closed, the search text, the
 * highlighted option, and the keyboard of the search field (arrows, Page keys, Ctrl+Home/End,
 * Enter chooses, Esc closes and gives the focus back to the country button, Tab closes). It
 * closes on a click or tap outside `rootRef` (spec §4).
 */
export function useCountryPicker({
  countries,
  selectedIso2,
  disabled,
  onChoose,
  refs: { rootRef, buttonRef, searchRef, listRef },
}: {
  countries: NamedCountry[];
  selectedIso2: string;
  disabled?: boolean;
  onChoose(country: Country): void;
  /** the picker's root (clicks outside it close the list), country button, search field and list */
  refs: CountryPickerRefs;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const filtered = useMemo(() => filterCountries(countries, query), [countries, query]);

  const closeList = (focusButton: boolean) => {
    setOpen(false);
    setQuery('');
    if (focusButton) buttonRef.current?.focus();
  };

  // Closes on a click or tap outside (spec §4).
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) {
        setOpen(false);
        setQuery('');
      }
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, rootRef]);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
  }, [open, searchRef]);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open, listRef]);

  const openList = () => {
    if (disabled) return;
    const index = countries.findIndex((c) => c.iso2 === selectedIso2);
    setActive(Math.max(0, index));
    setOpen(true);
  };

  const choose = (c: Country) => {
    onChoose(c);
    closeList(false);
  };

  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const { key, ctrlKey } = e;
    if (moveActive(key, ctrlKey, active, filtered.length) !== null) {
      if (key !== 'Home' && key !== 'End') e.preventDefault();
      setActive((i) => moveActive(key, ctrlKey, i, filtered.length)!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const c = filtered[active];
      if (c) choose(c);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeList(true);
    } else if (e.key === 'Tab') {
      closeList(false);
    }
  };

  return {
    open,
    query,
    setQuery: (q: string) => {
      setQuery(q);
      setActive(0);
    },
    active,
    setActive,
    filtered,
    toggle: () => (open ? closeList(false) : openList()),
    openList,
    choose,
    onSearchKeyDown,
  };
}

export type CountryPicker = ReturnType<typeof useCountryPicker>;
