import { create } from 'zustand';
import { useUi } from './ui-store';

export type AlertType = 'success' | 'error' | 'warning' | 'info';

export interface AlertOptions {
  type: AlertType;
  title: string;
  /** plain text, or html that is sanitised before it is shown */
  text?: string;
  html?: string;
  confirmText?: string;
  cancelText?: string;
  /** closes by itself after this many ms (answers confirm) */
  timerMs?: number;
}

interface AlertState {
  current: (AlertOptions & { resolve(confirmed: boolean): void }) | null;
  queue: (AlertOptions & { resolve(confirmed: boolean): void })[];
  close(confirmed: boolean): void;
}

export const useAlertStore = create<AlertState>((set, get) => ({
  current: null,
  queue: [],
  close(confirmed) {
    const { current, queue } = get();
    set({ current: queue[0] ?? null, queue: queue.slice(1) });
    // Answer once the dialog is gone: what the caller does next (focus the field an error
    // named) would otherwise happen inside the dialog's focus trap and be undone by it.
    if (current) setTimeout(() => current.resolve(confirmed), 0);
  },
}));

/**
 * Shows the alert modal of spec §2 and resolves true on confirm (button or Enter), false
 * on deny (cancel, Esc, outside click). Alerts queue one after another. An open side menu
 * closes first: an alert (session expired, an error) is never left under it.
 */
export function showAlert(options: AlertOptions): Promise<boolean> {
  useUi.getState().setMobileMenu(false);
  return new Promise((resolve) => {
    const entry = { ...options, resolve };
    const { current, queue } = useAlertStore.getState();
    if (current) useAlertStore.setState({ queue: [...queue, entry] });
    else useAlertStore.setState({ current: entry });
  });
}
