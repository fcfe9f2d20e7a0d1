import { beforeEach, describe, expect, it } from 'vitest';
import { recallPaymentReturn, rememberPaymentReturn, safeInternalPath } from './payment-return';

describe('payment return', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps only paths of this site', () => {
    expect(safeInternalPath('/site/festival-demo/wallet')).toBe('/site/festival-demo/wallet');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'site', null, 42])
      expect(safeInternalPath(bad)).toBeNull();
  });

  it('answers what was remembered for that order only', () => {
    rememberPaymentReturn({
      orderId: 7,
      eventId: 2,
      eventSlug: 'festival-demo',
      returnTo: '/site/festival-demo',
    });
    expect(recallPaymentReturn(7)).toEqual({
      orderId: 7,
      eventId: 2,
      eventSlug: 'festival-demo',
      returnTo: '/site/festival-demo',
    });
    expect(recallPaymentReturn(8)).toBeNull();
  });

  it('drops a returnTo to another site', () => {
    rememberPaymentReturn({ orderId: 7, eventId: 2, eventSlug: 'x', returnTo: '//evil.example' });
    expect(recallPaymentReturn(7)?.returnTo).toBeNull();
  });
});
