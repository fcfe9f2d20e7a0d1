import { lazy, Suspense, type ReactNode } from 'react';
import { useUi } from '../../stores/ui-store';

// The menu's dialog code loads when the menu first opens, keeping it out of every page.
const MobileSidebarPanel = lazy(() => import('./mobile-sidebar-panel'));

/** Mobile side menu (spec §2); the panel is mounted only while open. */
export function MobileSidebar({ extra }: { extra?: ReactNode }) {
  const open = useUi((s) => s.mobileMenuOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MobileSidebarPanel extra={extra} />
    </Suspense>
  );
}
