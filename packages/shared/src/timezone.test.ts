import { describe, expect, it } from 'vitest';
import { isCalendarDate, isValidTimeZone, zonedTimeToUtc } from './timezone';

describe('time zones', () => {
  it('knows IANA names and refuses offsets and junk', () => {
    for (const tz of ['Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira', 'UTC', 'America/Sao_Paulo'])
      expect(isValidTimeZone(tz), tz).toBe(true);
    for (const tz of ['Mars/Olympus', '+01:00', '', 'Europe/Lisbon; DROP', 'x'.repeat(80)])
      expect(isValidTimeZone(tz), tz).toBe(false);
  });

  it('turns a wall-clock date and hour into UTC, summer and winter', () => {
    expect(zonedTimeToUtc('2026-07-10', '21:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-10T20:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-10', '21:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-12-10T21:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-12-10', '21:00', 'Atlantic/Azores').toISOString()).toBe(
      '2026-12-10T22:00:00.000Z',
    );
    // the hour summer time skips reads as the hour after
    expect(zonedTimeToUtc('2026-03-29', '01:30', 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('checks calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('26-02-01')).toBe(false);
  });
});
