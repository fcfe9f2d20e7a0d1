import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { formatEur } from '@bilheteira/shared/money';
import { billingBody, type OrderDetailView } from '@bilheteira/shared/schemas/orders';
import type { PaymentMethod } from '@bilheteira/shared/schemas/payments';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { isValidCardExpiry, passesLuhn, isValidEmail } from '@bilheteira/shared/validation';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  initialPhoneValue,
  isPhoneValueValid,
  PhoneInput,
  customerPhoneValue,
  type PhoneValue,
} from '../../../components/phone-input';
import { DialogFrame } from '../../../components/dialog-frame';
import { Field } from '../../../components/field';
import { paths } from '../../../config/paths';
import { ApiError, api } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { showAlert } from '../../../stores/alert-store';
import { useCheckout, type CheckoutRequest } from '../../../stores/checkout-store';
import { useEventContext } from '../../../stores/event-context-store';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { cartKey, cartQuery } from '../api/cart';
import {
  createOrder,
  fetchPayment,
  newIdempotencyKey,
  orderQuery,
  payOrder,
  paymentsConfigQuery,
} from '../api/orders';
import { StripePaymentElement } from './stripe-payment-element';

type Step = 'summary' | 'billing' | 'payment' | 'stripe' | 'waiting' | 'success';

interface Billing {
  name: string;
  country: string;
  document: string;
  postal_code: string;
  receipt_email: string;
}

const METHODS: PaymentMethod[] = ['mbway', 'card', 'google_pay', 'apple_pay'];

/** Shared zod rules → translated field errors (the API checks the same schema). */
function billingErrors(b: Billing, t: (k: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = billingBody.safeParse(b);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] = t(`errors.${issue.message}`);
  if (b.receipt_email && !isValidEmail(b.receipt_email)) errors.receipt_email = t('errors.validation.email');
  return errors;
}

