/** Bounds of a ticket quantity: 0, or between the per-order minimum and maximum within stock. */
export function quantityBounds(minPerOrder: number, maxPerOrder: number, available: number) {
  const min = Math.max(1, minPerOrder);
  const max = Math.min(maxPerOrder, available);
  return { min, max: max >= min ? max : 0 };
}

/**
 * One step of the stepper: up from 0 jumps to the minimum, down from the minimum goes to 0,
 * and the result never leaves [0] ∪ [min, max].
 */
export function nextQuantity(current: number, step: 1 | -1, b: { min: number; max: number }): number {
  if (b.max === 0) return 0;
  if (step > 0) return current < b.min ? b.min : Math.min(b.max, current + 1);
  if (current <= b.min) return 0;
  return Math.min(b.max, current - 1);
}
