/**
 * The orders module's face to other modules (payments settles and fulfils orders): what they
 * read and change of an order and its stock is reached here, never in the repositories.
 */
export {
  findLines,
  findOrderById,
  findOrderForUpdate,
  findOwnedOrder,
  findPromoCodeTexts,
  markOrderPaid,
  setOrderExpiry,
  type OrderRow,
} from './orders.repository';
export { claimsOf, commitStock, reserveStock, retakeCodeUses } from './stock.repository';
