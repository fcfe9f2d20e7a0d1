import { describe, expect, it } from 'vitest';
import { perOrderProblems, quantitiesPerType } from './order-limits';

const types = [
  { id: 1, name: 'Geral', minPerOrder: 1, maxPerOrder: 10 },
  { id: 2, name: 'Grupo', minPerOrder: 4, maxPerOrder: 8 },
];

describe('per-order limits', () => {
  it('sum every line of a type: 20 lines of 10 are 200, above a maximum of 10', () => {
    const lines = Array.from({ length: 20 }, () => ({ ticketTypeId: 1, qty: 10 }));
    expect(quantitiesPerType(lines).get(1)).toBe(200);
    expect(perOrderProblems(lines, types).above).toEqual([
      { ticket_id: 1, name: 'Geral', max: 10, qty: 200 },
    ]);
  });

  it('meet a minimum with several lines together (one per session)', () => {
    const lines = [
      { ticketTypeId: 2, qty: 2 },
      { ticketTypeId: 2, qty: 2 },
    ];
    expect(perOrderProblems(lines, types)).toEqual({ above: [], below: [] });
    expect(perOrderProblems([{ ticketTypeId: 2, qty: 3 }], types).below).toEqual([
      { ticket_id: 2, name: 'Grupo', min: 4, qty: 3 },
    ]);
  });

  it('ignore unknown types and empty lines', () => {
    expect(
      perOrderProblems(
        [
          { ticketTypeId: 9, qty: 500 },
          { ticketTypeId: 2, qty: 0 },
        ],
        types,
      ),
    ).toEqual({
      above: [],
      below: [],
    });
  });
});
