/**
 * Per-order quantity limits of ticket types (min_per_order, max_per_order). The limits
 * apply to everything of one type in one order or cart, summed over its lines (one line
 * per session, or several lines of the same type), never to a line alone: otherwise 20
 * lines of 10 hold 200 tickets where the maximum is 10. The checkout and the cart both
 * check through this one rule.
 */
export interface LimitedType {
  id: number;
  name: string;
  minPerOrder: number;
  maxPerOrder: number;
}

export interface QuantityLine {
  ticketTypeId: number;
  qty: number;
}

export interface PerOrderProblems {
  /** types whose total quantity passes their maximum (first one first) */
  above: { ticket_id: number; name: string; max: number; qty: number }[];
  /** types whose total quantity is below their minimum */
  below: { ticket_id: number; name: string; min: number; qty: number }[];
}

/** Total quantity per ticket type over `lines`, in the order types first appear. */
export function quantitiesPerType(lines: readonly QuantityLine[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const l of lines) totals.set(l.ticketTypeId, (totals.get(l.ticketTypeId) ?? 0) + l.qty);
  return totals;
}

/**
 * What breaks the per-order limits when `lines` are bought together. Lines of a type
 * missing from `types` are ignored (the caller refuses unknown types first).
 */
export function perOrderProblems(
  lines: readonly QuantityLine[],
  types: readonly LimitedType[],
): PerOrderProblems {
  const problems: PerOrderProblems = { above: [], below: [] };
  for (const [id, qty] of quantitiesPerType(lines)) {
    const type = types.find((t) => t.id === id);
    if (!type || qty <= 0) continue;
    if (qty > type.maxPerOrder)
      problems.above.push({ ticket_id: id, name: type.name, max: type.maxPerOrder, qty });
    else if (qty < type.minPerOrder)
      problems.below.push({ ticket_id: id, name: type.name, min: type.minPerOrder, qty });
  }
  return problems;
}
