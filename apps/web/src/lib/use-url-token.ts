import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * A bearer token that arrived in the query (`?token=` of a support, confirmation, erasure or
 * unsubscribe link): read once and kept in memory, while the address bar and the history
 * entry lose it at once (issue 23 item 8), so Back, a shared screen or the history list never
 * show it. A reload then finds no token: the link in the message works again while valid.
 */
export function useUrlToken(name = 'token'): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => params.get(name));
  useEffect(() => {
    if (!params.has(name)) return;
    const rest = new URLSearchParams(params);
    rest.delete(name);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [params, name, location.pathname, location.hash, location.state, navigate]);
  return token;
}
