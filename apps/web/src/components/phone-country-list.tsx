import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryPicker } from '../lib/use-country-picker';
import { CountryFlag } from './country-flag';

/** The open country list of the phone input: a search combobox over a listbox of countries. */
export function PhoneCountryList({
  picker,
  searchRef,
  listRef,
  listId,
  searchId,
  selectedIso2,
}: {
  picker: CountryPicker;
  searchRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  searchId: string;
  selectedIso2: string;
}) {
  const { t } = useTranslation('phone');
  const { filtered, active } = picker;
  const activeId = filtered[active] ? `${listId}-${filtered[active].iso2}` : undefined;
  return (
    <div
      className="absolute left-0 right-0 z-50 mt-1 rounded-lg bg-white shadow-xl ring-1 ring-slate-300"
      data-testid="phone-country-list"
    >
      <div className="border-b border-slate-200 p-2">
        <label htmlFor={searchId} className="sr-only">
          {t('search_label')}
        </label>
        <input
          ref={searchRef}
          id={searchId}
          type="search"
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          className="field-input"
          placeholder={t('search_placeholder')}
          value={picker.query}
          onChange={(e) => picker.setQuery(e.target.value)}
          onKeyDown={picker.onSearchKeyDown}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('countries')}
        className="max-h-64 overflow-y-auto py-1"
      >
        {filtered.map((c, i) => (
          <li
            key={c.iso2}
            id={`${listId}-${c.iso2}`}
            role="option"
            data-index={i}
            data-iso2={c.iso2}
            aria-selected={c.iso2 === selectedIso2}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
              i === active ? 'bg-amber-100' : ''
            } ${c.iso2 === selectedIso2 ? 'font-semibold' : ''}`}
            onPointerMove={() => picker.setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => picker.choose(c)}
          >
            <CountryFlag iso2={c.iso2} />
            <span className="flex-1 truncate text-slate-900">{c.name}</span>
            <span className="tabular-nums text-slate-700">+{c.dialCode}</span>
          </li>
        ))}
        {filtered.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-700">
            {t('no_results')}
          </li>
        )}
      </ul>
    </div>
  );
}
