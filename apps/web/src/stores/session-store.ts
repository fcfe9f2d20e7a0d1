import { create } from 'zustand';
import type { CustomerView } from '@bilheteira/shared/schemas/customers';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';

interface SessionState {
  token: string | null;
  customer: CustomerView | null;
  /** Event-Id header for the current event area or mini-site (0 if none) */
  eventId: number | null;
  setToken(token: string | null): void;
  setCustomer(customer: CustomerView | null): void;
  setEventId(id: number | null): void;
  /** Clears customer and token (spec §4 logoff). */
  clear(): void;
}

/** The signed-in customer and their token; the token persists in local storage (spec §3). */
export const useSession = create<SessionState>((set) => ({
  token: readStorage<string | null>(STORAGE_KEYS.customerToken, null),
  customer: null,
  eventId: null,
  setToken(token) {
    writeStorage(STORAGE_KEYS.customerToken, token);
    set({ token });
  },
  setCustomer(customer) {
    set({ customer });
  },
  setEventId(eventId) {
    set({ eventId });
  },
  clear() {
    writeStorage(STORAGE_KEYS.customerToken, null);
    set({ token: null, customer: null });
  },
}));

/**
 * True in a support (impersonated) session: what only the customer may do (email, mobile,
 * IBAN, password, refunds, transfers, export, erasure) is disabled; the API refuses it too.
 */
export const useSupportSession = (): boolean => useSession((s) => !!s.customer?.impersonated);
