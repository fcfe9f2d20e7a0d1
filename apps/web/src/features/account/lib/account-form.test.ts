import { describe, expect, it } from 'vitest';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { EMPTY_PASSWORDS, firstErrorField, passwordErrors, valuesOf } from './account-form';

const t = (key: string) => `t:${key}`;

describe('account form', () => {
  it('takes the customer’s values, empty strings for what is missing, the SMS code empty', () => {
    const c = {
      first_name: 'Ana',
      last_name: 'Silva',
      email: null,
      birthday: '1990-05-01',
      gender: null,
      name_billing: null,
      document_billing: '123456789',
      postal_code: null,
      iban: null,
    } as unknown as CustomerView;
    expect(valuesOf(c)).toEqual({
      first_name: 'Ana',
      last_name: 'Silva',
      email: '',
      birthday: '1990-05-01',
      gender: '',
      name_billing: '',
      document_billing: '123456789',
      postal_code: '',
      iban: '',
      mobile_code: '',
    });
  });

  it('finds the first field in error in page order', () => {
    expect(firstErrorField({ iban: ['x'], mobile: ['y'], email: [] })).toBe('mobile');
    expect(firstErrorField({ unknown: ['z'] })).toBeUndefined();
    expect(firstErrorField({})).toBeUndefined();
  });

  it('checks a password change before sending it', () => {
    expect(passwordErrors(EMPTY_PASSWORDS, t)).toEqual({
      old_password: ['t:field_required'],
      password: ['t:field_required'],
      password_confirmation: ['t:field_required'],
    });
    expect(passwordErrors({ old_password: 'a', password: 'b', password_confirmation: 'c' }, t)).toEqual({
      password_confirmation: ['t:passwords_mismatch'],
    });
    expect(passwordErrors({ old_password: 'a', password: 'b', password_confirmation: 'b' }, t)).toBeNull();
  });
});
