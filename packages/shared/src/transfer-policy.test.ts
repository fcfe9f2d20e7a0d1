import { describe, expect, it } from 'vitest';
import { transferRefusal } from './transfer-policy';

const doorsAt = new Date('2026-07-10T20:00:00Z');
const at = (iso: string) => new Date(iso);

describe('transfer policy', () => {
  it('refuses when transfers are off, after the window closes, or past the count', () => {
    const open = { allowed: true, untilHours: null, maxCount: null };
    expect(transferRefusal(open, { doorsAt, transfersSoFar: 9 }, at('2026-07-10T19:59:00Z'))).toBeNull();
    expect(
      transferRefusal(
        { ...open, allowed: false },
        { doorsAt, transfersSoFar: 0 },
        at('2026-01-01T00:00:00Z'),
      ),
    ).toBe('transfers_off');
    const window = { ...open, untilHours: 24 };
    expect(transferRefusal(window, { doorsAt, transfersSoFar: 0 }, at('2026-07-09T19:59:59Z'))).toBeNull();
    expect(transferRefusal(window, { doorsAt, transfersSoFar: 0 }, at('2026-07-09T20:00:00Z'))).toBe(
      'transfer_closed',
    );
    const once = { ...open, maxCount: 1 };
    expect(transferRefusal(once, { doorsAt, transfersSoFar: 0 }, at('2026-07-01T00:00:00Z'))).toBeNull();
    expect(transferRefusal(once, { doorsAt, transfersSoFar: 1 }, at('2026-07-01T00:00:00Z'))).toBe(
      'transfer_limit',
    );
    expect(
      transferRefusal({ ...open, maxCount: 0 }, { doorsAt, transfersSoFar: 0 }, at('2026-07-01T00:00:00Z')),
    ).toBe('transfer_limit');
  });
});
