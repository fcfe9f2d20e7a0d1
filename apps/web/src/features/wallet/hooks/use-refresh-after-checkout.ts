import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCheckout } from '../../../stores/checkout-store';

/**
 * A top-up is paid in the checkout modal, which knows nothing of wallets: when a checkout
 * this page started ends (paid, closed or abandoned), the wallet is read again so the new
 * balance shows at once.
 */
export function useRefreshWalletAfterCheckout() {
  const qc = useQueryClient();
  useEffect(
    () =>
      useCheckout.subscribe((state, previous) => {
        if (previous.request?.topupCents && !state.request)
          void qc.invalidateQueries({ queryKey: ['wallet'] });
      }),
    [qc],
  );
}
