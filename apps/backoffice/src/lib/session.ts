import { useQuery } from '@tanstack/react-query';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { api, ApiError, setCsrfToken } from './api';
import { queryClient } from './query-client';

export const ME_KEY = ['me'] as const;

/** The signed-in user (null when there is no session), remembering the CSRF token. */
export async function fetchMe(): Promise<StaffMe | null> {
  try {
    const me = await api<StaffMe>('/auth/me', { anonymous: true });
    setCsrfToken(me.csrf_token);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw err;
  }
}

export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: 60_000 });
}

let ended: 'expired' | 'signed_out' | null = null;

/**
 * The session is over: `expired` when a call answered 401 (it expired or was ended on another
 * device: the sign-in page says so), `signed_out` when the user signed out here.
 */
export function endSession(reason: 'expired' | 'signed_out' = 'expired'): void {
  ended = reason;
  clearSession();
}

/** How the last session ended, if it did (null: there was none). */
export const sessionEnding = () => ended;

/** A sign-in step answered the user: keep it (and its CSRF token) as the session. */
export function setMe(me: StaffMe | null): void {
  if (me) ended = null;
  setCsrfToken(me?.csrf_token ?? null);
  queryClient.setQueryData(ME_KEY, me);
}

/** Forgets everything the session loaded (sign-out, expired session). */
export function clearSession(): void {
  setCsrfToken(null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  queryClient.setQueryData(ME_KEY, null);
}
