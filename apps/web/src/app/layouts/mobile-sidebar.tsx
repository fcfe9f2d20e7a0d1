import type { ReactNode } from 'react';
import { preloadable } from '../../lib/preloadable';
import { useUi } from '../../stores/ui-store';

// The menu's dialog code loads when the menu first opens, keeping it out of every page; not
// React.lazy, whose suspension can hold the menu for React's 300 ms reveal throttle.
const Panel = preloadable(() => import('./mobile-sidebar-panel'), []);

/** Mobile side menu (spec §2); the panel is mounted only while open. */
export function MobileSidebar({ extra }: { extra?: ReactNode }) {
  const open = useUi((s) => s.mobileMenuOpen);
  return open ? <Panel.Component extra={extra} /> : null;
}
