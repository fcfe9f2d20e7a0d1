import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { useSession } from './session-store';

export interface CurrentEvent {
  id: number;
  slug: string;
  name: string;
  /** false: the event has no cashless wallet (its area hides Wallet and Transactions) */
  walletEnabled?: boolean;
}

interface EventContextState {
  /** the event whose area (tickets, wallet, transactions, info) the customer is in */
  current: CurrentEvent | null;
  enter(event: CurrentEvent): void;
  leave(): void;
}

const stored = readStorage<CurrentEvent | null>(STORAGE_KEYS.eventSlug, null);
if (stored) useSession.getState().setEventId(stored.id);

/**
 * The current event of the dashboard's event area and of a mini-site; persisted (spec §3
 * "event slug") and sent as the Event-Id header.
 */
export const useEventContext = create<EventContextState>((set) => ({
  current: stored,
  enter(event) {
    writeStorage(STORAGE_KEYS.eventSlug, event);
    useSession.getState().setEventId(event.id);
    set({ current: event });
  },
  leave() {
    writeStorage(STORAGE_KEYS.eventSlug, null);
    useSession.getState().setEventId(null);
    set({ current: null });
  },
}));