function SummaryLines({
  rows,
  totals,
}: {
  rows: { label: string; sub?: string | null; cents: number }[];
  totals: [string, number][];
}) {
  return (
    <div>
      <ul className="divide-y divide-slate-200" data-testid="checkout-summary-lines">
        {rows.map((r, i) => (
          <li key={i} className="flex justify-between gap-3 py-2 text-sm">
            <span>
              <span className="font-medium">{r.label}</span>
              {r.sub && <span className="block text-slate-700">{r.sub}</span>}
            </span>
            <span className="tabular-nums">{formatEur(r.cents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        {totals.map(([label, cents], i) => (
          <div
            key={label}
            className={`flex justify-between ${i === totals.length - 1 ? 'text-base font-bold' : ''}`}
          >
            <dt>{label}</dt>
            <dd className="tabular-nums" data-testid={i === totals.length - 1 ? 'checkout-total' : undefined}>
              {formatEur(cents)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function useCountdown(until: string | null | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const end = until ? new Date(until).getTime() : now + MBWAY_COUNTDOWN_MS;
  const left = Math.max(0, end - now);
  const mm = Math.floor(left / 60_000);
  const ss = Math.floor((left % 60_000) / 1000);
  return { left, label: `${mm}:${String(ss).padStart(2, '0')}` };
}

/**
 * The checkout of spec §2/§4: summary (lines, service cost, total) → billing data →
 * payment method (MB WAY, card, Google Pay, Apple Pay) → waiting (MB WAY countdown) →
 * success. Without a session the login modal opens first; after login the summary shows.
 * The order is created once per attempt (Idempotency-Key) and stays payable after a decline.
 */
function CheckoutFlow({ request, token }: { request: CheckoutRequest; token: string }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const reset = useCheckout((s) => s.reset);
  const enterEvent = useEventContext((s) => s.enter);
  const formId = useId();
  const isTopup = !!request.topupCents;
  const cart = useQuery({ ...cartQuery(request.eventId, token), enabled: !isTopup && !request.orderId });
  const existing = useQuery({ ...orderQuery(request.orderId ?? 0), enabled: !!request.orderId });
  const customer = useQuery({
    queryKey: ['checkout', 'customer', token],
    queryFn: async () => (await api<{ data: CustomerView }>('/customers/customer')).data,
    initialData: useSession.getState().customer ?? undefined,
  }).data;

  const [step, setStep] = useState<Step>(request.orderId ? 'payment' : 'summary');
  const [billing, setBilling] = useState<Billing>({
    name: '',
    country: 'PT',
    document: '',
    postal_code: '',
    receipt_email: '',
  });
  const [prefilled, setPrefilled] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [phone, setPhone] = useState<PhoneValue>(() => {
    const saved = readStorage<{ countryIso2?: string; national?: string } | null>(STORAGE_KEYS.mbway, null);
    return initialPhoneValue(saved?.national ?? '', saved?.countryIso2 ?? 'PT');
  });
  const [card, setCard] = useState({ number: '', expiry: '', name: '' });
  // With Stripe, card / Apple Pay / Google Pay go to Stripe's own fields (PCI DSS SAQ A).
  const providerConfig = useQuery(paymentsConfigQuery()).data;
  const stripeKey = providerConfig?.provider === 'stripe' ? providerConfig.publishable_key : null;
  const usesStripeFields = (m: PaymentMethod | null) => !!m && m !== 'mbway' && !!stripeKey;
  const methods =
    providerConfig?.provider === 'stripe' && !stripeKey ? METHODS.filter((m) => m === 'mbway') : METHODS;
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderDetailView | null>(null);
  const [paymentRef, setPaymentRef] = useState<string | null>(null);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const orderKey = useRef(newIdempotencyKey());
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (existing.data) setOrder(existing.data);
  }, [existing.data]);
  useEffect(() => {
    if (customer && !prefilled) {
      setPrefilled(true);
      setBilling((b) => ({
        ...b,
        name: customer.name_billing || `${customer.first_name} ${customer.last_name}`.trim(),
        document: customer.document_billing ?? '',
        postal_code: customer.postal_code ?? '',
        receipt_email: customer.email ?? '',
      }));
      // MB WAY is most often paid from one's own phone: the customer's mobile unless a number
      // used before is remembered on this device
      if (customer.mobile) setPhone((p) => (p.national ? p : customerPhoneValue(customer)));
    }
  }, [customer, prefilled]);
  useEffect(() => headingRef.current?.focus(), [step]);

  // Live status while MB WAY waits for the customer's approval in the app.
  const status = useQuery({
    queryKey: ['checkout', 'payment', paymentRef],
    queryFn: ({ signal }) => fetchPayment(paymentRef!, signal),
    enabled: step === 'waiting' && !!paymentRef,
    refetchInterval: 2000,
  });
  const countdown = useCountdown(expiresAt);
  useEffect(() => {
    const s = status.data;
    if (step !== 'waiting' || !s) return;
    if (s.order_status === 'paid') {
      void finishPaid(s.order_id);
    } else if (s.payment.status === 'declined' || s.payment.status === 'expired') {
      setStep('payment');
      void showAlert({ type: 'error', title: t('errors.payment_title'), text: t('errors.payment_failed') });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status.data, step]);
  useEffect(() => {
    if (step === 'waiting' && countdown.left === 0 && expiresAt) {
      setStep('payment');
      void showAlert({ type: 'warning', title: t('waiting.expired_title'), text: t('waiting.expired_text') });
    }
  }, [step, countdown.left, expiresAt, t]);

  async function finishPaid(orderId: number) {
    const fresh = await qc.fetchQuery(orderQuery(orderId));
    setOrder(fresh);
    setStep('success');
    void qc.invalidateQueries({ queryKey: ['orders'] });
    void qc.invalidateQueries({ queryKey: ['events', 'detail'] });
    void qc.invalidateQueries({ queryKey: ['cart'] });
  }

  const close = () => reset();
  const cartData = cart.data;
  const rows = order
    ? order.lines.map((l) => ({
        label: l.qty > 1 ? `${l.qty} × ${l.description}` : l.description,
        sub: null,
        cents: l.total_cents,
      }))
    : isTopup
      ? [{ label: t('summary.topup'), sub: null, cents: request.topupCents! }]
      : (cartData?.items ?? []).map((i) => ({
          label: `${i.qty} × ${i.ticket_name}`,
          sub: i.session_date ? t('cart.session', { date: i.session_date, hour: i.session_hour }) : null,
          cents: i.line_cents,
        }));
  const totals: [string, number][] = order
    ? [
        [t('summary.subtotal'), order.subtotal_cents],
        [t('summary.service'), order.service_cents],
        [t('summary.total'), order.total_cents],
      ]
    : isTopup
      ? [[t('summary.total'), request.topupCents!]]
      : [
          [t('summary.subtotal'), cartData?.subtotal_cents ?? 0],
          [t('summary.service'), cartData?.service_cents ?? 0],
          [t('summary.total'), cartData?.total_cents ?? 0],
        ];
  const belowMin = (cartData?.items ?? []).filter((i) => i.qty < i.min_per_order);

  const toBilling = () => {
    if (!isTopup && !rows.length) {
      void showAlert({ type: 'warning', title: t('errors.title'), text: t('errors.cart_empty') });
      return;
    }
    if (belowMin.length) {
      void showAlert({
        type: 'warning',
        title: t('errors.title'),
        text: t('errors.below_min', {
          items: belowMin.map((i) => `${i.ticket_name} (${i.min_per_order})`).join(', '),
        }),
      });
      return;
    }
    setStep('billing');
  };

  const toPayment = () => {
    const e = billingErrors(billing, t);
    setErrors(e);
    if (Object.keys(e).length === 0) setStep('payment');
  };

  const paymentErrors = (): Record<string, string> => {
    const e: Record<string, string> = {};
    if (!method) e.method = t('errors.method_required');
    if (method === 'mbway' && !isPhoneValueValid(phone)) e.mbway = t('errors.validation.phone');
    if (method === 'card' && !usesStripeFields(method)) {
      if (!passesLuhn(card.number)) e.card_number = t('errors.validation.card_number');
      if (!isValidCardExpiry(card.expiry, new Date())) e.card_expiry = t('errors.validation.card_expiry');
      if (!card.name.trim()) e.card_name = t('errors.validation.required');
    }
    return e;
  };

  async function pay() {
    const e = paymentErrors();
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      let current = order;
      if (!current) {
        try {
          const res = await createOrder(
            {
              event_id: request.eventId,
              // the event's link: a private event is ordered only with it
              event_slug: request.eventSlug,
              include_cart: !isTopup,
              ...(isTopup ? { topup_cents: request.topupCents } : {}),
              billing: {
                name: billing.name,
                country: billing.country,
                document: billing.document,
                postal_code: billing.postal_code,
              },
              ...(billing.receipt_email ? { receipt_email: billing.receipt_email } : {}),
            },
            orderKey.current,
          );
          current = res.data;
          setOrder(current);
          void qc.invalidateQueries({ queryKey: cartKey(request.eventId, token) });
        } catch (err) {
          await showAlert({
            type: 'error',
            title: t('errors.title'),
            text: err instanceof ApiError ? err.message : t('errors.unknown'),
          });
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) setStep('summary');
          return;
        }
      }
      if (method === 'mbway')
        writeStorage(STORAGE_KEYS.mbway, { countryIso2: phone.countryIso2, national: phone.national });
      const body =
        method === 'mbway'
          ? { method, mbway: { country_code: phone.dialCode, mobile: phone.national } }
          : method === 'card' && !usesStripeFields(method)
            ? {
                method,
                card: { number: card.number.replace(/\s/g, ''), expiry: card.expiry, name: card.name },
              }
            : { method: method! };
      try {
        const res = await payOrder(current.id, body, newIdempotencyKey());
        const { payment, order: o } = res.data;
        setOrder(o);
        if (o.status === 'paid') return void (await finishPaid(o.id));
        if (payment.status === 'requires_action' && payment.redirect_url) {
          window.location.assign(payment.redirect_url);
          return;
        }
        if (usesStripeFields(method) && payment.client_secret) {
          setClientSecret(payment.client_secret);
          setStep('stripe');
          return;
        }
        setPaymentRef(payment.reference);
        setExpiresAt(payment.expires_at);
        setStep('waiting');
      } catch (err) {
        await showAlert({
          type: 'error',
          title: t('errors.payment_title'),
          text: err instanceof ApiError ? err.message : t('errors.payment_failed'),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const goTickets = () => {
    if (order) enterEvent({ id: order.event.id, slug: order.event.slug, name: order.event.name });
    reset();
    navigate(request.returnTo ?? paths.dashboardTickets);
  };
  const goOrders = () => {
    reset();
    navigate(paths.dashboardOrders);
  };

  const titles: Record<Step, string> = {
    summary: t('steps.summary'),
    billing: t('steps.billing'),
    payment: t('steps.payment'),
    stripe: t('steps.payment'),
    waiting: t('steps.waiting'),
    success: t('steps.success'),
  };
  const stepIndex = ['summary', 'billing', 'payment'].indexOf(step === 'stripe' ? 'payment' : step);
  const input = (id: string, field: keyof Billing, extra: Record<string, unknown> = {}) => (
    <input
      id={`${formId}-${id}`}
      className="field-input"
      value={billing[field]}
      aria-invalid={!!errors[field]}
      aria-describedby={errors[field] ? `${formId}-${id}-error` : undefined}
      onChange={(e) => setBilling({ ...billing, [field]: e.target.value })}
      {...extra}
    />
  );

  return (
    <DialogFrame
      open
      onClose={close}
      locked={step === 'waiting'}
      testId="checkout-modal"
      size="lg"
      eyebrow={stepIndex >= 0 && t('steps.progress', { current: stepIndex + 1, total: 3 })}
      title={titles[step]}
      titleRef={headingRef}
      description={false}
    >
      {step === 'summary' && (
        <div>
          {cart.isLoading ? (
            <p>{t('loading')}</p>
          ) : rows.length ? (
            <SummaryLines rows={rows} totals={totals} />
          ) : (
            <p>{t('errors.cart_empty')}</p>
          )}
          <p className="mt-3 text-xs text-slate-700">{t('summary.service_note')}</p>
          <button
            type="button"
            className="btn-primary mt-4 w-full"
            onClick={toBilling}
            data-testid="checkout-continue"
          >
            {t('actions.continue')}
          </button>
        </div>
      )}

      {step === 'billing' && (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            toPayment();
          }}
        >
          <Field id={`${formId}-name`} label={t('billing.name')} error={errors.name}>
            {input('name', 'name', { autoComplete: 'name', maxLength: 120 })}
          </Field>
          <Field id={`${formId}-country`} label={t('billing.country')} error={errors.country}>
            <select
              id={`${formId}-country`}
              className="field-input"
              value={billing.country}
              onChange={(e) => setBilling({ ...billing, country: e.target.value })}
            >
              {['PT', 'ES', 'FR', 'DE', 'GB', 'BR', 'AO', 'MZ', 'US'].map((c) => (
                <option key={c} value={c}>
                  {t(`countries.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${formId}-document`}
            label={billing.country === 'PT' ? t('billing.nif') : t('billing.tax_id')}
            error={errors.document}
            hint={t('billing.nif_hint')}
          >
            {input('document', 'document', {
              inputMode: billing.country === 'PT' ? 'numeric' : 'text',
              maxLength: 30,
            })}
          </Field>
          <Field id={`${formId}-postal`} label={t('billing.postal_code')} error={errors.postal_code}>
            {input('postal', 'postal_code', {
              autoComplete: 'postal-code',
              maxLength: 16,
              placeholder: billing.country === 'PT' ? '1234-567' : undefined,
            })}
          </Field>
          <Field
            id={`${formId}-email`}
            label={t('billing.receipt_email')}
            error={errors.receipt_email}
            hint={t('billing.receipt_hint')}
          >
            {input('email', 'receipt_email', { type: 'email', autoComplete: 'email', maxLength: 200 })}
          </Field>
          <div className="flex gap-3 pt-2">
            <button type="button" className="btn-secondary flex-1" onClick={() => setStep('summary')}>
              {t('actions.back')}
            </button>
            <button type="submit" className="btn-primary flex-1" data-testid="checkout-billing-continue">
              {t('actions.continue')}
            </button>
          </div>
        </form>
      )}

      {step === 'payment' && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void pay();
          }}
        >
          {order && (
            <p className="rounded-lg bg-slate-100 p-3 text-sm">
              {t('payment.order_pending', {
                reference: order.reference,
                total: formatEur(order.total_cents),
              })}
            </p>
          )}
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
                    onChange={() => setMethod(m)}
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
                value={phone}
                onChange={setPhone}
                error={errors.mbway}
                required
              />
              <p className="mt-1 text-xs text-slate-700">{t('payment.mbway_hint')}</p>
            </div>
          )}
          {usesStripeFields(method) && (
            <p className="text-sm text-slate-700" data-testid="stripe-note">
              {t('payment.stripe_next')}
            </p>
          )}
          {method === 'card' && !usesStripeFields(method) && (
            <div className="space-y-3">
              <Field id={`${formId}-cnum`} label={t('payment.card_number')} error={errors.card_number}>
                <input
                  id={`${formId}-cnum`}
                  className="field-input"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={23}
                  value={card.number}
                  aria-invalid={!!errors.card_number}
                  onChange={(e) => setCard({ ...card, number: e.target.value.replace(/[^\d ]/g, '') })}
                />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id={`${formId}-cexp`} label={t('payment.card_expiry')} error={errors.card_expiry}>
                  <input
                    id={`${formId}-cexp`}
                    className="field-input"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder={t('payment.card_expiry_placeholder')}
                    maxLength={7}
                    value={card.expiry}
                    aria-invalid={!!errors.card_expiry}
                    onChange={(e) => setCard({ ...card, expiry: e.target.value.replace(/[^\d/]/g, '') })}
                  />
                </Field>
                <Field id={`${formId}-cname`} label={t('payment.card_name')} error={errors.card_name}>
                  <input
                    id={`${formId}-cname`}
                    className="field-input"
                    autoComplete="cc-name"
                    maxLength={100}
                    value={card.name}
                    aria-invalid={!!errors.card_name}
                    onChange={(e) => setCard({ ...card, name: e.target.value })}
                  />
                </Field>
              </div>
              <p className="text-xs text-slate-700">{t('payment.card_note')}</p>
            </div>
          )}
          {(method === 'google_pay' || method === 'apple_pay') && !usesStripeFields(method) && (
            <p className="text-sm text-slate-700">
              {t('payment.wallet_note', { method: t(`payment.methods.${method}`) })}
            </p>
          )}
          <div className="flex gap-3 pt-2">
            {!order && (
              <button type="button" className="btn-secondary flex-1" onClick={() => setStep('billing')}>
                {t('actions.back')}
              </button>
            )}
            <button type="submit" className="btn-primary flex-1" disabled={busy} data-testid="checkout-pay">
              {busy
                ? t('actions.paying')
                : t('actions.pay', { total: formatEur(order?.total_cents ?? totals.at(-1)![1]) })}
            </button>
          </div>
        </form>
      )}

      {step === 'stripe' && stripeKey && clientSecret && order && (
        <div className="space-y-4">
          <p className="rounded-lg bg-slate-100 p-3 text-sm">
            {t('payment.order_pending', {
              reference: order.reference,
              total: formatEur(order.total_cents),
            })}
          </p>
          <StripePaymentElement
            publishableKey={stripeKey}
            clientSecret={clientSecret}
            submitLabel={t('actions.pay', { total: formatEur(order.total_cents) })}
            onBack={() => {
              setClientSecret(null);
              setStep('payment');
            }}
          />
        </div>
      )}

      {step === 'waiting' && (
        <div className="text-center" data-testid="checkout-waiting">
          <p>{t('waiting.text', { phone: `+${phone.dialCode} ${phone.national}` })}</p>
          <p
            className="mt-4 text-5xl font-bold tabular-nums"
            role="timer"
            aria-live="off"
            data-testid="mbway-countdown"
          >
            {countdown.label}
          </p>
          <p className="mt-2 text-sm text-slate-700" aria-live="polite">
            {t('waiting.status')}
          </p>
          {/* the timer itself stays silent; screen readers hear the time left once a minute */}
          <p className="sr-only" role="status" aria-live="polite" data-testid="mbway-countdown-announcement">
            {t('waiting.minutes_left', { count: Math.max(1, Math.ceil(countdown.left / 60_000)) })}
          </p>
          <div
            className="mx-auto mt-4 size-8 animate-spin rounded-full border-4 border-slate-300 border-t-slate-900"
            aria-hidden
          />
        </div>
      )}

      {step === 'success' && order && (
        <div data-testid="checkout-success">
          <p className="rounded-lg bg-green-50 p-3 font-medium text-green-900" role="status">
            {t('success.text', { reference: order.reference })}
          </p>
          <SummaryLines rows={rows} totals={[[t('summary.total'), order.total_cents]]} />
          {order.ticket_ids.length > 0 && (
            <p className="mt-3 text-sm">{t('success.tickets', { count: order.ticket_ids.length })}</p>
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            {order.ticket_ids.length > 0 && (
              <button
                type="button"
                className="btn-primary flex-1"
                onClick={goTickets}
                data-testid="checkout-see-tickets"
              >
                {t('success.see_tickets')}
              </button>
            )}
            <button type="button" className="btn-secondary flex-1" onClick={goOrders}>
              {t('success.see_orders')}
            </button>
          </div>
        </div>
      )}
    </DialogFrame>
  );
}

/** Rendered by GlobalModals while `useCheckout().request` is set. */
export default function CheckoutModal() {
  const request = useCheckout((s) => s.request);
  const reset = useCheckout((s) => s.reset);
  const token = useSession((s) => s.token);
  const loginOpen = useUi((s) => s.loginOpen);
  const openLogin = useUi((s) => s.openLogin);
  const askedLogin = useRef(false);

  // Not identified: the mobile login modal first (spec §4); cancelling it ends the checkout.
  useEffect(() => {
    if (!request || token) return;
    if (!askedLogin.current) {
      askedLogin.current = true;
      openLogin(request.returnTo ?? `${window.location.pathname}${window.location.search}`);
    } else if (!loginOpen) {
      askedLogin.current = false;
      reset();
    }
  }, [request, token, loginOpen, openLogin, reset]);

  if (!request || !token) return null;
  // a new request (e.g. a wallet top-up) starts a fresh checkout
  return <CheckoutFlow key={JSON.stringify(request)} request={request} token={token} />;
}
