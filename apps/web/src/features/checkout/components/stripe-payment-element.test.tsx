import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { StripePaymentElement, stripeReturnUrl } from './stripe-payment-element';

// A stand-in for Stripe.js: records what the component asks of it.
const stripeMock = vi.hoisted(() => {
  const handlers: Record<string, () => void> = {};
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((name: string, cb: () => void) => {
      handlers[name] = cb;
      return element;
    }),
  };
  const elements = { create: vi.fn(() => element) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(async () => ({}) as { error?: { type: string; message?: string } }),
  };
  return { handlers, element, elements, stripe, loadStripe: vi.fn(async () => stripe) };
});
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripeMock.loadStripe }));

beforeAll(async () => {
  await initI18n('pt-pt');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function renderReady() {
  render(
    <StripePaymentElement
      publishableKey="pk_test_123"
      clientSecret="pi_123_secret_456"
      submitLabel="Pagar 25,00 €"
    />,
  );
  await waitFor(() => expect(stripeMock.element.mount).toHaveBeenCalled());
  act(() => stripeMock.handlers.ready!());
  return screen.getByRole('button', { name: 'Pagar 25,00 €' });
}

describe('StripePaymentElement', () => {
  it('loads Stripe with the publishable key and mounts the Payment Element with the client secret', async () => {
    const button = await renderReady();
    expect(stripeMock.loadStripe).toHaveBeenCalledWith('pk_test_123', { locale: 'pt' });
    expect(stripeMock.stripe.elements).toHaveBeenCalledWith({
      clientSecret: 'pi_123_secret_456',
      locale: 'pt',
    });
    expect(stripeMock.elements.create).toHaveBeenCalledWith('payment', { layout: 'tabs' });
    expect(stripeMock.element.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-payment-element'));
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirms with return_url = this origin + /payment/redirects', async () => {
    const button = await renderReady();
    fireEvent.click(button);
    await waitFor(() => expect(stripeMock.stripe.confirmPayment).toHaveBeenCalledTimes(1));
    expect(stripeMock.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: stripeMock.elements,
      confirmParams: { return_url: `${window.location.origin}/payment/redirects` },
    });
    expect(stripeReturnUrl('https://bilheteira.pt/')).toBe('https://bilheteira.pt/payment/redirects');
  });

  it('shows a card error from Stripe and lets the customer try again', async () => {
    stripeMock.stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'O cartão foi recusado.' },
    });
    const button = await renderReady();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('O cartão foi recusado.');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the pay button disabled until the element is ready, and says when Stripe cannot load', async () => {
    stripeMock.loadStripe.mockResolvedValueOnce(null as never);
    render(
      <StripePaymentElement publishableKey="pk_test_123" clientSecret="pi_1_secret_2" submitLabel="Pagar" />,
    );
    expect((screen.getByRole('button', { name: 'Pagar' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Não foi possível carregar o pagamento seguro',
    );
    expect(stripeMock.element.mount).not.toHaveBeenCalled();
  });
});
