import { describe, expect, it } from 'vitest';
import { LAST_TICKETS_DEFAULT, publicStock } from './stock-display';

describe('public stock display', () => {
  it('shows the exact count above the threshold', () => {
    expect(publicStock(51, 10, LAST_TICKETS_DEFAULT)).toEqual({ available: 51, last_tickets: false });
  });
  it('says "últimos bilhetes" at or below it, capped to one order', () => {
    expect(publicStock(50, 10, LAST_TICKETS_DEFAULT)).toEqual({ available: 10, last_tickets: true });
    expect(publicStock(3, 10, LAST_TICKETS_DEFAULT)).toEqual({ available: 3, last_tickets: true });
  });
  it('sold out is sold out, and 0 means always exact', () => {
    expect(publicStock(0, 10, LAST_TICKETS_DEFAULT)).toEqual({ available: 0, last_tickets: false });
    expect(publicStock(2, 10, 0)).toEqual({ available: 2, last_tickets: false });
  });
});
