import { describe, expect, it } from 'vitest';
import { nextQuantity, quantityBounds } from './quantity';

describe('quantity rules', () => {
  it('bounds by max per order and stock, and closes when stock is under the minimum', () => {
    expect(quantityBounds(1, 10, 3)).toEqual({ min: 1, max: 3 });
    expect(quantityBounds(2, 6, 100)).toEqual({ min: 2, max: 6 });
    expect(quantityBounds(4, 6, 3)).toEqual({ min: 4, max: 0 });
    expect(quantityBounds(1, 10, 0)).toEqual({ min: 1, max: 0 });
  });
  it('steps between 0 and [min, max]', () => {
    const b = { min: 2, max: 4 };
    expect(nextQuantity(0, 1, b)).toBe(2);
    expect(nextQuantity(2, 1, b)).toBe(3);
    expect(nextQuantity(4, 1, b)).toBe(4);
    expect(nextQuantity(3, -1, b)).toBe(2);
    expect(nextQuantity(2, -1, b)).toBe(0);
    expect(nextQuantity(0, -1, b)).toBe(0);
    expect(nextQuantity(9, -1, b)).toBe(4);
    expect(nextQuantity(0, 1, { min: 1, max: 0 })).toBe(0);
  });
});
