// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeEntry } from './order-story';

/** A stand-in for i18next's t: the key with its options; an action it does not know gives its default. */
const KNOWN_ACTIONS = ['action.order_tickets_resent'];
const t = (key: string, { defaultValue, ...o }: Record<string, unknown> = {}) =>
  key.startsWith('action.') && !KNOWN_ACTIONS.includes(key)
    ? String(defaultValue)
    : `${key}${Object.keys(o).length ? JSON.stringify(o) : ''}`;

const entry = (over: object) => ({
  at: '2026-11-27T10:00:00.000Z',
  kind: 'audit' as const,
  action: null,
  actor: null,
  ticket_id: null,
  detail: null,
  amount_cents: null,
  ...over,
});

describe('order timeline in words', () => {
  it('names who did an audited thing, and shows an unknown action as it was logged', () => {
    expect(
      describeEntry(t, entry({ action: 'order.tickets_resent', actor: { kind: 'staff', name: 'Inês' } })),
    ).toBe('action.order_tickets_resent — actor.staff{"name":"Inês"}');
    expect(describeEntry(t, entry({ action: 'payment.something_new' }))).toBe('payment.something_new');
  });

  it('words amounts in euros and a check-in without a gate', () => {
    expect(describeEntry(t, entry({ kind: 'order_paid', amount_cents: 5000 }))).toBe(
      'event_kind.order_paid{"amount":"50,00\u00a0€"}',
    );
    expect(describeEntry(t, entry({ kind: 'checkin', ticket_id: 7 }))).toBe(
      'event_kind.checkin{"id":7,"gate":"no_gate"}',
    );
  });
});
