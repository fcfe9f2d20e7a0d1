import { MBWAY_COUNTDOWN_MS } from '@bilheteira/shared/constants';
import { SANDBOX_CARDS } from '@bilheteira/shared/schemas/payments';
import {
  CARD_ATTEMPT_WINDOW_MS,
  cardBrand,
  maskPhone,
  type PaymentProvider,
  type ProviderResult,
} from './payment-provider';

/**
 * Offline provider for development, tests and demos. Test cards approve, decline or ask
 * for a 3-D Secure style step on /payment/redirects; MB WAY stays pending until approved
 * or declined (dev endpoint, or automatically after SANDBOX_MBWAY_AUTO_APPROVE_MS);
 * Google Pay and Apple Pay are approved at once. Card numbers are only looked at here.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async create(input, now): Promise<ProviderResult> {
      const providerRef = input.reference;
      switch (input.method) {
        case 'mbway':
          return {
            status: 'pending',
            providerRef,
            display: `MB WAY ${maskPhone(input.mbwayPhone ?? '')}`,
            expiresAt: new Date(now.getTime() + MBWAY_COUNTDOWN_MS),
          };
        case 'google_pay':
          return { status: 'approved', providerRef, display: 'Google Pay' };
        case 'apple_pay':
          return { status: 'approved', providerRef, display: 'Apple Pay' };
        case 'card': {
          const number = input.card?.number ?? '';
          const display = `${cardBrand(number)} •••• ${number.slice(-4)}`;
          if (number === SANDBOX_CARDS.approve || number === SANDBOX_CARDS.approveMastercard)
            return { status: 'approved', providerRef, display };
          if (number === SANDBOX_CARDS.threeDSecure)
            return {
              status: 'requires_action',
              providerRef,
              display,
              redirectUrl: `${input.returnUrl}?provider=sandbox&payment=${encodeURIComponent(providerRef)}`,
              expiresAt: new Date(now.getTime() + CARD_ATTEMPT_WINDOW_MS),
            };
          return {
            status: 'declined',
            providerRef,
            display,
            declineCode: number === SANDBOX_CARDS.insufficientFunds ? 'insufficient_funds' : 'card_declined',
          };
        }
      }
    },
    async retrieve() {
      // the sandbox's state lives in our payments table; nothing to ask
      return 'pending';
    },
    async refund(input) {
      return { refundRef: `re_${input.providerRef}` };
    },
    async cancel() {
      // the simulated app answers only attempts still open in our payments table, and the
      // caller has just closed this one: nothing else to end
    },
  };
}
