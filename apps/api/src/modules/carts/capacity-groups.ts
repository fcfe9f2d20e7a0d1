import type { CapacityGroupFacts } from './carts.repository';

/*
 * Capacity groups (pretix quotas) as a sale reads them: a ticket type in a group takes one of
 * the group's places per ticket, as well as one of its own. Carts, checkout and the event
 * page read a type's groups through here.
 */

/** The groups `typeId` belongs to now, by id (what a new order line claims). */
export const groupsOfType = (typeId: number, groups: readonly CapacityGroupFacts[]): number[] =>
  groups
    .filter((g) => g.ticketTypeIds.includes(typeId))
    .map((g) => g.id)
    .sort((a, b) => a - b);

/** Places left in the fullest group of `typeId` (Infinity when it is in none). */
export function groupPlacesLeft(typeId: number, groups: readonly CapacityGroupFacts[]): number {
  return Math.min(
    Infinity,
    ...groups
      .filter((g) => g.ticketTypeIds.includes(typeId))
      .map((g) => Math.max(0, g.capacity - g.reserved - g.sold)),
  );
}
