import { useQuery } from '@tanstack/react-query';
import { formatEur } from '@bilheteira/shared/money';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useCheckout } from '../../../stores/checkout-store';
import { useSession } from '../../../stores/session-store';
import { cartQuery } from '../api/cart';

/**
 * On a phone the cart panel sits below every ticket type, out of sight after "add": this bar
 * stays at the bottom of the screen while the cart holds tickets, with the count, the total
 * and the way to checkout. Hidden from 1024 px, where the cart is beside the tickets.
 * Rendered at the end of the body, with a spacer, so it never covers the page's last lines.
 */
export function CartBar({
  eventId,
  eventSlug,
  returnTo,
}: {
  eventId: number;
  eventSlug: string;
  returnTo?: string;
}) {
  const { t } = useTranslation('cart');
  const token = useSession((s) => s.token);
  const cart = useQuery(cartQuery(eventId, token)).data;
  const start = useCheckout((s) => s.start);
  if (!cart || cart.total_items === 0) return null;
  return createPortal(
    <>
      <div aria-hidden className="h-24 lg:hidden" />
      <section
        aria-label={t('bar_title')}
        data-testid="cart-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-slate-900 shadow-[0_-4px_16px_rgba(15,23,42,0.12)] lg:hidden"
      >
        <div className="mx-auto flex max-w-2xl items-center justify-between gap-3">
          <p className="min-w-0 leading-tight">
            <span className="block font-semibold" data-testid="cart-bar-count">
              {t('bar_count', { count: cart.total_items })}
            </span>
            <span className="block text-sm tabular-nums text-slate-700" data-testid="cart-bar-total">
              {t('bar_total', { total: formatEur(cart.total_cents) })}
            </span>
          </p>
          <button
            type="button"
            className="btn-primary shrink-0"
            data-testid="cart-bar-checkout"
            onClick={() => start({ eventId, eventSlug, returnTo })}
          >
            {t('checkout')}
          </button>
        </div>
      </section>
    </>,
    document.body,
  );
}
