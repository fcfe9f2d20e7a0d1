import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { PhoneInput } from './phone-input';
import { initialPhoneValue, type PhoneValue } from '../lib/phone-value';

function Harness({ onValid }: { onValid?: (v: boolean) => void }) {
  const [value, setValue] = useState<PhoneValue>(initialPhoneValue());
  return (
    <>
      <PhoneInput label="Telemóvel" value={value} onChange={setValue} onValidChange={onValid} />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="button">outside</button>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('value').textContent!) as PhoneValue;

beforeAll(async () => {
  localStorage.clear();
  await initI18n('pt-pt');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('PhoneInput', () => {
  it('defaults to Portugal and shows the national number in the mask', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Telemóvel') as HTMLInputElement;
    expect(screen.getByTestId('phone-country').textContent).toContain('+351');
    fireEvent.change(input, { target: { value: '912345678' } });
    expect(input.value).toBe('912 345 678');
    expect(current()).toEqual({ countryIso2: 'PT', dialCode: '351', national: '912345678' });
  });

  it('keeps digits only from typing and pasting', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Telemóvel') as HTMLInputElement;
    const letter = fireEvent.keyDown(input, { key: 'a' });
    expect(letter).toBe(false); // default prevented
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(input, { key: 'v', ctrlKey: true })).toBe(true);
    fireEvent.paste(input, { clipboardData: { getData: () => '+351 (91) 234-5678' } });
    expect(current().national).toBe('912345678');
    expect(input.value).toBe('912 345 678');
    fireEvent.change(input, { target: { value: '91a2b3' } });
    expect(current().national).toBe('9123');
  });

  it('reports validity 200 ms after typing stops', () => {
    vi.useFakeTimers();
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    act(() => vi.advanceTimersByTime(250));
    expect(onValid).toHaveBeenLastCalledWith(false);
    const input = screen.getByLabelText('Telemóvel');
    fireEvent.change(input, { target: { value: '91234567' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: '912345678' } });
    act(() => vi.advanceTimersByTime(150));
    expect(onValid).toHaveBeenLastCalledWith(false);
    act(() => vi.advanceTimersByTime(60));
    expect(onValid).toHaveBeenLastCalledWith(true);
  });

  it('searches countries by name and dial code, remembers the choice, closes on Esc and outside click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('phone-country'));
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'brasil' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-iso2'))).toEqual(['BR']);
    fireEvent.change(search, { target: { value: '+244' } });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-iso2'))).toContain('AO');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(current().dialCode).toBe('244');
    expect(localStorage.getItem('country_code')).toBe('"AO"');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.click(screen.getByTestId('phone-country'));
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.click(screen.getByTestId('phone-country'));
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('switches the country for a pasted international number and stops at the country length', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Telemóvel') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '9123456789' } });
    expect(current().national).toBe('912345678');
    fireEvent.paste(input, { clipboardData: { getData: () => '+44 7400 123456' } });
    expect(current()).toEqual({ countryIso2: 'GB', dialCode: '44', national: '7400123456' });
    expect(input.value).toBe('7400 123456');
  });

  it('pins PT, ES, BR, AO and MZ at the top of the list', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('phone-country'));
    const first = screen.getAllByRole('option').slice(0, 5);
    expect(first.map((o) => o.getAttribute('data-iso2'))).toEqual(['PT', 'ES', 'BR', 'AO', 'MZ']);
  });

  it('lists every country with a flag', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('phone-country'));
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(230);
    const withFlag = options.filter((o) => o.querySelector('img'));
    expect(withFlag.length).toBeGreaterThan(230);
  });
});
