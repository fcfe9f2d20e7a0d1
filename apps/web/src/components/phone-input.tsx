import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_VALIDATION_DELAY_MS } from '@bilheteira/shared/constants';
import {
  defaultCountry,
  findCountry,
  formatNationalPhone,
  isValidPhone,
  phoneDigits,
  type Country,
} from '@bilheteira/shared/phone';
import { HTML_LANG, currentLocale } from '../i18n/i18n';
import { namedCountries } from '../lib/phone-countries';
import { phonePlaceholder } from '@bilheteira/shared/phone-placeholder';
import {
  caretAfterDigits,
  digitsBefore,
  isInternationalText,
  isRefusedPhoneKey,
  pasteDigits,
  readInternationalText,
  settleDigits,
  type PhoneEdit,
  type PhoneValue,
} from '../lib/phone-value';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import { useCountryPicker } from '../lib/use-country-picker';
import { CountryFlag } from './country-flag';
import { PhoneCountryList } from './phone-country-list';

/**
 * True when a keyboard event comes from an open country list: modals that close on Esc
 * call this in their `onEscapeKeyDown` and keep themselves open, so Esc closes the list only.
 */
export function isPhoneDropdownEvent(event: Event): boolean {
  const target = event.target as Element | null;
  return !!target?.closest?.('[data-phone-dropdown="open"]');
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
 * Validity is reported once typing pauses for 200 ms (spec §5, §9); answers whether the
 * number is invalid as of that last report (an empty number is not).
 */
function useDebouncedValidity(valid: boolean, national: string, onValidChange?: (valid: boolean) => void) {
  const [debouncedInvalid, setDebouncedInvalid] = useState(false);
  const onValidRef = useRef(onValidChange);
  useEffect(() => {
    onValidRef.current = onValidChange;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      onValidRef.current?.(valid);
      setDebouncedInvalid(!valid && national.length > 0);
    }, PHONE_VALIDATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [valid, national]);
  return debouncedInvalid;
}

/**
 * The number shown in the country's mask, kept as digits only: typing, autofill, mobile
 * keyboards and paste all end in `onChange` with the digits, and the caret stays after the
 * same digit when the mask inserts spaces.
 */
function useMaskedDigits(
  value: PhoneValue,
  country: Country,
  onChange: (value: PhoneValue) => void,
  inputRef: RefObject<HTMLInputElement | null>,
) {
  const pendingCaret = useRef<number | null>(null);
  const formatted = formatNationalPhone(country.iso2, value.national);

  // Keeps the caret after the same digit when the mask inserts spaces.
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !inputRef.current) return;
    const pos = caretAfterDigits(formatted, pendingCaret.current);
    pendingCaret.current = null;
    if (document.activeElement === inputRef.current) inputRef.current.setSelectionRange(pos, pos);
  }, [formatted, inputRef]);

  const apply = (edit: PhoneEdit) => {
    pendingCaret.current = edit.caret;
    onChange({ countryIso2: edit.country.iso2, dialCode: edit.country.dialCode, national: edit.national });
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const end = el.value.length;
    const text = e.clipboardData.getData('text');
    apply(
      pasteDigits(country, value.national, el.value, text, el.selectionStart ?? end, el.selectionEnd ?? end),
    );
  };

  // Typing, autofill and mobile keyboards all end here: keep digits only; a whole
  // international number (autofill of "+351 912…") is read like a paste.
  const onTyped = (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    if (isInternationalText(el.value)) {
      apply(readInternationalText(country, el.value));
    } else {
      const caret = digitsBefore(el.value, el.selectionStart ?? el.value.length);
      apply(settleDigits(country, phoneDigits(el.value), caret));
    }
  };

  return { formatted, onPaste, onTyped };
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
  const errorId = `${inputId}-error`;
  const countries = useMemo(() => namedCountries(HTML_LANG[currentLocale()]), []);
  const country = findCountry(value.countryIso2) ?? defaultCountry();
  const countryName = countries.find((c) => c.iso2 === country.iso2)?.name ?? country.iso2;
  const [blurred, setBlurred] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const debouncedInvalid = useDebouncedValidity(
    isValidPhone(country, value.national),
    value.national,
    onValidChange,
  );

  const picker = useCountryPicker({
    countries,
    selectedIso2: country.iso2,
    disabled,
    onChoose: (c: Country) => {
      writeStorage(STORAGE_KEYS.countryCode, c.iso2);
      const national = value.national.slice(0, c.maxDigits);
      onChange({ countryIso2: c.iso2, dialCode: c.dialCode, national });
      inputRef.current?.focus();
    },
    refs: { rootRef, buttonRef, searchRef, listRef },
  });
  const { open } = picker;

  const { formatted, onPaste, onTyped } = useMaskedDigits(value, country, onChange, inputRef);

  // "Invalid number" shows once the person leaves the field, not while still typing.
  const shownError = error ?? (blurred && debouncedInvalid ? t('invalid') : undefined);

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
          onClick={picker.toggle}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && !open) {
              e.preventDefault();
              picker.openList();
            }
          }}
        >
          <CountryFlag iso2={country.iso2} />
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
          placeholder={phonePlaceholder(country)}
          disabled={disabled}
          autoFocus={autoFocus}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          onKeyDown={(e) => {
            if (isRefusedPhoneKey(e)) e.preventDefault();
          }}
          onPaste={onPaste}
          onFocus={() => setBlurred(false)}
          onBlur={() => setBlurred(true)}
          onChange={onTyped}
        />
      </div>
      {shownError && (
        <p id={errorId} className="field-error" role="alert">
          {shownError}
        </p>
      )}
      {open && (
        <PhoneCountryList
          picker={picker}
          searchRef={searchRef}
          listRef={listRef}
          listId={listId}
          searchId={`${inputId}-search`}
          selectedIso2={country.iso2}
        />
      )}
    </div>
  );
}

export default PhoneInput;
