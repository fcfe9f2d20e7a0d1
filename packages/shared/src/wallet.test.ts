import { describe, expect, it } from 'vitest';
import { parseEuroInput, refundAvailability, refundQuote, topUpAmountError } from './wallet';

const d = (s: string) => new Date(s);
const rules = {
  refundsAllowed: true,
  refundOpensAt: d('2026-08-04T00:00:00Z'),
  refundClosesAt: d('2026-09-01T00:00:00Z'),
  endsAt: d('2026-08-03T02:00:00Z'),
};

describe('refundAvailability', () => {
  it('follows the event rules and the window, with now as a parameter', () => {
    expect(refundAvailability({ ...rules, refundsAllowed: false }, d('2026-08-10T00:00:00Z'))).toBe(
      'not_allowed',
    );
    expect(refundAvailability(rules, d('2026-08-03T23:59:59Z'))).toBe('not_yet_available');
    expect(refundAvailability(rules, d('2026-08-04T00:00:00Z'))).toBe('allowed');
    expect(refundAvailability(rules, d('2026-08-31T23:59:59Z'))).toBe('allowed');
    expect(refundAvailability(rules, d('2026-09-01T00:00:00Z'))).toBe('deadline_passed');
  });

  it('opens at the event end and closes 30 days later when the event sets no dates', () => {
    const open = { ...rules, refundOpensAt: null, refundClosesAt: null };
    expect(refundAvailability(open, d('2026-08-03T01:59:59Z'))).toBe('not_yet_available');
    expect(refundAvailability(open, d('2026-08-03T02:00:00Z'))).toBe('allowed');
    expect(refundAvailability(open, d('2026-09-02T02:00:00Z'))).toBe('deadline_passed');
  });
});

describe('refundQuote', () => {
  it('takes the 0.75 EUR fee off the online part', () => {
    expect(refundQuote(1250)).toEqual({ refundableCents: 1250, feeCents: 75, refundCents: 1175 });
    expect(refundQuote(75)).toEqual({ refundableCents: 75, feeCents: 75, refundCents: 0 });
    expect(refundQuote(0).refundCents).toBe(0);
  });
});

describe('top-up amounts', () => {
  it('parses euro input and checks bounds', () => {
    expect(parseEuroInput('12,5')).toBe(1250);
    expect(parseEuroInput('20')).toBe(2000);
    expect(parseEuroInput('0.07')).toBe(7);
    expect(parseEuroInput('1e3')).toBeNull();
    expect(parseEuroInput('12,555')).toBeNull();
    expect(topUpAmountError(499)).toBe('wallet.topup_min');
    expect(topUpAmountError(500)).toBeNull();
    expect(topUpAmountError(50_001)).toBe('wallet.topup_max');
  });
});
