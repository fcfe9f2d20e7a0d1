import { preloadable } from '../lib/preloadable';
import { useAlertStore } from '../stores/alert-store';

// The dialog code (Radix AlertDialog) loads with the first alert, not with every page; not
// React.lazy, whose suspension can hold the alert for React's 300 ms reveal throttle.
const Content = preloadable(() => import('./alert-modal-content'), ['common']);

/** The one alert modal (spec §2); see alert-modal-content.tsx. */
export function AlertModal() {
  const open = useAlertStore((s) => s.current !== null);
  return open ? <Content.Component /> : null;
}
