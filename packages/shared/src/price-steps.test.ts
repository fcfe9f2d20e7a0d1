import { describe, expect, it } from 'vitest';
import {
  placesLeftAtPrice,
  priceInForce,
  priceSchedule,
  stepGuard,
  type PricedTicketType,
} from './price-steps';

const march10 = new Date('2027-03-10T00:00:00Z');
const type = (taken: number): PricedTicketType => ({
  priceCents: 5000,
  taken,
  steps: [
    { label: 'Early bird', priceCents: 3500, endsAt: march10, endsAfterSold: 100 },
    { label: 'Regular', priceCents: 4500, endsAt: new Date('2027-05-01T00:00:00Z'), endsAfterSold: null },
  ],
});

describe('price steps', () => {
  it('charges the first step not over, by date', () => {
    expect(priceInForce(type(0), new Date('2027-03-01T00:00:00Z')).priceCents).toBe(3500);
    expect(priceInForce(type(0), march10).priceCents).toBe(4500);
    expect(priceInForce(type(0), new Date('2027-05-01T00:00:00Z')).priceCents).toBe(5000);
  });

  it('ends a step after its number of places taken', () => {
    const before = new Date('2027-03-01T00:00:00Z');
    expect(priceInForce(type(99), before).priceCents).toBe(3500);
    expect(priceInForce(type(100), before).priceCents).toBe(4500);
    expect(stepGuard(type(99), before)).toBe(100);
    expect(placesLeftAtPrice(type(97), before)).toBe(3);
    expect(stepGuard(type(100), before)).toBeNull();
  });

  it('names what comes next and marks the steps over', () => {
    const s = priceSchedule(type(0), new Date('2027-03-01T00:00:00Z'));
    expect(s.label).toBe('Early bird');
    expect(s.ends_at).toBe(march10.toISOString());
    expect(s.next).toEqual({ label: 'Regular', price_cents: 4500 });
    const late = priceSchedule(type(0), new Date('2027-04-01T00:00:00Z'));
    expect(late.next).toEqual({ label: null, price_cents: 5000 });
    expect(late.steps.map((x) => [x.over, x.current])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('without steps is the type price', () => {
    const p = priceInForce({ priceCents: 1000, taken: 0, steps: [] }, new Date());
    expect(p).toEqual({ priceCents: 1000, step: null, index: -1, next: null });
  });
});
