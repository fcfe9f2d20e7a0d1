import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { newEventsQuery } from '../api/public-events';

const NewEventsDialog = lazy(() => import('./new-events-dialog'));

let previous: string | null | undefined;

/**
 * The previous visit, read once per page load, recording this one: a returning visitor is
 * told once about what was published in between; a first visit shows nothing.
 */
function previousVisit(): string | null {
  if (previous === undefined) {
    const stored = readStorage<string | null>(STORAGE_KEYS.lastVisit, null);
    writeStorage(STORAGE_KEYS.lastVisit, new Date().toISOString());
    previous = stored && !Number.isNaN(Date.parse(stored)) ? stored : null;
  }
  return previous;
}

/** New-events modal: public events published since the last visit (nothing if none). */
export function NewEventsModal() {
  const since = previousVisit();
  const query = useQuery({ ...newEventsQuery(since ?? ''), enabled: !!since });
  const list = query.data?.data ?? [];
  if (!list.length) return null;
  return (
    <Suspense fallback={null}>
      <NewEventsDialog list={list} />
    </Suspense>
  );
}
