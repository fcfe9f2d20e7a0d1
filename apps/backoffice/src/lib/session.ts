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

/** A sign-in step answered the user: keep it (and its CSRF token) as the session. */
export function setMe(me: StaffMe | null): void {
  setCsrfToken(me?.csrf_token ?? null);
  queryClient.setQueryData(ME_KEY, me);
}

/** Forgets everything the session loaded (sign-out, expired session). */
export function clearSession(): void {
  setCsrfToken(null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  queryClient.setQueryData(ME_KEY, null);
}
