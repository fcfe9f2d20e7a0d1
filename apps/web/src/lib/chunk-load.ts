import { CHUNK_LOAD_TIMEOUT_MS } from '@bilheteira/shared/constants';

/**
 * Loads a code chunk (a page, a modal), failing after the spec's 120 s (spec §7) instead of
 * hanging; answers its default export.
 */
export function loadWithTimeout<T>(load: () => Promise<{ default: T }>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load(), timeout])
    .then((m) => m.default)
    .finally(() => clearTimeout(timer));
}
