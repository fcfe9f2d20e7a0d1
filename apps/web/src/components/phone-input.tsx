import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_VALIDATION_DELAY_MS } from '@bilheteira/shared/constants';
import {
  COUNTRIES,
  defaultCountry,
  findCountry,
  findCountryByDialCode,
  formatNationalPhone,
  isValidPhone,
  phoneDigits,
  type Country,
} from '@bilheteira/shared/phone';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { HTML_LANG, currentLocale } from '../i18n/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

/** What the phone input holds: the country and the national number as digits. */
export interface PhoneValue {
  countryIso2: string;
  /** digits only, e.g. "351" */
  dialCode: string;
  /** national number, digits only (spaces of the mask are never part of the value) */
  national: string;
}

/** Longest national number accepted (E.164 allows 15 digits in all). */
const MAX_NATIONAL_DIGITS = 15;

/**
 * Bundled flags (no external image service): each SVG is emitted as its own hashed asset
 * and only this map of URLs ships in the JavaScript, so a flag is downloaded when shown.
 */
const FLAG_URLS = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});
const flagByIso2 = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -4), url]),
);

/** The preferred country (spec §3 local storage "country code"), else PT. */
export function preferredCountry(): Country {
  return findCountry(readStorage<string | null>(STORAGE_KEYS.countryCode, null)) ?? defaultCountry();
}

/** An empty phone value in the preferred country, or a given one. */
export function initialPhoneValue(national = '', iso2?: string | null): PhoneValue {
  const country = findCountry(iso2) ?? preferredCountry();
  return { countryIso2: country.iso2, dialCode: country.dialCode, national: phoneDigits(national) };
}

/** A customer's stored mobile (E.164, with its dial code) as a value of this input. */
export function customerPhoneValue(c: Pick<CustomerView, 'mobile' | 'mobile_country_code'>): PhoneValue {
  const dial = c.mobile_country_code || '351';
  const national = c.mobile?.startsWith(`+${dial}`) ? c.mobile.slice(dial.length + 1) : (c.mobile ?? '');
  return initialPhoneValue(national, findCountryByDialCode(dial)?.iso2);
}

/** The spec §5 rule applied to a value of this input. */
export function isPhoneValueValid(value: PhoneValue): boolean {
  return isValidPhone(findCountry(value.countryIso2), value.national);
}

/**
 * True when a keyboard event comes from an open country list: modals that close on Esc
 * call this in their `onEscapeKeyDown` and keep themselves open, so Esc closes the list only.
 */
export function isPhoneDropdownEvent(event: Event): boolean {
  const target = event.target as Element | null;
  return !!target?.closest?.('[data-phone-dropdown="open"]');
}

function Flag({ iso2, className = '' }: { iso2: string; className?: string }) {
  const url = flagByIso2.get(iso2);
  if (!url) {
    return (
      <span
        aria-hidden
        className={`inline-flex h-4 w-6 items-center justify-center rounded-sm bg-slate-200 text-[9px] font-bold text-slate-700 ${className}`}
      >
        {iso2}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      decoding="async"
      className={`h-4 w-6 shrink-0 rounded-sm object-cover ring-1 ring-black/10 ${className}`}
    />
  );
}

/** Removes accents and case for searching country names ("Españ" finds "España"). */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

interface NamedCountry extends Country {
  name: string;
  folded: string;
}

function useCountryNames(): NamedCountry[] {
  return useMemo(() => {
    const lang = HTML_LANG[currentLocale()];
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = undefined;
    }
    return COUNTRIES.map((c) => {
      const name = names?.of(c.iso2) ?? c.iso2;
      return { ...c, name, folded: fold(name) };
    }).sort((a, b) => a.name.localeCompare(b.name, lang));
  }, []);
}

/** Keys that still work in a digits-only field (spec §5). */
const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'Enter',
  'Escape',
]);

/** Position in `formatted` just after its n-th digit. */
function caretAfterDigits(formatted: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}

export interface PhoneInputProps {
  label: string;
  value: PhoneValue;
  onChange(value: PhoneValue): void;
  /** called 200 ms after typing stops (spec §5) and when the country changes */
  onValidChange?(valid: boolean): void;
  id?: string;
  name?: string;
  /** an error to show under the field (e.g. from the server) */
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  required?: boolean;
}

/**
 * The one phone input (spec §5, issue 4 item 1): searchable country list of all countries
 * with bundled flags and dial codes, digits-only typing, paste reduced to digits, display
 * in the country's mask, validity reported 200 ms after typing stops.
 */
