import { describe, expect, it } from 'vitest';
import { isInSalesWindow, salesWindowPhase } from './sales-window';

const at = (iso: string) => new Date(iso);

describe('salesWindowPhase', () => {
  it('is open without bounds, before the start, after the end (the end itself closes it)', () => {
    const w = { salesStartAt: at('2026-05-01T10:00:00Z'), salesEndAt: at('2026-05-02T10:00:00Z') };
    expect(salesWindowPhase({ salesStartAt: null, salesEndAt: null }, at('2026-05-01T00:00:00Z'))).toBe(
      'open',
    );
    expect(salesWindowPhase(w, at('2026-05-01T09:59:59Z'))).toBe('before');
    expect(salesWindowPhase(w, at('2026-05-01T10:00:00Z'))).toBe('open');
    expect(salesWindowPhase(w, at('2026-05-02T09:59:59Z'))).toBe('open');
    expect(salesWindowPhase(w, at('2026-05-02T10:00:00Z'))).toBe('after');
    expect(isInSalesWindow(w, at('2026-05-01T12:00:00Z'))).toBe(true);
  });

  it('a window that closes before it opens is closed, not waiting', () => {
    const w = { salesStartAt: at('2026-05-03T00:00:00Z'), salesEndAt: at('2026-05-02T00:00:00Z') };
    expect(salesWindowPhase(w, at('2026-05-02T12:00:00Z'))).toBe('after');
  });
});
