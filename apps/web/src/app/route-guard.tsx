import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { customerQueryOptions } from '../features/auth/api/customer';
import { safeReturnTo } from '../lib/return-to';
import { useSession } from '../stores/session-store';
import { useUi } from '../stores/ui-store';
import type { Guard } from './route-table';

/**
 * Spec §4 route guard. An `accessToken` query parameter is stored as the token and removed
 * from the URL. Customer routes without a token go home; with one, the customer is loaded
 * (a 401 shows the session-expired flow from the API client). `?login=1` opens the login modal.
 */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const params = new URLSearchParams(location.search);
  const queryToken = params.get('accessToken');

  const openLoginParam = params.get('login') === '1';
  // A session that ends while here is the API client's session-expired flow; only a visit
  // that never had one is sent to the login with the way back.
  const [hadSession] = useState(() => !!token || !!queryToken);

  useEffect(() => {
    if (!queryToken && !openLoginParam) return;
    if (queryToken) {
      useSession.getState().setToken(queryToken);
      params.delete('accessToken');
    }
    // `?login=1` (session expired, "log in" links of other pages) opens the login modal.
    if (openLoginParam) {
      params.delete('login');
      const returnTo = safeReturnTo(params.get('returnTo'));
      params.delete('returnTo');
      if (!useSession.getState().token) useUi.getState().openLogin(returnTo);
    }
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [queryToken, openLoginParam]); // eslint-disable-line react-hooks/exhaustive-deps

  const customer = useQuery(customerQueryOptions(guard === 'customer' ? (queryToken ?? token) : null));

  if (guard === 'public') return <>{children}</>;
  // Home, with the login modal open and the way back kept (e.g. an emailed erasure link).
  if (!token && !queryToken) {
    if (hadSession) return <Navigate to="/" replace />;
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/?login=1&returnTo=${back}`} replace />;
  }
  if (customer.isError) return <Navigate to="/" replace />;
  if (!customer.data) {
    return <div className="min-h-screen" aria-busy="true" />;
  }
  return <>{children}</>;
}
