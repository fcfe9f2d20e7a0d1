import { describe, expect, it } from 'vitest';
import { AppError, declaredErrorSpecs, defineErrors } from './errors';

describe('defineErrors', () => {
  const errors = defineErrors({
    soldOut: { status: 409, code: 'sold_out', key: 'order.sold_out' },
  });

  it('builds the declared error by name, with its parameters and extras', () => {
    const err = errors.soldOut({ name: 'Normal' }, { details: { left: 0 } });
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      statusCode: 409,
      code: 'sold_out',
      messageKey: 'order.sold_out',
      params: { name: 'Normal' },
      details: { left: 0 },
    });
    expect(errors.soldOut.spec.code).toBe('sold_out');
  });

  it('lists every declared error for the API document', () => {
    expect(declaredErrorSpecs()).toContainEqual({ status: 409, code: 'sold_out', key: 'order.sold_out' });
  });
});
