import { useEffect, useState, type ComponentType } from 'react';
import { i18next } from '../i18n/i18n';
import { loadWithTimeout } from './chunk-load';

/**
 * A component whose code and texts (i18next namespaces) load together, as the
 * router does for pages, and on first use render once both are there. Not React.lazy: a
 * suspension can hold the reveal for up to React's 300 ms throttle, and a lazy modal that then
 * suspends again on its texts waits twice. Once `preload()` has resolved (ahead of need, e.g.
 * while idle), it renders at once. A failed or timed-out load (spec §7, as for pages) is
 * thrown to the nearest error boundary.
 */
export function preloadable<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  namespaces: string[],
) {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    const [component] = await Promise.all([loadWithTimeout(load), i18next.loadNamespaces(namespaces)]);
    loaded = component;
    return component;
  };
  function Preloadable(props: P) {
    const [state, setState] = useState<{ Loaded: ComponentType<P> | null; error?: unknown }>(() => ({
      Loaded: loaded,
    }));
    useEffect(() => {
      if (state.Loaded) return;
      let live = true;
      preload().then(
        (Loaded) => live && setState({ Loaded }),
        (error: unknown) => live && setState({ Loaded: null, error }),
      );
      return () => {
        live = false;
      };
    }, [state.Loaded]);
    if (state.error) throw state.error;
    return state.Loaded ? <state.Loaded {...props} /> : null;
  }
  return { Component: Preloadable, preload };
}
