import { CHUNK_LOAD_TIMEOUT_MS } from '@bilheteira/shared/constants';
import type { ComponentType } from 'react';
import type { RouteDef } from './route-table';

/** Loads a route chunk, failing after the spec's 120 s (spec §7) instead of hanging. */
export function loadWithTimeout(load: RouteDef['load']): Promise<{ Component: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load(), timeout])
    .then((m) => ({ Component: m.default }))
    .finally(() => clearTimeout(timer));
}
