import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { emptyText, requestErrors, serverErrors } from './organizer-request-rules';

const t = (key: string) => key;
const phone = { countryIso2: 'PT', dialCode: '351', national: '912345678' };
const filled = {
  first_name: 'Rita',
  last_name: 'Sousa',
  name_company: 'Palco Lda',
  email: 'rita@palco.pt',
  password_plan: 'uma-palavra-longa',
  description: 'Concertos',
};

describe('organiser request checks', () => {
  it('requires every field, the terms and the captcha', () => {
    expect(
      requestErrors(
        { values: emptyText, phone: { ...phone, national: '' }, acceptedTerms: false, captcha: null },
        t,
      ),
    ).toEqual({
      first_name: 'validation.required',
      last_name: 'validation.required',
      name_company: 'validation.required',
      email: 'validation.required',
      password_plan: 'validation.required',
      description: 'validation.required',
      mobile: 'validation.required',
      accepted_terms: 'validation.terms',
      altcha: 'validation.captcha',
    });
  });

  it('checks the email pattern, the password length and the mobile', () => {
    const values = { ...filled, email: 'rita@', password_plan: 'curta' };
    expect(
      requestErrors({ values, phone: { ...phone, national: '12' }, acceptedTerms: true, captcha: 'x' }, t),
    ).toEqual({
      email: 'validation.email',
      password_plan: 'validation.password_min',
      mobile: 'validation.phone',
    });
    expect(requestErrors({ values: filled, phone, acceptedTerms: true, captcha: 'x' }, t)).toEqual({});
  });

  it('puts the server’s field errors on the form’s fields', () => {
    const err = new ApiError(
      400,
      'Bad Request',
      {
        errors: { country_call_code: ['bad code'], email: ['taken'], unknown: ['x'], description: [] },
      },
      '/organizer-requests',
    );
    expect(serverErrors(err)).toEqual({ mobile: 'bad code', email: 'taken' });
    expect(serverErrors(new Error('boom'))).toEqual({});
  });
});
