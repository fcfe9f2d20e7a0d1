import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a component without props that can be loaded ahead: once `preload()` has
 * resolved, it renders at once instead of suspending. (Each suspension can hold the page for
 * up to React's 300 ms reveal throttle, even when the code is already there.)
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(preload);
  function Preloadable() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component: Preloadable, preload };
}
