import { describe, expect, it } from 'vitest';
import type { CartView } from '@bilheteira/shared/schemas/carts';
import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import {
  billingErrors,
  linesBelowMinimum,
  payBody,
  paymentErrors,
  isTopupOnly,
  summaryRows,
  summaryTotals,
} from './checkout-rules';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);
const item = (over: Partial<CartView['items'][number]>) =>
  ({
    ticket_name: 'Geral',
    qty: 2,
    line_cents: 2000,
    session_date: null,
    session_hour: null,
    min_per_order: 1,
    ...over,
  }) as CartView['items'][number];
const cart = { items: [item({})], subtotal_cents: 2000, service_cents: 100, total_cents: 2100 } as CartView;
const order = {
  lines: [
    { qty: 1, description: 'Geral', total_cents: 1000 },
    { qty: 3, description: 'VIP', total_cents: 6000 },
  ],
  quantity: 4,
  topup_cents: 0,
  subtotal_cents: 7000,
  service_cents: 300,
  service_fee_bp: null,
  total_cents: 7300,
} as OrderDetailView;
const phone = { countryIso2: 'PT', dialCode: '351', national: '912345678' };
const card = { number: '4242 4242 4242 4242', expiry: '12/2030', name: 'Ana' };

describe('summary', () => {
  it('shows the order once it exists', () => {
    const source = { order, topupCents: undefined, cart };
    expect(summaryRows(source, t).map((r) => r.label)).toEqual(['Geral', '3 × VIP']);
    expect(summaryTotals(source, t)).toEqual([
      ['cart:subtotal', 7000],
      ['cart:service', 300],
      ['cart:total', 7300],
    ]);
  });

  it('names the service cost with its percentage when it is known', () => {
    const rated = { order: { ...order, service_fee_bp: 250 }, cart };
    expect(summaryTotals(rated, t, 'pt-pt')[1]).toEqual(['cart:service_rate {"percent":"2,5"}', 300]);
    expect(summaryTotals(rated, t, 'en')[1]).toEqual(['cart:service_rate {"percent":"2.5"}', 300]);
    const cartRated = { order: null, cart: { ...cart, service_fee_bp: 500 } };
    expect(summaryTotals(cartRated, t, 'pt-pt')[1]).toEqual(['cart:service_rate {"percent":"5"}', 100]);
  });

  it('a paid top-up alone has no service cost line, only its total', () => {
    const topup = {
      ...order,
      quantity: 0,
      topup_cents: 1550,
      lines: [{ qty: 1, description: 'Carregamento da carteira', total_cents: 1550 }],
      subtotal_cents: 1550,
      service_cents: 0,
      total_cents: 1550,
    } as OrderDetailView;
    const source = { order: topup, cart: undefined };
    expect(isTopupOnly(source)).toBe(true);
    expect(summaryRows(source, t).map((r) => r.label)).toEqual(['Carregamento da carteira']);
    expect(summaryTotals(source, t)).toEqual([['cart:total', 1550]]);
    expect(isTopupOnly({ order, cart })).toBe(false);
  });

  it('a top-up is one line and a total', () => {
    const source = { order: null, topupCents: 2500, cart: undefined };
    expect(summaryRows(source, t)).toEqual([{ label: 'summary.topup', sub: null, cents: 2500 }]);
    expect(summaryTotals(source, t)).toEqual([['cart:total', 2500]]);
  });

  it('else the cart, with the session under a line', () => {
    const withSession = { ...cart, items: [item({ session_date: '01/08/2026', session_hour: '21:00' })] };
    expect(summaryRows({ order: null, cart: withSession }, t)).toEqual([
      { label: '2 × Geral', sub: 'cart:session {"date":"01/08/2026","hour":"21:00"}', cents: 2000 },
    ]);
    expect(summaryTotals({ order: null, cart: undefined }, t).at(-1)).toEqual(['cart:total', 0]);
  });

  it('finds lines below their minimum per order', () => {
    const c = { ...cart, items: [item({ qty: 1, min_per_order: 2 }), item({ qty: 2, min_per_order: 2 })] };
    expect(linesBelowMinimum(c)).toHaveLength(1);
    expect(linesBelowMinimum(undefined)).toEqual([]);
  });
});

describe('billing', () => {
  const ok = { name: 'Ana', country: 'PT', document: '', postal_code: '', receipt_email: '' };
  it('accepts an empty consumer billing', () => expect(billingErrors(ok, t)).toEqual({}));
  it('checks the NIF, the postal code and the receipt email', () => {
    expect(billingErrors({ ...ok, document: '123', postal_code: '1000', receipt_email: 'x@' }, t)).toEqual({
      document: 'errors.validation.nif',
      postal_code: 'errors.validation.billing_postal_code',
      receipt_email: 'errors.validation.email',
    });
  });
});

describe('payment', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('needs a method and a valid MB WAY phone', () => {
    expect(paymentErrors({ method: null, phone, card, stripeFields: false, now }, t)).toEqual({
      method: 'errors.method_required',
    });
    const bad = { ...phone, national: '12' };
    expect(paymentErrors({ method: 'mbway', phone: bad, card, stripeFields: false, now }, t)).toEqual({
      mbway: 'errors.validation.phone',
    });
  });

  it('checks our card fields, not Stripe’s', () => {
    const bad = { number: '4242', expiry: '01/2020', name: ' ' };
    expect(paymentErrors({ method: 'card', phone, card: bad, stripeFields: false, now }, t)).toEqual({
      card_number: 'errors.validation.card_number',
      card_expiry: 'errors.validation.card_expiry',
      card_name: 'errors.validation.required',
    });
    expect(paymentErrors({ method: 'card', phone, card: bad, stripeFields: true, now }, t)).toEqual({});
    expect(paymentErrors({ method: 'card', phone, card, stripeFields: false, now }, t)).toEqual({});
  });

  it('builds the pay body of each method', () => {
    expect(payBody({ method: 'mbway', phone, card, stripeFields: false })).toEqual({
      method: 'mbway',
      mbway: { country_code: '351', mobile: '912345678' },
    });
    expect(payBody({ method: 'card', phone, card, stripeFields: false })).toEqual({
      method: 'card',
      card: { number: '4242424242424242', expiry: '12/2030', name: 'Ana' },
    });
    expect(payBody({ method: 'card', phone, card, stripeFields: true })).toEqual({ method: 'card' });
    expect(payBody({ method: 'apple_pay', phone, card, stripeFields: false })).toEqual({
      method: 'apple_pay',
    });
  });
});
