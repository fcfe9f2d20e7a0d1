import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Radix dialogs give the focus back to their Dialog.Trigger when they close; ours are
 * opened from code (stores, buttons elsewhere on the page), so without this the focus fell
 * to <body> and a keyboard user started again from the top of the page. Remembers what had
 * the focus when `open` became true and puts it back there on close (if it is still on
 * the page and the page has not put the focus elsewhere meanwhile). Pass the result as
 * the Content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // A layout effect runs before the dialog's focus scope moves the focus inside it. Only
  // the closed → open change counts: a suspended tree shown again re-runs layout effects.
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    wasOpen.current = open;
  }, [open]);
  return useCallback((event: Event) => {
    const el = opener.current;
    const active = document.activeElement;
    // the page already put the focus somewhere (e.g. on the field an error alert named)
    const placed = active && active !== document.body && active.isConnected;
    if (placed || el?.isConnected) event.preventDefault();
    if (!placed && el?.isConnected) el.focus();
  }, []);
}
