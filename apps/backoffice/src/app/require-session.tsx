import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { StaffMe } from '@bilheteira/shared/schemas/backoffice';
import { onSessionEnded } from '../lib/api';
import { clearSession, useMe } from '../lib/session';
import { Layout } from './layout';
import { currentMembership, rememberOrganizer } from './nav';
import { Loading } from '../components/loading';

export interface ShellContext {
  me: StaffMe;
  current: StaffMe['memberships'][number] | null;
  chooseOrganizer(id: number): void;
}

/**
 * The signed-in part of the back office: without a complete session (password and, where
 * required, the second factor) it goes to the sign-in page and comes back afterwards; a call
 * that answers 401 later (expired or revoked session) does the same, saying why.
 */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const fromUrl = params.organizerId ? Number(params.organizerId) : null;
  const [chosen, setChosen] = useState<number | null>(null);

  useEffect(() => {
    onSessionEnded(() => {
      clearSession();
      const next = `${window.location.pathname.replace(/^\/backoffice/, '')}${window.location.search}`;
      void navigate(`/login?expired=1&next=${encodeURIComponent(next)}`, { replace: true });
    });
  }, [navigate]);

  if (me.isPending) return <Loading />;
  if (me.isError) throw me.error;
  if (!me.data || me.data.state !== 'complete') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }
  const current = currentMembership(me.data, fromUrl ?? chosen);
  const context: ShellContext = {
    me: me.data,
    current,
    chooseOrganizer(id) {
      rememberOrganizer(id);
      setChosen(id);
      if (fromUrl !== null)
        void navigate(location.pathname.replace(`/organizers/${fromUrl}`, `/organizers/${id}`));
    },
  };
  return (
    <Layout context={context}>
      <Suspense fallback={<Loading />}>
        <Outlet context={context} />
      </Suspense>
    </Layout>
  );
}
