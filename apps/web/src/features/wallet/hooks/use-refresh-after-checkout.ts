import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCheckout } from '../../../stores/checkout-store';

/**
 * A top-up is paid in the checkout modal, which knows nothing of wallets. The wallet is
 * read again as soon as the checkout reads its order back as paid (query key
 * ['orders', 'detail', id]), so the balance behind the success step is already the new
 * one, and once more when a top-up checkout ends (paid, closed or abandoned).
 */
export function useRefreshWalletAfterCheckout() {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: ['wallet'] });
    const offStore = useCheckout.subscribe((state, previous) => {
      if (previous.request?.topupCents && !state.request) refresh();
    });
    const offCache = qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [scope, kind] = event.query.queryKey;
      const paid = (event.query.state.data as { status?: string } | undefined)?.status === 'paid';
      if (scope === 'orders' && kind === 'detail' && paid && useCheckout.getState().request?.topupCents)
        refresh();
    });
    return () => {
      offStore();
      offCache();
    };
  }, [qc]);
}
