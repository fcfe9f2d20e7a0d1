import { describe, expect, it } from 'vitest';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import type { OrderDetailView } from '@bilheteira/shared/schemas/orders';
import { checkoutReducer, initialCheckoutState, stepIndex, type CheckoutEvent } from './checkout-machine';

const phone = { countryIso2: 'PT', dialCode: '351', national: '' };
const order = { id: 7, reference: 'B-7', total_cents: 1200 } as OrderDetailView;
const customer = {
  first_name: 'Ana',
  last_name: 'Silva',
  name_billing: '',
  document_billing: '123456789',
  postal_code: '1000-001',
  email: 'ana@example.pt',
  mobile: '+351912345678',
  mobile_country_code: '351',
} as unknown as CustomerView;

const run = (events: CheckoutEvent[], payExistingOrder = false) =>
  events.reduce(checkoutReducer, initialCheckoutState({ payExistingOrder, phone }));

describe('checkout machine', () => {
  it('starts at the summary, or at payment for an existing order', () => {
    expect(run([]).step).toBe('summary');
    expect(run([], true).step).toBe('payment');
  });

  it('walks summary → billing → payment → waiting → success', () => {
    const s = run([
      { type: 'summaryConfirmed' },
      { type: 'billingSubmitted', errors: {} },
      { type: 'methodChosen', method: 'mbway' },
      { type: 'paymentSubmitted', errors: {} },
      { type: 'orderCreated', order },
      { type: 'mbwayRequested', paymentRef: 'P1', expiresAt: '2026-01-01T00:04:00Z' },
    ]);
    expect(s).toMatchObject({ step: 'waiting', busy: true, paymentRef: 'P1', order });
    const done = [{ type: 'paymentSettled' } as const, { type: 'paid', order } as const].reduce(
      checkoutReducer,
      s,
    );
    expect(done).toMatchObject({ step: 'success', busy: false });
  });

  it('stays on a step with field errors and keeps them shown', () => {
    const billing = run([{ type: 'summaryConfirmed' }, { type: 'billingSubmitted', errors: { name: 'x' } }]);
    expect(billing).toMatchObject({ step: 'billing', errors: { name: 'x' } });
    const payment = run([{ type: 'paymentSubmitted', errors: { method: 'y' } }], true);
    expect(payment).toMatchObject({ step: 'payment', busy: false, errors: { method: 'y' } });
  });

  it('goes back to payment after a decline or the end of the countdown', () => {
    const s = run(
      [{ type: 'mbwayRequested', paymentRef: 'P1', expiresAt: null }, { type: 'paymentFailed' }],
      true,
    );
    expect(s.step).toBe('payment');
  });

  it('a rejected order goes back to the summary only when asked (4xx)', () => {
    const at = [{ type: 'summaryConfirmed' }, { type: 'billingSubmitted', errors: {} }] as CheckoutEvent[];
    expect(run([...at, { type: 'orderRejected', backToSummary: true }]).step).toBe('summary');
    expect(run([...at, { type: 'orderRejected', backToSummary: false }]).step).toBe('payment');
  });

  it('Stripe fields come and go with their client secret', () => {
    const s = run([{ type: 'stripeRequired', clientSecret: 'cs' }], true);
    expect(s).toMatchObject({ step: 'stripe', clientSecret: 'cs' });
    expect(checkoutReducer(s, { type: 'stripeCancelled' })).toMatchObject({
      step: 'payment',
      clientSecret: null,
    });
  });

  it('prefills billing and the MB WAY phone from the customer once', () => {
    const s = run([{ type: 'customerLoaded', customer }]);
    expect(s.billing).toEqual({
      name: 'Ana Silva',
      country: 'PT',
      document: '123456789',
      postal_code: '1000-001',
      receipt_email: 'ana@example.pt',
    });
    expect(s.phone).toMatchObject({ dialCode: '351', national: '912345678' });
    const edited = checkoutReducer(s, { type: 'billingChanged', billing: { name: 'Outra' } });
    expect(checkoutReducer(edited, { type: 'customerLoaded', customer }).billing.name).toBe('Outra');
  });

  it('a phone remembered on this device wins over the account mobile', () => {
    const remembered = { countryIso2: 'ES', dialCode: '34', national: '612345678' };
    const s = [{ type: 'customerLoaded', customer } as const].reduce(
      checkoutReducer,
      initialCheckoutState({ payExistingOrder: false, phone: remembered }),
    );
    expect(s.phone).toEqual(remembered);
  });

  it('numbers the three steps; waiting and success have none', () => {
    expect(
      ['summary', 'billing', 'payment', 'stripe', 'waiting', 'success'].map((s) => stepIndex(s as never)),
    ).toEqual([0, 1, 2, 2, -1, -1]);
  });
});
