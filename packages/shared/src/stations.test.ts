import { describe, expect, it } from 'vitest';
import {
  STATION_ROLES,
  stationMayRecord,
  stationTimeRefusal,
  stationTimeWindow,
  walletOpensAt,
  WALLET_OPENS_DEFAULT_LEAD_MS,
  type StationEventClock,
} from './stations';
import {
  exceedsWalletCeiling,
  STATION_CLOCK_SKEW_MS,
  walletHeadroomCents,
  WALLET_MAX_BALANCE_CENTS,
} from './wallet';

const MIN = 60_000;
const now = new Date('2026-07-10T20:00:00Z');
const event: StationEventClock = {
  startsAt: new Date('2026-07-10T16:00:00Z'),
  walletOpensAt: new Date('2026-07-09T10:00:00Z'),
  walletOfflineWindowMinutes: 24 * 60,
};
const ago = (ms: number) => new Date(now.getTime() - ms);
const active = { status: 'active', blockedAt: null, linkedAt: null };

describe('station roles', () => {
  it('lets bar and shop sell only, the top-up point load money and pay cash back, the refund desk only pay back', () => {
    expect(STATION_ROLES.map((r) => [r, stationMayRecord(r, 'consumption')])).toEqual([
      ['bar', true],
      ['shop', true],
      ['topup', false],
      ['refund_desk', false],
    ]);
    expect(stationMayRecord('refund_desk', 'topup')).toBe(false);
    expect(stationMayRecord('refund_desk', 'refund')).toBe(true);
    for (const role of ['bar', 'shop'] as const) {
      expect(stationMayRecord(role, 'topup')).toBe(false);
      expect(stationMayRecord(role, 'refund')).toBe(false);
    }
    expect(stationMayRecord('topup', 'topup')).toBe(true);
    expect(stationMayRecord('topup', 'refund')).toBe(true);
  });
});

describe('stationTimeRefusal', () => {
  it('accepts a time inside every bound', () => {
    expect(stationTimeRefusal(ago(10 * MIN), event, now, active)).toBeNull();
    expect(stationTimeRefusal(new Date(now.getTime() + STATION_CLOCK_SKEW_MS), event, now)).toBeNull();
  });

  it('refuses a time ahead of the clock beyond the skew', () => {
    expect(stationTimeRefusal(new Date(now.getTime() + STATION_CLOCK_SKEW_MS + 1), event, now)).toBe(
      'invalid_time',
    );
    expect(stationTimeRefusal(new Date(Number.NaN), event, now)).toBe('invalid_time');
  });

  it('refuses a time older than the offline window or before the wallet opened', () => {
    expect(stationTimeRefusal(new Date('2020-01-01T00:00:00Z'), event, now)).toBe('occurred_at_out_of_range');
    const narrow = { ...event, walletOfflineWindowMinutes: 60 };
    expect(stationTimeRefusal(ago(61 * MIN), narrow, now)).toBe('occurred_at_out_of_range');
    expect(stationTimeRefusal(ago(59 * MIN), narrow, now)).toBeNull();
    const opensLate = { ...event, walletOpensAt: ago(30 * MIN) };
    expect(stationTimeRefusal(ago(31 * MIN), opensLate, now)).toBe('occurred_at_out_of_range');
    expect(stationTimeRefusal(ago(29 * MIN), opensLate, now)).toBeNull();
  });

  it('opens the wallet 48 h before the start when the event sets no opening', () => {
    const implicit = { ...event, walletOpensAt: null };
    expect(walletOpensAt(implicit).getTime()).toBe(event.startsAt.getTime() - WALLET_OPENS_DEFAULT_LEAD_MS);
    const later = { ...implicit, startsAt: new Date(now.getTime() + 47 * 3600_000) };
    expect(stationTimeWindow(later, now).notBefore.getTime()).toBe(now.getTime() - 3600_000);
    expect(stationTimeRefusal(ago(61 * MIN), later, now)).toBe('occurred_at_out_of_range');
  });

  it("refuses a time before the customer linked the bracelet, and a blocked bracelet's later times", () => {
    const linkedAt = ago(2 * 3600_000);
    const blockedAt = ago(3600_000);
    const linked = { status: 'active', blockedAt: null, linkedAt };
    expect(stationTimeRefusal(ago(2 * 3600_000 + 1), event, now, linked)).toBe('occurred_at_out_of_range');
    expect(stationTimeRefusal(linkedAt, event, now, linked)).toBeNull();
    const lost = { status: 'blocked', blockedAt, linkedAt };
    // offline before the block: still stands, within the bounds
    expect(stationTimeRefusal(ago(90 * MIN), event, now, lost)).toBeNull();
    expect(stationTimeRefusal(blockedAt, event, now, lost)).toBe('bracelet_blocked');
    expect(stationTimeRefusal(ago(MIN), event, now, lost)).toBe('bracelet_blocked');
    // backdated past the block: before the link, or out of the window
    expect(stationTimeRefusal(ago(3 * 3600_000), event, now, lost)).toBe('occurred_at_out_of_range');
    expect(stationTimeRefusal(new Date('2020-01-01T00:00:00Z'), event, now, lost)).toBe(
      'occurred_at_out_of_range',
    );
    expect(stationTimeRefusal(ago(90 * MIN), event, now, { ...lost, blockedAt: null })).toBe(
      'bracelet_blocked',
    );
  });
});

describe('wallet ceiling', () => {
  it('allows a credit up to the maximum balance and not one cent more', () => {
    expect(walletHeadroomCents(WALLET_MAX_BALANCE_CENTS - 500)).toBe(500);
    expect(exceedsWalletCeiling(WALLET_MAX_BALANCE_CENTS - 500, 500)).toBe(false);
    expect(exceedsWalletCeiling(WALLET_MAX_BALANCE_CENTS - 500, 501)).toBe(true);
    expect(walletHeadroomCents(WALLET_MAX_BALANCE_CENTS + 1)).toBe(0);
  });
});
