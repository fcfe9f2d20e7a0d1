import { formatEur } from '@bilheteira/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../components/phone-input';
import type { CheckoutFlow } from '../hooks/use-checkout-flow';
import { CheckoutCardFields } from './checkout-card-fields';
import { CheckoutOrderPending } from './checkout-order-pending';

/**
 * Step 3: the payment method (MB WAY with its phone, card, Google Pay, Apple Pay) and Pay.
 * Once the order exists there is no way back to billing.
 */
export function CheckoutPaymentStep({ flow }: { flow: CheckoutFlow }) {
  const { t } = useTranslation('checkout');
  const formId = useId();
  const { state, dispatch, methods, usesStripeFields, totals } = flow;
  const { order, method, errors, busy } = state;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void flow.submitPayment();
      }}
    >
      {order && <CheckoutOrderPending order={order} />}
      <fieldset>
        <legend className="field-label">{t('payment.method')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {methods.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 p-3 text-sm font-medium has-checked:border-slate-900 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-amber-600"
            >
              <input
                type="radio"
                name={`${formId}-method`}
                value={m}
                checked={method === m}
                onChange={() => dispatch({ type: 'methodChosen', method: m })}
                className="sr-only"
              />
              {t(`payment.methods.${m}`)}
            </label>
          ))}
        </div>
        {errors.method && (
          <p className="field-error" role="alert">
            {errors.method}
          </p>
        )}
      </fieldset>
      {method === 'mbway' && (
        <div>
          <PhoneInput
            label={t('payment.mbway_phone')}
            value={state.phone}
            onChange={(phone) => dispatch({ type: 'phoneChanged', phone })}
            error={errors.mbway}
            required
          />
          <p className="mt-1 text-xs text-slate-700">{t('payment.mbway_hint')}</p>
        </div>
      )}
      {usesStripeFields && (
        <p className="text-sm text-slate-700" data-testid="stripe-note">
          {t('payment.stripe_next')}
        </p>
      )}
      {method === 'card' && !usesStripeFields && (
        <CheckoutCardFields
          card={state.card}
          errors={errors}
          onChange={(card) => dispatch({ type: 'cardChanged', card })}
        />
      )}
      {(method === 'google_pay' || method === 'apple_pay') && !usesStripeFields && (
        <p className="text-sm text-slate-700">
          {t('payment.wallet_note', { method: t(`payment.methods.${method}`) })}
        </p>
      )}
      <div className="flex gap-3 pt-2">
        {!order && (
          <button
            type="button"
            className="btn-secondary shrink-0 sm:flex-1"
            onClick={() => dispatch({ type: 'backToBilling' })}
          >
            {t('actions.back')}
          </button>
        )}
        {/* the amount never wraps: on a phone Back takes only its own width */}
        <button
          type="submit"
          className="btn-primary flex-1 whitespace-nowrap"
          disabled={busy}
          data-testid="checkout-pay"
        >
          {busy
            ? t('actions.paying')
            : t('actions.pay', { total: formatEur(order?.total_cents ?? totals.at(-1)![1]) })}
        </button>
      </div>
    </form>
  );
}
