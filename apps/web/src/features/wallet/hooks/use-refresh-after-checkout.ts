import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCheckout } from '../../../stores/checkout-store';

/** A top-up order the checkout has just read back as paid. */
export interface PaidTopUp {
  orderId: number;
  cents: number;
}

/**
 * A top-up is paid in the checkout modal, which knows nothing of wallets. The wallet is
 * read again as soon as the checkout reads its order back as paid (query key
 * ['orders', 'detail', id]), so the balance behind the success step is already the new
 * one, and once more when a top-up checkout ends (paid, closed or abandoned). Returns the
 * last paid top-up, so the page can say so with the new balance and clear its form.
 */
export function useRefreshWalletAfterCheckout(): PaidTopUp | null {
  const qc = useQueryClient();
  const [paid, setPaid] = useState<PaidTopUp | null>(null);
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: ['wallet'] });
    const offStore = useCheckout.subscribe((state, previous) => {
      if (previous.request?.topupCents && !state.request) refresh();
    });
    const offCache = qc.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [scope, kind, id] = event.query.queryKey;
      const paidOrder = (event.query.state.data as { status?: string } | undefined)?.status === 'paid';
      const cents = useCheckout.getState().request?.topupCents;
      if (scope !== 'orders' || kind !== 'detail' || !paidOrder || !cents || typeof id !== 'number') return;
      refresh();
      // once per order: the query may be read again while the success step is open
      setPaid((last) => (last?.orderId === id ? last : { orderId: id, cents }));
    });
    return () => {
      offStore();
      offCache();
    };
  }, [qc]);
  return paid;
}