export function PhoneInput({
  label,
  value,
  onChange,
  onValidChange,
  id,
  name,
  error,
  disabled,
  autoFocus,
  required,
}: PhoneInputProps) {
  const { t } = useTranslation('phone');
  const autoId = useId();
  const inputId = id ?? `phone-${autoId}`;
  const listId = `${inputId}-countries`;
  const searchId = `${inputId}-search`;
  const errorId = `${inputId}-error`;
  const countries = useCountryNames();
  const country = findCountry(value.countryIso2) ?? defaultCountry();
  const countryName = countries.find((c) => c.iso2 === country.iso2)?.name ?? country.iso2;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [debouncedInvalid, setDebouncedInvalid] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pendingCaret = useRef<number | null>(null);

  const filtered = useMemo(() => {
    const q = fold(query.trim());
    if (!q) return countries;
    const digits = phoneDigits(q);
    return countries.filter(
      (c) =>
        c.folded.includes(q) ||
        c.iso2.toLowerCase() === q ||
        (digits !== '' && /^\+?\d+$/.test(q) && c.dialCode.startsWith(digits)),
    );
  }, [countries, query]);

  // Validity is reported once typing pauses for 200 ms (spec §5, §9).
  const valid = isValidPhone(country, value.national);
  const onValidRef = useRef(onValidChange);
  useEffect(() => {
    onValidRef.current = onValidChange;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      onValidRef.current?.(valid);
      setDebouncedInvalid(!valid && value.national.length > 0);
    }, PHONE_VALIDATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [valid, value.national]);

  const formatted = formatNationalPhone(country.iso2, value.national);

  // Keeps the caret after the same digit when the mask inserts spaces.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !inputRef.current) return;
    const pos = caretAfterDigits(formatted, pendingCaret.current);
    pendingCaret.current = null;
    if (document.activeElement === inputRef.current) inputRef.current.setSelectionRange(pos, pos);
  }, [formatted]);

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
  }, [open]);

  useEffect(() => {
    if (!open) return;
    searchRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    if (disabled) return;
    const index = countries.findIndex((c) => c.iso2 === country.iso2);
    setActive(Math.max(0, index));
    setOpen(true);
  };

  const choose = (c: Country) => {
    writeStorage(STORAGE_KEYS.countryCode, c.iso2);
    const national = value.national.slice(0, MAX_NATIONAL_DIGITS);
    onChange({ countryIso2: c.iso2, dialCode: c.dialCode, national });
    closeList(false);
    inputRef.current?.focus();
  };

  const setDigits = (digits: string, caretDigits: number) => {
    const national = digits.slice(0, MAX_NATIONAL_DIGITS);
    pendingCaret.current = Math.min(caretDigits, national.length);
    onChange({ ...value, countryIso2: country.iso2, dialCode: country.dialCode, national });
  };

  const digitsBefore = (text: string, pos: number) => phoneDigits(text.slice(0, pos)).length;

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return; // copy, paste, select all…
    if (CONTROL_KEYS.has(e.key)) return;
    if (e.key.length === 1 && !/\d/.test(e.key)) e.preventDefault();
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = phoneDigits(e.clipboardData.getData('text'));
    const el = e.currentTarget;
    const start = digitsBefore(el.value, el.selectionStart ?? el.value.length);
    const end = digitsBefore(el.value, el.selectionEnd ?? el.value.length);
    const next = value.national.slice(0, start) + pasted + value.national.slice(end);
    setDigits(next, start + pasted.length);
  };

  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(filtered.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      setActive(filtered.length - 1);
    } else if (e.key === 'PageDown') {
      e.preventDefault();
      setActive((i) => Math.min(filtered.length - 1, i + 8));
    } else if (e.key === 'PageUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 8));
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

  // "Invalid number" shows once the person leaves the field, not while still typing.
  const shownError = error ?? (blurred && debouncedInvalid ? t('invalid') : undefined);
  const activeId = filtered[active] ? `${listId}-${filtered[active].iso2}` : undefined;

  return (
    <div ref={rootRef} className="relative" data-phone-dropdown={open ? 'open' : 'closed'}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div
        className={`flex items-stretch rounded-lg border bg-white focus-within:border-amber-500 focus-within:outline-2 focus-within:outline-amber-500/40 ${
          shownError ? 'border-red-600' : 'border-slate-300'
        } ${disabled ? 'opacity-60' : ''}`}
      >
        <button
          ref={buttonRef}
          type="button"
          data-testid="phone-country"
          className="flex shrink-0 items-center gap-1.5 rounded-l-lg border-r border-slate-300 px-3 text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-amber-500"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={t('country_button', { country: countryName, dialCode: country.dialCode })}
          disabled={disabled}
          onClick={() => (open ? closeList(false) : openList())}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !open) {
              e.preventDefault();
              openList();
            }
          }}
        >
          <Flag iso2={country.iso2} />
          <span className="text-sm font-medium tabular-nums">+{country.dialCode}</span>
          <svg aria-hidden width="12" height="12" viewBox="0 0 12 12" className="text-slate-600">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </button>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          data-testid="phone-number"
          className="min-w-0 flex-1 rounded-r-lg bg-transparent px-3 py-2 text-slate-900 tabular-nums outline-none placeholder:text-slate-500"
          value={formatted}
          placeholder={formatNationalPhone(country.iso2, '9'.repeat(Math.min(...country.digits)))}
          disabled={disabled}
          autoFocus={autoFocus}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onKeyDown={onInputKeyDown}
          onPaste={onPaste}
          onFocus={() => setBlurred(false)}
          onBlur={() => setBlurred(true)}
          onChange={(e) => {
            // Typing, autofill and mobile keyboards all end here: keep digits only.
            const el = e.currentTarget;
            const caret = digitsBefore(el.value, el.selectionStart ?? el.value.length);
            setDigits(phoneDigits(el.value), caret);
          }}
        />
      </div>
      {shownError && (
        <p id={errorId} className="field-error" role="alert">
          {shownError}
        </p>
      )}
      {open && (
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
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onSearchKeyDown}
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
                aria-selected={c.iso2 === country.iso2}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                  i === active ? 'bg-amber-100' : ''
                } ${c.iso2 === country.iso2 ? 'font-semibold' : ''}`}
                onPointerMove={() => setActive(i)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(c)}
              >
                <Flag iso2={c.iso2} />
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
      )}
    </div>
  );
}

export default PhoneInput;
