import { lazy, Suspense } from 'react';
import { useAlertStore } from '../stores/alert-store';

// The dialog code (Radix AlertDialog) loads with the first alert, not with every page.
const AlertModalContent = lazy(() => import('./alert-modal-content'));

/** The one alert modal (spec §2); see alert-modal-content.tsx. */
export function AlertModal() {
  const open = useAlertStore((s) => s.current !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <AlertModalContent />
    </Suspense>
  );
}
