import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../stores/session-store';
import { addItem, cartKey, type AddItemInput } from '../api/cart';

/**
 * The event page's TicketSelector hands each chosen line here: the line is set on the
 * server (same ticket and session = one line) and the cart panel shows the answer.
 * Errors (sold out, maximum) are shown by the API client's alert; the answer says whether
 * the line was set, so the selector keeps the buyer's choice when it was not.
 */
export function useAddToCart() {
  const qc = useQueryClient();
  const token = useSession((s) => s.token);
  return useCallback(
    async (item: AddItemInput): Promise<boolean> => {
      let cart;
      try {
        cart = await addItem(item);
      } catch {
        return false; // the API client already showed the reason (sold out, maximum…)
      }
      qc.setQueryData(cartKey(item.event_id, token), cart);
      void qc.invalidateQueries({ queryKey: ['events', 'detail'] });
      return true;
    },
    [qc, token],
  );
}
