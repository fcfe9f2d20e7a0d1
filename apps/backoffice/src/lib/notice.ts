import { useSyncExternalStore } from 'react';

/** The last confirmation to announce (a polite live region in the layout shows it). */
let current: { id: number; text: string; tone: 'ok' | 'error' } | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

export function notify(text: string, tone: 'ok' | 'error' = 'ok'): void {
  current = { id: (current?.id ?? 0) + 1, text, tone };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    listeners.forEach((l) => l());
  }, 6000);
  listeners.forEach((l) => l());
}

export function useNotice() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
